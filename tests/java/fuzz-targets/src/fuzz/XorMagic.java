package fuzz;

import java.nio.ByteBuffer;

/**
 * Division by zero when the input's int equals a value computed at class initialisation:
 * {@code x / (k ^ OFFSET)}. No comparison and no difference names the value, so only the value
 * profile of the divisor (its bits equal to 0, i.e. k's bits equal to OFFSET's) leads there.
 */
public class XorMagic {
    private static final int OFFSET = Integer.reverse(0x2D4B_1C39);

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int k = ByteBuffer.wrap(data).getInt();
        int scaled = 1_000_000 / (k ^ OFFSET);
        if (scaled == Integer.MIN_VALUE) {
            throw new IllegalStateException("unreachable");
        }
    }
}
