package contract;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Records read from a text, one per line; a line starting with '!' is unreadable (as a parser
 * over bad text, or a file that fails while read). Its cursor reports that as an
 * UncheckedIOException, as Files.lines and commons-csv's CSVParser do. (A cursor, not an
 * Iterator: drivers would hand it to every method taking one.)
 */
public final class Records {
    private final String[] lines;

    public Records(String text) {
        this.lines = text.split("\n", -1);
    }

    public Cursor open() {
        return new Cursor(lines);
    }

    /** The records one by one; null after the last. */
    public static final class Cursor {
        private final String[] lines;
        private int next;

        Cursor(String[] lines) {
            this.lines = lines;
        }

        public String next() {
            if (next >= lines.length) {
                return null;
            }
            String line = lines[next++];
            if (line.startsWith("!")) {
                throw new UncheckedIOException(new IOException("unreadable record " + next));
            }
            return line;
        }
    }
}
