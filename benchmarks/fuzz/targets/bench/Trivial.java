package bench;

/** Does nothing: measures the cost of the fuzzing loop itself (one branch on the first byte). */
public class Trivial {
    public static int sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 0 && data[0] == 7) {
            sink++;
        }
    }
}
