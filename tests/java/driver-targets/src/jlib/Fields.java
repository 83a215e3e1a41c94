package jlib;

/** Field values beside the shape they describe (joda-time's getMaximumValue(partial, values)). */
public final class Fields {
    private Fields() {}

    /** A shape of a few fields. */
    public static final class Shape {
        private final int fields;

        public Shape(int fields) {
            this.fields = Math.floorMod(fields, 4) + 1;
        }

        public int size() {
            return fields;
        }
    }

    /** Contract: one value per field of the shape; fewer values are the caller's. */
    public static int total(Shape shape, int[] values) {
        int sum = 0;
        for (int i = 0; i < shape.size(); i++) {
            sum += values[i];
        }
        return sum;
    }

    /** Bug: reads one value past the shape's last field. */
    public static int after(Shape shape, int[] values) {
        return values[shape.size()];
    }
}
