package contract;

/**
 * A dialect a builder configures (opencsv's CSVParserBuilder and CSVParser): the constructor
 * refuses a separator it cannot use with an UnsupportedOperationException.
 */
public final class Dialect {
    private final char separator;

    Dialect(char separator) {
        if (separator == '\0') {
            throw new UnsupportedOperationException("The separator character must be defined!");
        }
        this.separator = separator;
    }

    /** Bug: appends to a read-only list of its own making. */
    public java.util.List<String> fields(String line) {
        java.util.List<String> fields = java.util.List.of(line);
        if (line.indexOf(separator) >= 0) {
            fields.add("");
        }
        return fields;
    }

    /** Builds a dialect. */
    public static final class Builder {
        private char separator = ',';

        public Builder withSeparator(char separator) {
            this.separator = separator;
            return this;
        }

        /** Contract: the constructor refuses the separator the caller configured. */
        public Dialect build() {
            return new Dialect(separator);
        }
    }
}
