package fuzz;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;

/**
 * A record read through DataInputStream over the input: a count, then that many shorts whose
 * sum must equal a stored total and whose first must be twice the last.
 */
public class SolveStream {
    public static void fuzzerTestOneInput(byte[] data) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (data.length < 11) {
            return;
        }
        int n = in.readUnsignedByte();
        if (n != 3) {
            return;
        }
        int sum = 0;
        short first = 0;
        short last = 0;
        for (int i = 0; i < n; i++) {
            last = in.readShort();
            if (i == 0) {
                first = last;
            }
            sum += last;
        }
        int total = in.readInt();
        if (sum == total && total > 1000 && first == 2 * last) {
            throw new IllegalStateException("stream record solved");
        }
    }
}
