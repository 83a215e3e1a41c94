package stuck;

/**
 * A class whose static initializer takes 1.5 s, past the method's own limit: the stop must wait
 * for it to finish (a stop inside it would leave the class unusable for the JVM's life), and
 * the planted bug below must then be found.
 */
public final class Table {
    private Table() {}

    private static final long READY;

    static {
        long end = System.nanoTime() + 1_500_000_000L;
        long n = 0;
        while (System.nanoTime() < end) {
            n++;
        }
        READY = n;
    }

    /** Bug: 7 is refused. */
    public static long lookup(int i) {
        if (i == 7) {
            throw new IllegalStateException("seven");
        }
        return READY + i;
    }
}
