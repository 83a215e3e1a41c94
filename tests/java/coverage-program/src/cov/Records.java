package cov;

/** Records (JDK 16+), sealed interfaces (JDK 17). */
public final class Records {
    private Records() {}

    sealed interface Expr permits Num, Add, Neg {}

    record Num(int v) implements Expr {}

    record Add(Expr l, Expr r) implements Expr {}

    record Neg(Expr e) implements Expr {}

    /** A record with a compact constructor and an extra method. */
    record Range(int lo, int hi) {
        Range {
            if (lo > hi) {
                throw new IllegalArgumentException("lo > hi");
            }
        }
        boolean contains(int x) {
            return x >= lo && x <= hi;
        }
        int size() {
            return hi - lo;
        }
    }

    static int eval(Expr e) {
        if (e instanceof Num n) {
            return n.v();
        } else if (e instanceof Add a) {
            return eval(a.l()) + eval(a.r());
        } else if (e instanceof Neg n) {
            return -eval(n.e());
        }
        throw new AssertionError(e);
    }

    static int ranges() {
        Range r = new Range(1, 5);
        int c = 0;
        for (int i = 0; i < 8; i++) {
            if (r.contains(i)) {
                c++;
            }
        }
        try {
            new Range(5, 1);
        } catch (IllegalArgumentException e) {
            c += 100;
        }
        return c + (r.equals(new Range(1, 5)) ? 1 : 0) + r.toString().length();
    }
}
