package contract;

/**
 * A symbol table whose root only shares tables with its children (jackson-core's
 * CharsToNameCanonicalizer): the root's own table is never set, and its factory's Javadoc
 * says so. A child's lookup that fails on a name is a bug.
 */
public final class Symbols {
    private final String[] table;
    private int size;

    private Symbols(String[] table) {
        this.table = table;
    }

    /** A table of its own, as a child has. */
    public Symbols() {
        this(new String[64]);
    }

    /**
     * Creates the root table. Root instance is never used directly; its main use is to make
     * the child tables parsers use.
     *
     * @return the root
     */
    public static Symbols createRoot() {
        return new Symbols(null);
    }

    /** A child table, for one parser. */
    public Symbols makeChild() {
        return new Symbols(new String[64]);
    }

    /** Contract on the root (it has no table); a bug on any other table (a negative hash). */
    public String find(String name) {
        int at = name.hashCode() % table.length;
        String s = table[at];
        if (s == null) {
            table[at] = name;
            size++;
            return name;
        }
        return s;
    }

    /* A reader's lookup (SymbolReader): contract over a root handed to it, a bug otherwise. */
    String intern(String name) {
        int at = (name.hashCode() * 31) % table.length;
        if (table[at] == null) {
            table[at] = name;
        }
        return table[at];
    }

    public int size() {
        return size;
    }
}
