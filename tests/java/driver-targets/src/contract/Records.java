package contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Records read from a text, one per line; a line starting with '!' is unreadable (as a parser
 * over bad text, or a file that fails while read). Its iterator reports that as an
 * UncheckedIOException, as Files.lines and commons-csv's CSVParser do.
 */
public final class Records implements Iterable<String> {
    private final String[] lines;

    public Records(String text) {
        this.lines = text.split("\n", -1);
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<String>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < lines.length;
            }

            @Override
            public String next() {
                if (next >= lines.length) {
                    throw new NoSuchElementException();
                }
                String line = lines[next++];
                if (line.startsWith("!")) {
                    throw new UncheckedIOException(new IOException("unreadable record " + next));
                }
                return line;
            }
        };
    }

    /** Contract: the caller's records fail while this prints them (their source, not this). */
    public static int printAll(Records records) {
        int n = 0;
        for (String r : records) {
            n += r.length();
        }
        return n;
    }

    /** Bug: records it read itself fail (the method chose to read; no source of the caller's). */
    public static int printText(String text) {
        return printAll(new Records(text));
    }
}
