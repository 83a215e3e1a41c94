package fuzz;

/** Calls System.exit on inputs starting with 'Q' (and swallows what it can). */
public class Exit {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 1 && data[0] == 'Q') {
            try {
                System.exit(3);
            } catch (RuntimeException e) {
                // A target that catches exceptions must not hide the exit.
            }
        }
    }
}
