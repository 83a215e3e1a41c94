package bench;

// A copy of tests/java/fuzz-targets/src/fuzz/SolveLinear.java (the solver's end-to-end test target).

/**
 * Two linear equations over two ints read from the input (little-endian, by hand): neither
 * operand of the final comparisons appears in the input, so input-to-state has nothing to
 * replace, and the value profile would have to climb both equations at once. A solver reads
 * x + y == A and x - 3y == B off the path condition and solves them.
 */
public class SolveLinear {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 8) {
            return;
        }
        int x = (data[0] & 0xff) | (data[1] & 0xff) << 8 | (data[2] & 0xff) << 16 | (data[3] & 0xff) << 24;
        int y = (data[4] & 0xff) | (data[5] & 0xff) << 8 | (data[6] & 0xff) << 16 | (data[7] & 0xff) << 24;
        if (x + y == 0x1234_5678) {
            if (x - 3 * y == 0x0BAD_F00C) {
                throw new IllegalStateException("linear equations solved");
            }
        }
    }
}
