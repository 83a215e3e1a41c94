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

    /** NaN and signed zeros through every floating compare (fcmpl/fcmpg/dcmpl/dcmpg), long and
     *  int division and remainder: the fuzzer's comparison logging must keep their results. */
    static String floatsAndDivs(float f, double d, long l, int i) {
        StringBuilder sb = new StringBuilder();
        sb.append(f < 1.0f).append(f > 1.0f).append(f == -0.0f).append(d < 1.0).append(d > 1.0).append(d == -0.0);
        sb.append(' ').append(l / 3L).append(l % 7L).append(i / 5).append(i % 4);
        // Differences feeding a divisor and a zero test (their operands are logged too).
        sb.append(' ').append(100 / (i - 7 == 0 ? 1 : i - 7)).append(i % (i - 3 == 0 ? 2 : i - 3));
        long m = l;
        sb.append(m > 100L ? 'g' : m == 100L ? 'e' : 'l');
        switch (i) {
            case 10: sb.append("ten"); break;
            case 1000: sb.append("k"); break;
            case 0x5A17C0DE: sb.append("magic"); break;
            default: sb.append("d");
        }
        return sb.toString();
    }

    static void run() {
        System.out.println("fd " + floatsAndDivs(Float.NaN, Double.NaN, 100L, 10) + floatsAndDivs(0.0f, 0.0, -101L, 1000)
                + floatsAndDivs(2.0f, -1.0, 7L, 0x5A17C0DE) + floatsAndDivs(-0.0f, 2.5, Long.MIN_VALUE, -9));
        for (int x : new int[] {-500, -5, 0, 5, 50, 500}) {
            System.out.println("sign " + x + " " + sign(x));
        }
        System.out.println("logic " + logic(3, 2, null, 1, "xyzw") + logic(1, 1, "s", -1, null) + logic(0, 5, 7, 0, ""));
        System.out.println("cmp " + cmp(1, 2, 0.7f, 3.0, null, null) + " " + cmp(5, 2, 0.1f, 1.0, "a", "b"));
        System.out.println("ternary " + ternaryChain(2, "aa", "b") + ternaryChain(-3, "a", "bbb") + ternaryChain(0, "a", "b"));
    }
}
