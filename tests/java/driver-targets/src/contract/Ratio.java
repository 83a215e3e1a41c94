package contract;

/** A fraction of ints: its own overflow check (contract), and a division it did not guard (bug). */
public final class Ratio {
    private final int num;
    private final int den;

    public Ratio(int num, int den) {
        this.num = num;
        this.den = den == 0 ? 1 : den;
    }

    /** Contract: the negation of Integer.MIN_VALUE/n is no int, and it says so. */
    public Ratio negate() {
        if (num == Integer.MIN_VALUE) {
            throw new ArithmeticException("overflow: too large to negate");
        }
        return new Ratio(-num, den);
    }

    /** Bug: the mean of no values divides by zero (the JVM's own ArithmeticException). */
    public static int mean(int[] values) {
        int sum = 0;
        for (int v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
