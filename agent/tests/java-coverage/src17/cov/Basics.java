package cov;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.List;

/** Control-flow shapes whose JaCoCo counters we reproduce. Driven partially by Main. */
public class Basics {
    enum Color { RED, GREEN, BLUE, YELLOW }

    static final Object LOCK = new Object();
    static int counter;
    int field = 3;

    private Basics() {
    }

    Basics(int f) {
        this.field = f;
    }

    static int ifElse(int x) {
        if (x > 10) {
            return 1;
        } else if (x < -10) {
            return -1;
        }
        return 0;
    }

    static boolean andOr(int a, int b, boolean c) {
        if ((a > 0 && b > 0) || c) {
            return true;
        }
        return a == b && !c;
    }

    static int ternary(int x) {
        return x > 0 ? x : -x;
    }

    static String nestedTernary(int x) {
        return x < 0 ? "neg" : x == 0 ? "zero" : "pos";
    }

    static int loops(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) {
                continue;
            }
            s += i;
        }
        while (s > 100) {
            s /= 2;
        }
        do {
            s++;
        } while (s < 3);
        return s;
    }

    static int forEach(List<Integer> xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static String tableSwitch(int x) {
        switch (x) {
            case 0:
                return "zero";
            case 1:
                return "one";
            case 2:
            case 3:
                return "few";
            default:
                return "many";
        }
    }

    static int lookupSwitch(int x) {
        switch (x) {
            case 10:
                return 1;
            case 1000:
                return 2;
            case -5:
                return 3;
        }
        return 0;
    }

    static int fallthroughSwitch(int x) {
        int r = 0;
        switch (x) {
            case 1:
                r += 1;
            case 2:
                r += 2;
                break;
            case 3:
                r += 3;
        }
        return r;
    }

    static int stringSwitch(String s) {
        switch (s) {
            case "alpha":
                return 1;
            case "beta":
                return 2;
            case "Aa": // same hashCode as "BB"
                return 3;
            case "BB":
                return 4;
            default:
                return 0;
        }
    }

    static int enumSwitch(Color c) {
        switch (c) {
            case RED:
                return 1;
            case GREEN:
                return 2;
            default:
                return 3;
        }
    }

    static int arrowSwitch(int x) {
        return switch (x) {
            case 1 -> 10;
            case 2 -> 20;
            default -> 0;
        };
    }

    static int enumSwitchExpr(Color c) {
        return switch (c) {
            case RED -> 1;
            case GREEN -> 2;
            case BLUE -> 3;
            case YELLOW -> 4;
        };
    }

    static String stringSwitchExpr(String s) {
        return switch (s) {
            case "x" -> "X";
            case "y", "z" -> "YZ";
            default -> "?";
        };
    }

    static int tryCatch(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static int tryFinally(int x) {
        int r = 0;
        try {
            if (x > 0) {
                r = 1;
            } else {
                throw new IllegalStateException();
            }
        } catch (IllegalStateException e) {
            r = 2;
        } finally {
            r += 10;
        }
        return r;
    }

    static int finallyReturn(int x) {
        try {
            if (x == 0) {
                return 0;
            }
            return 100 / x;
        } finally {
            counter++;
        }
    }

    static String twr(String s) throws IOException {
        try (BufferedReader r = new BufferedReader(new StringReader(s))) {
            return r.readLine();
        }
    }

    static String twr2(String a, String b) throws IOException {
        try (StringReader r1 = new StringReader(a); StringReader r2 = b == null ? null : new StringReader(b)) {
            return "" + (char) r1.read() + (r2 == null ? "" : String.valueOf((char) r2.read()));
        }
    }

    static int lambdas(List<Integer> xs) {
        return xs.stream().filter(x -> x > 2).mapToInt(x -> x > 5 ? x * 2 : x).sum();
    }

    static void sync(boolean b) {
        synchronized (LOCK) {
            if (b) {
                counter++;
            }
        }
    }

    synchronized void syncMethod() {
        counter++;
    }

    static int asserts(int x) {
        assert x >= 0 : "negative";
        return x * 2;
    }

    class Inner {
        int v(int x) {
            return x > 0 ? field : -field;
        }
    }

    static Runnable anon(final int x) {
        return new Runnable() {
            @Override
            public void run() {
                if (x > 0) {
                    counter += x;
                }
            }
        };
    }

    static boolean instanceOfPattern(Object o) {
        if (o instanceof String s && s.length() > 2) {
            return true;
        }
        return false;
    }

    static int unused(int x) {
        if (x > 0) {
            return 1;
        }
        return 2;
    }

    static int arrayCatch(int[] a, int i) {
        try {
            return a[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    static long longCompare(long a, long b) {
        return a < b ? -1 : a > b ? 1 : 0;
    }

    static boolean nullCheck(Object o) {
        return o == null || o.hashCode() == 0;
    }

    static int nestedLoops(int[][] m) {
        int s = 0;
        outer:
        for (int[] row : m) {
            for (int v : row) {
                if (v < 0) {
                    break outer;
                }
                if (v == 0) {
                    continue outer;
                }
                s += v;
            }
        }
        return s;
    }

    static int invokeLines(int x) {
        int a = Math.abs(x);
        int b = a > 3 ? Math.max(a, 7)
                : Math.min(a, 1);
        return Integer.valueOf(b).hashCode();
    }

    static void run(String mode) throws IOException {
        boolean a = mode.equals("a");
        ifElse(a ? 20 : 0);
        andOr(1, a ? 1 : -1, false);
        ternary(a ? 5 : -5);
        nestedTernary(a ? 0 : 7);
        loops(a ? 5 : 30);
        forEach(Arrays.asList(1, 2, 3));
        tableSwitch(a ? 1 : 3);
        tableSwitch(9);
        lookupSwitch(a ? 10 : 7);
        fallthroughSwitch(a ? 1 : 3);
        stringSwitch(a ? "alpha" : "BB");
        stringSwitch("zzz");
        enumSwitch(a ? Color.RED : Color.BLUE);
        arrowSwitch(a ? 1 : 5);
        enumSwitchExpr(a ? Color.GREEN : Color.YELLOW);
        stringSwitchExpr(a ? "y" : "q");
        tryCatch(a ? "12" : "x");
        tryFinally(a ? 1 : -1);
        finallyReturn(a ? 0 : 4);
        twr("line");
        twr2("a", a ? null : "b");
        lambdas(Arrays.asList(1, 3, a ? 7 : 4));
        sync(a);
        new Basics(2).syncMethod();
        asserts(a ? 1 : 2);
        Basics outer = new Basics(a ? 4 : 5);
        outer.new Inner().v(a ? 1 : 0);
        anon(a ? 1 : 0).run();
        instanceOfPattern(a ? "abcd" : 42);
        arrayCatch(new int[] {1}, a ? 0 : 3);
        longCompare(1, a ? 2 : 1);
        nullCheck(a ? null : "x");
        nestedLoops(new int[][] {{1, 2}, {a ? 0 : -1, 3}, {4}});
        invokeLines(a ? 1 : 9);
    }
}
