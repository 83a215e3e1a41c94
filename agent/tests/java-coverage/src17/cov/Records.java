package cov;

/** Records: generated toString/hashCode/equals/accessors are filtered by JaCoCo. */
public class Records {
    record Point(int x, int y) {
        Point {
            if (x < 0) {
                throw new IllegalArgumentException("x");
            }
        }

        int sum() {
            return x + y;
        }
    }

    record Named(String name) {
        @Override
        public String name() {
            return name == null ? "" : name;
        }
    }

    interface OnlyAbstract {
        int f();
    }

    interface WithDefault {
        default int twice(int x) {
            return x > 100 ? x : x * 2;
        }
    }

    enum Level {
        LOW(1), HIGH(2);

        final int v;

        Level(int v) {
            this.v = v;
        }

        boolean high() {
            return this == HIGH;
        }
    }

    enum Plain { A, B }

    static final int[] TABLE;

    static {
        int[] t = new int[4];
        for (int i = 0; i < t.length; i++) {
            t[i] = i % 2 == 0 ? i : -i;
        }
        TABLE = t;
    }

    static void run(String mode) {
        boolean a = mode.equals("a");
        Point p = new Point(1, 2);
        p.sum();
        p.toString();
        if (!a) {
            try {
                new Point(-1, 0);
            } catch (IllegalArgumentException e) {
                // expected
            }
        }
        new Named(a ? null : "n").name();
        new WithDefault() { }.twice(3);
        Level.valueOf("LOW").high();
        Plain.values();
    }
}
