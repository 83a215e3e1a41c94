package rw;

public class Branches {
    static String sign(int x) {
        if (x > 0) {
            if (x > 100) {
                return "big";
            } else if (x > 10) {
                return "medium";
            }
            return "small";
        } else if (x == 0) {
            return "zero";
        } else {
            return x < -100 ? "very negative" : "negative";
        }
    }

    static boolean logic(int a, int b, Object o, long l, String s) {
        boolean r = (a > b && b > 0) || (o != null && o instanceof String) || l < 0L;
        r ^= s == null ? false : s.isEmpty() || s.length() > 3 && s.charAt(0) == 'x';
        return r && !(a == b);
    }

    static int cmp(long a, long b, float c, double d, Object x, Object y) {
        int r = 0;
        if (a < b) r |= 1;
        if (c > 0.5f) r |= 2;
        if (d <= 2.0) r |= 4;
        if (x == y) r |= 8;
        if (x != null) r |= 16;
        if (y == null) r |= 32;
        return r;
    }

    static String ternaryChain(int v, String a, String b) {
        String s = v > 0 ? a : v < 0 ? b : null;
        Object o = v % 2 == 0 ? (Object) s : Integer.valueOf(v);
        return String.valueOf(o) + (s == null ? "-" : s.length());
    }

    static void run() {
        for (int x : new int[] {-500, -5, 0, 5, 50, 500}) {
            System.out.println("sign " + x + " " + sign(x));
        }
        System.out.println("logic " + logic(3, 2, null, 1, "xyzw") + logic(1, 1, "s", -1, null) + logic(0, 5, 7, 0, ""));
        System.out.println("cmp " + cmp(1, 2, 0.7f, 3.0, null, null) + " " + cmp(5, 2, 0.1f, 1.0, "a", "b"));
        System.out.println("ternary " + ternaryChain(2, "aa", "b") + ternaryChain(-3, "a", "bbb") + ternaryChain(0, "a", "b"));
    }
}
