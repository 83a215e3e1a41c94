package fuzz;

import com.jvmfuzz.shim.fuzz.FuzzedDataProvider;

/**
 * String.equals against a value built at run time (so it is not in the constant pool and the
 * automatic dictionary cannot supply it): only comparison feedback (CmpLog) finds it.
 */
public class MagicString {
    private static final String SECRET = new StringBuilder("emases nepo").reverse().toString();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String s = data.consumeRemainingAsString();
        if (s.equals(SECRET)) {
            throw new SecurityException("opened with " + s);
        }
    }
}
