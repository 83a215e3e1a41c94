package cov;

/** assert statements (JaCoCo filters the $assertionsDisabled branch). */
public final class Asserts {
    private Asserts() {}

    static int checked(int x) {
        assert x >= 0 : "negative";
        assert x < 1000;
        return x + 1;
    }

    static int failing() {
        try {
            assert false : "always";
            return 0;       // reached only without -ea
        } catch (AssertionError e) {
            return 1;
        }
    }
}
