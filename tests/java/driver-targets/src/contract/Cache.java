package contract;

/**
 * A constructor that leaves its table null for a size of 0 (its init() skips it), beside a
 * reset() that sets it: the class's bug when a part built over it fails (CacheUser).
 */
public final class Cache {
    /** A table of slots. */
    public static final class Table {
        private final long[] slots = new long[8];

        /** The slot i modulo 8. */
        public long get(int i) {
            return slots[Math.floorMod(i, 8)];
        }
    }

    private Table table;

    public Cache(int size) {
        init(size);
    }

    private void init(int size) {
        if (size != 0) {
            table = new Table();
        }
    }

    /** Starts again with an empty table. */
    public void reset() {
        table = new Table();
    }

    /** The table. */
    public Table table() {
        return table;
    }
}
