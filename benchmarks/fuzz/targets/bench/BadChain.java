package bench;

/** Planted bug behind a chain of four one-byte comparisons: coverage feedback finds it. */
public class BadChain {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 4 && data[0] == 'b') {
            if (data[1] == 'a') {
                if (data[2] == 'd') {
                    if (data[3] == '!') {
                        throw new IllegalStateException("four-byte chain reached");
                    }
                }
            }
        }
    }
}
