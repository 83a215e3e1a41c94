package jlib.text;

/** jlib's text helpers. */
public final class Tokens {
    private Tokens() {}

    public static String require(String s) {
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty text");
        }
        return s;
    }

    public static String stars(int count) {
        return "*".repeat(count);
    }
}
