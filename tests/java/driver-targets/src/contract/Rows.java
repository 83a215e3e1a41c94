package contract;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Records read one ahead, as opencsv's CSVIterator reads them: a malformed record is
 * the library's own checked exception, which the unchecked API passes out in a wrapper.
 */
public final class Rows implements Iterator<String> {
    /** The library's report of a malformed record. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        public Malformed(String message) {
            super(message);
        }
    }

    private final String[] lines;
    private int at = 1;
    private String next;

    public Rows(String[] records) {
        this.lines = records.clone();
        this.next = lines.length == 0 ? null : lines[0];
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    /**
     * Bug: reads the record after this one first, and when that one is malformed it throws
     * and loses the record it had, while hasNext() said there was one (the Iterator's
     * NoSuchElementException, carrying the cause, is no end of the records).
     */
    @Override
    public String next() {
        if (next == null) {
            throw new NoSuchElementException(); // the end of the records: the Iterator's contract
        }
        String current = next;
        try {
            next = read(lines, at++);
        } catch (Malformed e) {
            NoSuchElementException n = new NoSuchElementException(e.getMessage());
            n.initCause(e);
            throw n;
        }
        return current;
    }

    /**
     * Contract: counts the records, or passes the library's own report of the first malformed
     * one out unchecked.
     */
    public static int count(String[] all) {
        int n = 0;
        for (int i = 0; i < all.length; i++) {
            try {
                read(all, i);
            } catch (Malformed e) {
                throw new RuntimeException(e);
            }
            n++;
        }
        return n;
    }

    /**
     * Bug: parses a limit text of its own that it got wrong above 100, and passes the JDK's
     * refusal out unchecked.
     */
    public static int limit(int n) {
        try {
            return java.text.NumberFormat.getIntegerInstance(java.util.Locale.ROOT).parse(n > 100 ? "many" : "100").intValue();
        } catch (java.text.ParseException e) {
            throw new RuntimeException(e);
        }
    }

    private static String read(String[] lines, int i) throws Malformed {
        if (i >= lines.length) {
            return null;
        }
        String l = lines[i];
        if (l.startsWith("\"") && (l.length() == 1 || !l.endsWith("\""))) {
            throw new Malformed("unterminated quote in record " + i);
        }
        return l;
    }
}
