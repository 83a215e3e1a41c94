package jlib;

/**
 * Values of the caller's used as array indexes by the library, unchecked: a position in a
 * buffer the caller gave (snakeyaml-engine's Mark), a 1-based value reading a table (joda-time's
 * month); beside an index of the library's own at the length the caller configured.
 */
public final class Positions {
    private Positions() {}

    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

    /** Contract: the month of a year, month and day, read unchecked (as the caller's value). */
    public static String monthName(int[] date) {
        if (date.length != 3) {
            throw new IllegalArgumentException("a date is a year, a month and a day");
        }
        return MONTHS[date[1] - 1];
    }

    /** A position in a buffer of code points the caller gives. */
    public static final class Mark {
        private final int[] buffer;
        private final int pointer;

        public Mark(int[] buffer, int pointer) {
            this.buffer = buffer;
            this.pointer = pointer;
        }

        /**
         * Contract: the code points from the start of the mark's line to the mark; a pointer
         * past the buffer, or code points that are none, are the caller's.
         */
        public String before() {
            int start = pointer;
            while (start > 0 && buffer[start - 1] != '\n') {
                start--;
            }
            StringBuilder line = new StringBuilder();
            for (int i = start; i < pointer; i++) {
                line.appendCodePoint(buffer[i]);
            }
            return line.toString();
        }
    }

    /** Cells of a size the caller chooses. */
    public static final class Cells {
        private final int[] cells;
        private final int size;

        public Cells(int size) {
            this.size = Math.floorMod(size, 64);
            this.cells = new int[this.size];
        }

        /** Bug: the top cell is read one past the last (at the size, the array's length). */
        public int top() {
            if (size == 0) {
                return 0;
            }
            return cells[size];
        }
    }
}
