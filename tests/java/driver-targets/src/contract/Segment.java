package contract;

/**
 * Read in steps, as commons-compress's Pack200 Segment: its constant pool exists only after
 * read(). The parts built over it (Bands) fail on a segment never read: the caller's.
 */
public final class Segment {
    /** A constant pool. */
    public static final class Pool {
        private final int[] values;

        Pool(int[] values) {
            this.values = values;
        }

        /** The i-th constant, 0 when there is none. */
        public int get(int i) {
            return i >= 0 && i < values.length ? values[i] : 0;
        }
    }

    private Pool pool;

    /** Reads the segment's constants. */
    public void read(int[] constants) {
        pool = new Pool(constants.clone());
    }

    /** A spare pool of the one constant i, none for a negative i. */
    public Pool spare(int i) {
        return i >= 0 ? new Pool(new int[] {i}) : null;
    }

    /** The constant pool, null before read(). */
    public Pool pool() {
        return pool;
    }
}
