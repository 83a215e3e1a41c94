package fuzz;

/** Calls System.exit on inputs starting with 'Q' and swallows every Throwable, so the harness returns normally. */
public class ExitSwallowed {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 1 && data[0] == 'Q') {
            try {
                System.exit(4);
            } catch (Throwable t) {
                // Even a target that catches everything must not hide the exit.
            }
        }
    }
}
