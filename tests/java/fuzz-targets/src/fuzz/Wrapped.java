package fuzz;

/** Throws an exception with a cause on inputs starting with "wr": a chained stack trace. */
public class Wrapped {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 2 && data[0] == 'w' && data[1] == 'r') {
            try {
                parse(data);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("cannot parse the record", e);
            }
        }
    }

    static int parse(byte[] data) {
        return Integer.parseInt(new String(data, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
}
