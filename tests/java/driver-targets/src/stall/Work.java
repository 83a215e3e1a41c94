package stall;

/**
 * Runs stopped past --timeout while working: as long as the caller asked (a count of
 * billions: contract), and in an endless loop on one small value (a bug).
 */
public final class Work {
    private Work() {}

    static volatile long sink;

    /**
     * Work proportional to n: a count of billions takes seconds, one below 2^24 a few
     * milliseconds (a step of 4 keeps those far from the test's 250 ms timeout).
     */
    public static long repeat(int n) {
        for (long i = 0; i < n; i += 4) {
            sink += i % 7;
        }
        return sink;
    }

    /** Never returns for n == 4242. */
    public static long loop(int n) {
        if (n == 4242) {
            while (sink >= 0 || sink < 0) {
                sink++;
            }
        }
        return n;
    }
}
