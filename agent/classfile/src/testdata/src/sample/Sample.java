// Fixture for the class-file unit tests (compiled classes are committed next to this
// file; rebuild with ./build.sh). Exercises: long/double/float constants, strings with
// NUL and supplementary characters, a lone surrogate, lambdas (InvokeDynamic,
// MethodHandle, MethodType), a string switch, try/catch/finally, an interface call.
package sample;

import java.util.List;
import java.util.function.Supplier;

public class Sample implements Comparable<Sample> {
    static final long BIG = 0x1234_5678_9abc_def0L;
    static final double PI = 3.141592653589793;
    static final float F = 1.5f;
    static final String NUL = "a\0b";
    static final String EMOJI = "x\uD83D\uDE00y";
    static final String LONE = "\uD800!";
    static final String WIDE = "caf\u00e9 \u20ac";
    private int n;

    public int compareTo(Sample o) { return Integer.compare(n, o.n); }

    static int sw(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "zzz": return 3;
            default: return 0;
        }
    }

    static long work(List<String> xs, double d) {
        long acc = BIG;
        try {
            for (String x : xs) {
                acc += x.length() * (long) d;
                if (acc > 100000L) throw new IllegalStateException(NUL + EMOJI);
            }
        } catch (IllegalStateException | ArithmeticException e) {
            acc = -1;
        } finally {
            acc ^= 7;
        }
        Supplier<String> s = () -> LONE + WIDE + F + PI;
        return acc + s.get().length() + xs.size();
    }
}
