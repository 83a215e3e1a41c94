package fuzz;

import java.nio.ByteBuffer;

/**
 * Division by zero when the input's int equals an offset computed at class initialisation
 * (not a constant-pool value, so the dictionary cannot offer it): {@code x / (k - OFFSET)}.
 * Only feedback on the divisor (how close it is to 0) guides the search.
 */
public class DivMagic {
    private static final int OFFSET = Integer.reverse(0x2D4B_1C39);

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int k = ByteBuffer.wrap(data).getInt();
        int scaled = 1_000_000 / (k - OFFSET);
        if (scaled == Integer.MIN_VALUE) {
            throw new IllegalStateException("unreachable");
        }
    }
}
