package contract;

/** A library helper between a method under test and the JDK (Rules.encode). */
public final class Charsets {
    private Charsets() {}

    static java.nio.charset.Charset named(String name) {
        return java.nio.charset.Charset.forName(name);
    }

    static String spaces(int count) {
        return " ".repeat(count);
    }

    static String skip(String text, long n) {
        return text.chars().skip(n).collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
    }
}
