package paired;

/**
 * A check digit over weighted digits (commons-validator's ModulusTenCheckDigit): the weights
 * repeat along the code, so their count is a divisor.
 */
public final class Weights {
    private final int[] weights;

    public Weights(int[] weights) {
        this.weights = weights.clone();
    }

    /** Contract: built with no weights, there is nothing to weigh by (the caller's choice). */
    public int checkDigit(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (digits.charAt(i) & 15) * weights[i % weights.length];
        }
        return sum % 10;
    }

    /** Bug: the mean of no values divides by zero. */
    public static int mean(int[] values) {
        int sum = 0;
        for (int v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
