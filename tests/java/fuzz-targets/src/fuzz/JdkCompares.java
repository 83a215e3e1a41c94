package fuzz;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Values compared inside the JDK's own methods (Integer.compare, Long.compareUnsigned,
 * Character.equals, Arrays.compare), which are not instrumented: only the calls' redirects show
 * the fuzzer the operands. Every expected value is computed at run time, so none is a constant
 * of this class's pool to harvest.
 */
public class JdkCompares {
    private static final int KEY = "jvmfuzz-int".hashCode() * 31 + 7;
    private static final long WIDE = ((long) "jvmfuzz-long".hashCode() << 32) ^ "wide".hashCode();
    private static final Character MARK = (char) ('A' + Math.floorMod("mark".hashCode(), 26));
    private static final byte[] MAGIC = new StringBuilder("lrtm").reverse().toString().getBytes();

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 18) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(data);
        int i = b.getInt();
        long l = b.getLong();
        char c = b.getChar();
        byte[] tail = Arrays.copyOfRange(data, 14, 18);
        if (Integer.compare(i, KEY) == 0 && Long.compareUnsigned(l, WIDE) == 0) {
            throw new IllegalStateException("Integer.compare and Long.compareUnsigned");
        }
        if (MARK.equals(c) && Arrays.compare(tail, MAGIC) == 0) {
            throw new IllegalArgumentException("Character.equals and Arrays.compare");
        }
    }
}
