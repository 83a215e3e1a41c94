package slow;

/**
 * Package mode's per-method limits: one method that is slow for large arguments (busy for n
 * milliseconds), one that allocates what it is asked for, and one that is always fast.
 */
public final class Work {
    private Work() {}

    static volatile long sink;

    /** Busy for n milliseconds when n is over 300: slow, never stuck. */
    public static long spin(int n) {
        if (n <= 300) {
            return n;
        }
        long end = System.nanoTime() + n * 1_000_000L;
        while (System.nanoTime() < end) {
            sink++;
        }
        return sink;
    }

    /** An array of n longs: an OutOfMemoryError for a huge n, sized by the argument. */
    public static int buffer(int n) {
        long[] a = new long[Math.max(n, 0)];
        return a.length;
    }

    /** Always fast. */
    public static int sign(int x) {
        if (x > 0) {
            return 1;
        }
        return x < 0 ? -1 : 0;
    }
}
