package cov;

/** Shapes for the remaining JaCoCo filters: private empty constructor, bridge methods,
 * `*Generated*` annotations. */
final class Extras {
    @interface MyGenerated {
    }

    private Extras() {
    }

    static final class Box implements Comparable<Box> {
        final int v;

        Box(int v) {
            this.v = v;
        }

        @Override
        public int compareTo(Box o) {
            return v < o.v ? -1 : v == o.v ? 0 : 1;
        }
    }

    @MyGenerated
    static int generated(int x) {
        return x > 0 ? 1 : 0;
    }

    static void run(String mode) {
        Comparable<Box> b = new Box(1);
        b.compareTo(new Box(mode.equals("a") ? 1 : 2));
        generated(1);
    }
}
