package cov;

/** Pattern matching for switch and record patterns (JDK 21+). Built and run on JDK 25 only. */
public final class Patterns {
    private Patterns() {}

    sealed interface Shape permits Circle, Square, Rect {}

    record Circle(double r) implements Shape {}

    record Square(double side) implements Shape {}

    record Rect(double w, double h) implements Shape {}

    record Pair(Object a, Object b) {}

    static String describe(Object o) {
        return switch (o) {
            case null -> "null";
            case Integer i when i > 100 -> "big int";
            case Integer i -> "int " + i;
            case String s when s.isEmpty() -> "empty string";
            case String s -> "string " + s.length();
            case int[] a -> "ints " + a.length;
            default -> "other";
        };
    }

    /** Exhaustive over a sealed hierarchy: no default, javac adds a MatchException path. */
    static double area(Shape s) {
        return switch (s) {
            case Circle c -> Math.PI * c.r() * c.r();
            case Square q -> q.side() * q.side();
            case Rect(double w, double h) when w == h -> w * w;
            case Rect(double w, double h) -> w * h;
        };
    }

    static int pairs(Object o) {
        if (o instanceof Pair(String a, Integer b)) {
            return a.length() + b;
        }
        if (o instanceof Pair(Pair(var x, var y), var z) && z != null) {
            return 2;
        }
        return 0;
    }

    enum Suit { CLUBS, DIAMONDS, HEARTS, SPADES }

    static int suits(Suit s) {
        return switch (s) {
            case CLUBS, SPADES -> 1;
            case HEARTS -> 2;
            case DIAMONDS -> 3;
        };
    }

    public static long run() {
        long sum = 0;
        sum += describe(null).length() + describe(500).length() + describe(5).length() + describe("abc").length();
        sum += (long) area(new Circle(1)) + (long) area(new Rect(2, 3)) + (long) area(new Rect(2, 2));
        sum += pairs(new Pair("ab", 3)) + pairs("x");
        sum += suits(Suit.HEARTS) + suits(Suit.CLUBS);
        return sum;
    }
}
