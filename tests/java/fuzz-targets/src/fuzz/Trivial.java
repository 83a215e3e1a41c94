package fuzz;

/** Does nothing: for measuring the executions per second of the fuzzing loop itself. */
public class Trivial {
    static int sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 0 && data[0] == 7) {
            sink++;
        }
    }
}
