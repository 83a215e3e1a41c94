package solve;

/**
 * A public method whose bug needs two arguments that satisfy an equation: the generated driver
 * builds the ints from the input, and neither appears in the comparison on its own.
 */
public class Tariff {
    public static long price(int units, int rate) {
        if (units > 1000 && rate > 1000 && units * 7 + rate == 1_234_567) {
            throw new IllegalStateException("tariff overflow path");
        }
        return (long) units * rate;
    }
}
