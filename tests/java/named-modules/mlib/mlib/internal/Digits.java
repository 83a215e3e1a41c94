package mlib.internal;

/** Module-internal helper (its package is not exported). */
public final class Digits {
    private Digits() {}

    public static int sum(int x) {
        int n = Math.abs(x), s = 0;
        while (n > 0) {
            s += n % 10;
            n /= 10;
        }
        return s;
    }
}
