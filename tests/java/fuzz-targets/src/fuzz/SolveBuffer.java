package fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Fields read through a ByteBuffer (a big-endian int, a little-endian short), then combined:
 * the comparison's operands are products and sums of the fields, never the fields.
 */
public class SolveBuffer {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 6) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(data);
        int a = b.getInt();
        short s = b.order(ByteOrder.LITTLE_ENDIAN).getShort();
        if (s > 100 && a * 3 == s + 1_000_000_007) {
            throw new IllegalStateException("buffer fields solved");
        }
    }
}
