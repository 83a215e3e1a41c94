package cov;

/** Conditionals, boolean operators, ternaries, loops and every kind of javac switch. */
public final class Branches {
    private Branches() {}

    static int ifElse(int x) {
        if (x > 10) {
            return 1;
        } else if (x < -10) {
            return -1;      // never reached from Main
        } else {
            return 0;
        }
    }

    static boolean andOr(boolean a, boolean b, boolean c) {
        if (a && b || c) {
            return true;
        }
        return !a && (b || !c);
    }

    static String ternary(int x) {
        String s = x > 0 ? "pos" : x < 0 ? "neg" : "zero";
        return s + (x % 2 == 0 ? "-even" : "-odd");
    }

    static int loops(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0) {
                continue;
            }
            sum += i;
        }
        int j = n;
        while (j > 0) {
            j -= 2;
            if (j == 5) {
                break;          // depends on n's parity
            }
        }
        do {
            sum++;
        } while (sum < 0);      // never loops back
        outer:
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                if (a * b == 2) {
                    break outer;
                }
                sum += a ^ b;
            }
        }
        for (int v : new int[] {1, 2, 3}) {
            sum += v;
        }
        return sum + j;
    }

    /** Dense cases: tableswitch. */
    static String table(int x) {
        switch (x) {
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3:
            case 4: return "three-or-four";   // two labels, one target
            case 5: return "five";
            default: return "many";
        }
    }

    /** Sparse cases: lookupswitch. */
    static int lookup(int x) {
        int r;
        switch (x) {
            case -1000: r = 1; break;
            case 7: r = 2; break;
            case 100000: r = 3; break;
            default: r = 0;
        }
        return r;
    }

    /** A string switch: javac's hashCode lookupswitch plus the index tableswitch. */
    static int strings(String s) {
        switch (s) {
            case "alpha": return 1;
            case "beta": return 2;
            case "Aa": return 3;   // "Aa" and "BB" have the same hashCode
            case "BB": return 4;
            default: return 0;
        }
    }

    enum Color { RED, GREEN, BLUE, BLACK }

    /** An enum switch: goes through the synthetic $SwitchMap$ class. */
    static String enums(Color c) {
        switch (c) {
            case RED: return "warm";
            case GREEN:
            case BLUE: return "cold";
            default: return "none";
        }
    }

    /** Switch expressions (arrow form, yield). */
    static int switchExpr(String day, int n) {
        int len = switch (day) {
            case "MON", "TUE" -> 1;
            case "SAT" -> {
                if (n > 0) {
                    yield 2;
                }
                yield 3;
            }
            default -> day.length();
        };
        return len + switch (n) {
            case 1 -> 10;
            case 2 -> 20;
            default -> 0;
        };
    }

    static int nestedConditions(int[] a) {
        int hits = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0 && (a[i] & 1) == 1 || a[i] == -4) {
                hits++;
            } else if (a[i] == 0) {
                hits += 10;
            }
        }
        return hits;
    }

    static boolean isNull(Object o) {
        return o == null;
    }

    static int instanceofs(Object o) {
        if (o instanceof String s && !s.isEmpty()) {
            return s.length();
        }
        if (o instanceof Integer i) {
            return i;
        }
        return -1;
    }
}
