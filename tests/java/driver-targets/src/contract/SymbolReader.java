package contract;

/**
 * A reader over a symbol table its caller gives (jackson-core's parsers built over a
 * canonicalizer): over a root, which is never used directly, its lookups fail in the root's
 * code by the caller's choice; over any other table, a lookup that fails is a bug.
 */
public final class SymbolReader {
    private final Symbols symbols;

    public SymbolReader(Symbols symbols) {
        this.symbols = symbols;
    }

    /** Contract over a root; a bug over another table (a negative hash). */
    public String read(String name) {
        return symbols.intern(name.trim());
    }
}
