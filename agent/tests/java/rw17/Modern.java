package rw17;

/** Java 17 constructs: switch expressions, pattern instanceof, records, text blocks. */
public class Modern {
    sealed interface Shape permits Circle, Square, Rect {}
    record Circle(double r) implements Shape {}
    record Square(double s) implements Shape {}
    record Rect(double w, double h) implements Shape {}

    static double area(Shape s) {
        if (s instanceof Circle c && c.r() > 0) {
            return Math.PI * c.r() * c.r();
        } else if (s instanceof Square sq) {
            return sq.s() * sq.s();
        } else if (s instanceof Rect r) {
            return r.w() * r.h();
        }
        return -1;
    }

    static String kind(Object o) {
        return switch (o.hashCode() % 4) {
            case 0 -> "zero";
            case 1, 2 -> {
                String t = o.toString();
                yield t.length() > 3 ? "long" : "short";
            }
            default -> "other";
        };
    }

    static int days(String m) {
        return switch (m) {
            case "feb" -> 28;
            case "apr", "jun", "sep", "nov" -> 30;
            default -> {
                if (m.isEmpty()) yield 0;
                yield 31;
            }
        };
    }

    public static void run() {
        StringBuilder b = new StringBuilder();
        for (Shape s : new Shape[] {new Circle(1), new Circle(-1), new Square(2), new Rect(2, 3)}) {
            b.append(String.format("%.3f", area(s))).append(',');
        }
        for (Object o : new Object[] {4, 5, 6, 7, "abcd", "ab"}) b.append(kind(o)).append(',');
        for (String m : new String[] {"feb", "jun", "jan", ""}) b.append(days(m)).append(',');
        String tb = """
            text %d
            block""".formatted(b.length());
        System.out.println("modern " + b + tb.replace('\n', '/'));
    }
}
