package cov21;

/** Pattern switches and record patterns (javac 21+): MatchException defaults, typeSwitch. */
public class Patterns {
    sealed interface Shape permits Circle, Square, Rect { }

    record Circle(double r) implements Shape { }

    record Square(double side) implements Shape { }

    record Rect(double w, double h) implements Shape { }

    static double area(Shape s) {
        return switch (s) {
            case Circle c -> Math.PI * c.r() * c.r();
            case Square q -> q.side() * q.side();
            case Rect r -> r.w() * r.h();
        };
    }

    static String describe(Object o) {
        return switch (o) {
            case null -> "null";
            case Integer i when i > 10 -> "big";
            case Integer i -> "int";
            case String s -> "str" + s.length();
            default -> "other";
        };
    }

    static double recordPattern(Shape s) {
        if (s instanceof Rect(double w, double h) && w > h) {
            return w;
        }
        return switch (s) {
            case Circle(double r) when r > 10 -> r;
            case Circle(double r) -> -r;
            case Square(double side) -> side;
            case Rect(double w, double h) -> w + h;
        };
    }

    static int stringCases(String s) {
        return switch (s) {
            case "one" -> 1;
            case "two" -> 2;
            case String t when t.length() > 5 -> 3;
            default -> 0;
        };
    }

    public static void run(String mode) {
        boolean a = mode.equals("a");
        area(a ? new Circle(1) : new Square(2));
        describe(a ? 42 : "s");
        describe(null);
        recordPattern(a ? new Circle(20) : new Rect(3, 1));
        recordPattern(new Square(1));
        stringCases(a ? "one" : "longer string");
    }
}
