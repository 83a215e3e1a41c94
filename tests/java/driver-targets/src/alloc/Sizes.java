package alloc;

/**
 * Allocations that fit a 1 GB heap (64 MB at most) but not a 1 MB allocation limit
 * (--malloc-limit-mb 1): the limit, not the heap, makes them OutOfMemoryErrors.
 */
public final class Sizes {
    private Sizes() {}

    /** Pairs of longs: twice as many elements as asked for, a size the caller gave. */
    public static int pairs(int n) {
        if (n < 0 || n > 4_000_000) {
            throw new IllegalArgumentException("n out of range: " + n);
        }
        return new long[2 * n].length;
    }

    /** A buffer sized by a "header" the method reads from its input: no argument asked for it. */
    public static int header(String s) {
        int n = s.isEmpty() ? 0 : s.charAt(0) * 1000;
        return new byte[n].length;
    }
}
