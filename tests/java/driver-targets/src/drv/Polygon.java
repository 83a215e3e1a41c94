package drv;

public final class Polygon implements Shape {
    private final int corners;
    private final double side;

    public Polygon(int corners, double side) {
        if (corners < 3) {
            throw new IllegalArgumentException("a polygon has at least 3 corners");
        }
        this.corners = corners;
        this.side = side;
    }

    @Override
    public double area() {
        return corners * side * side / (4 * Math.tan(Math.PI / corners));
    }

    @Override
    public int corners() {
        return corners;
    }
}
