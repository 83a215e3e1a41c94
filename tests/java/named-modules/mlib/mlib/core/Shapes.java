package mlib.core;

import java.util.function.IntPredicate;
import mlib.internal.Digits;

public final class Shapes {
    private Shapes() {}

    enum Kind { SMALL, LARGE }

    public static String classify(int sides) {
        switch (sides) {
            case 3: return "triangle";
            case 4: return "square";
            case 5:
            case 6: return "polygon";
            default: return sides < 3 ? "degenerate" : "many";
        }
    }

    public static int parse(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static int count(int[] xs, IntPredicate p) {
        int n = 0;
        for (int x : xs) {
            if (p.test(x) && x != 0) n++;
        }
        return n;
    }

    static Kind kind(int x) {
        return x > 10 ? Kind.LARGE : Kind.SMALL;
    }

    public static String describe(int x) {
        switch (kind(x)) {
            case SMALL: return "small/" + Digits.sum(x);
            default: return "large/" + Digits.sum(x);
        }
    }
}
