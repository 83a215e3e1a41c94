package fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A Jazzer-interface harness (Jazzer's data layout) with a magic int and, behind it, a magic
 * string, both computed at run time (neither is in the constant pool, so the automatic
 * dictionary cannot offer them): only comparison feedback finds them. consumeInt() reads the
 * input's last 4 bytes (the value's little-endian bytes); consumeString reads from the front.
 */
public class JazzerMagic {
    private static final int MAGIC = Integer.rotateLeft(0x0BADF00D, 7);
    private static final String SECRET = new StringBuilder("emases nepo").reverse().toString();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        int n = data.consumeInt();
        String s = data.consumeString(32);
        if (s.equals(SECRET) && n == MAGIC) {
            throw new IllegalStateException("jazzer layout opened with n=" + n + " s=" + s);
        }
    }
}
