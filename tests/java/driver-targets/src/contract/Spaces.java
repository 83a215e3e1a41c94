package contract;

/**
 * Points of two spaces behind one generic interface (commons-math3's Point<Euclidean1D> and
 * Point<Sphere1D>): a driver that picks any implementation of Point may hand a method a point
 * of the other space, which no compiler lets through, and the method's cast to its own kind
 * fails. A driver defect; a point of the right space cast to another kind is judged as any
 * cast of a parameter to a sibling class.
 */
public final class Spaces {
    private Spaces() {}

    /** A space. */
    public interface Space {}

    public static final class Line implements Space {}

    public static final class Circle implements Space {}

    /** A point of space S. */
    public interface Point<S extends Space> {
        double at();
    }

    public static final class LinePoint implements Point<Line> {
        private final double x;

        public LinePoint(double x) {
            this.x = x;
        }

        @Override
        public double at() {
            return x;
        }
    }

    public static final class CirclePoint implements Point<Circle> {
        private final double angle;

        public CirclePoint(double angle) {
            this.angle = angle;
        }

        @Override
        public double at() {
            return angle;
        }
    }

    /** Every Point<Line> is a LinePoint: a CirclePoint here is the driver's defect. */
    public static double offset(Point<Line> p) {
        return ((LinePoint) p).at() - 1;
    }

    /** Takes points of the line, and casts them to the circle's kind. */
    public static double angle(Point<Line> p) {
        Object o = p;
        return ((CirclePoint) o).at();
    }
}
