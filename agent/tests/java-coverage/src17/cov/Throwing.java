package cov;

/**
 * Exceptions thrown between two of JaCoCo's probes, the later one never reached. A probe
 * reduction (agent/src/instrument/reduce.rs) that took a call, a field or array access or an
 * integer division for an instruction that cannot throw would derive the later probe from the
 * earlier ones and mark the lines after the throw as run.
 */
class Throwing {
    static int[] none = null;
    int size = 1;

    static void fail(int x) {
        throw new IllegalStateException("x=" + x);
    }

    static int afterCall(boolean c) {
        int x = c ? 1 : 2;
        fail(x);
        return x;
    }

    static int afterField(boolean c, Throwing t) {
        int x = c ? 1 : 2;
        x += t.size;
        return x;
    }

    static int afterArray(boolean c) {
        int x = c ? 1 : 2;
        x += none[0];
        return x;
    }

    static int afterDivision(boolean c, int d) {
        int x = c ? 1 : 2;
        x = x / d;
        return x;
    }

    /** The control case: nothing between the ternary and the return can throw. */
    static int nothingThrows(boolean c) {
        int x = c ? 1 : 2;
        x = x * 3 + 1;
        return x;
    }

    static void run(String mode) {
        boolean c = mode.equals("a");
        try {
            afterCall(c);
        } catch (IllegalStateException e) {
            // expected
        }
        try {
            afterField(c, null);
        } catch (NullPointerException e) {
            // expected
        }
        try {
            afterArray(c);
        } catch (NullPointerException e) {
            // expected
        }
        try {
            afterDivision(c, 0);
        } catch (ArithmeticException e) {
            // expected
        }
        nothingThrows(c);
    }
}
