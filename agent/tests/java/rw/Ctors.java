package rw;

public class Ctors {
    static class Base {
        final String v;
        Base(String v) {
            this.v = v;
        }
    }

    static class Derived extends Base {
        final int n;
        // Branches before super(): frames with uninitializedThis.
        Derived(int x, String a, String b) {
            super(x > 0 ? a : x == 0 ? "zero" : b);
            this.n = x < 0 ? -x : x;
        }
        Derived(boolean f) {
            this(f ? 1 : -1, f ? "t" : "f", "neg");
        }
    }

    static class Pair {
        final Object a;
        final Object b;
        Pair(Object a, Object b) {
            this.a = a;
            this.b = b;
        }
        @Override
        public String toString() {
            return "(" + a + "," + b + ")";
        }
    }

    // `new` inside conditionals: uninitialized(offset) entries in the frames.
    static Pair make(int k, String s) {
        return new Pair(k > 2 ? new Pair(s, k) : new Pair(k, s == null ? "null" : s),
                new Base(k % 2 == 0 ? "even" : "odd").v);
    }

    static StringBuilder sb(boolean b) {
        return new StringBuilder(b ? "yes" : "no").append(b ? 1 : 0);
    }

    static void run() {
        System.out.println("derived " + new Derived(5, "a", "b").v + new Derived(0, "a", "b").v
                + new Derived(-3, "a", "b").v + new Derived(-3, "a", "b").n + new Derived(true).v + new Derived(false).v);
        System.out.println("make " + make(1, null) + make(3, "x") + make(2, "y"));
        System.out.println("sb " + sb(true) + sb(false));
    }
}
