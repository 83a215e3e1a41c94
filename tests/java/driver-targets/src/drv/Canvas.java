package drv;

public final class Canvas {
    private Canvas() {}

    /** Fails for one kind of shape only (a Polygon with 7 corners). */
    public static String paint(Shape shape) {
        if (shape.corners() == 0) {
            return "round";
        }
        if (shape.corners() > 6) {
            Object[] palette = new Object[6];
            return String.valueOf(palette[shape.corners() - 1]);
        }
        return "angular";
    }
}
