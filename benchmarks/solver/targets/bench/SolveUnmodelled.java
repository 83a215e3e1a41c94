package bench;

// A copy of tests/java/fuzz-targets/src/fuzz/SolveUnmodelled.java (the solver's end-to-end test target).

/**
 * One input int goes through a JDK method the solver has no model of ({@code Integer.reverse},
 * whose result must come back concrete: the branch on it is not a condition over the input) and
 * through a traced helper (whose result keeps its shadow: the branch on it is solved).
 */
public class SolveUnmodelled {
    static int twice(int x) {
        return x * 2 + 1;
    }

    static void reversed(int y) {
        if (y == 0x0000_1234) {
            throw new IllegalStateException("reversed value matched");
        }
    }

    static void doubled(int z) {
        if (z == 0x2468_ACE1) {
            throw new IllegalArgumentException("doubled value matched");
        }
    }

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int x = (data[0] & 0xff) | (data[1] & 0xff) << 8 | (data[2] & 0xff) << 16 | (data[3] & 0xff) << 24;
        reversed(Integer.reverse(x));
        doubled(twice(x));
    }
}
