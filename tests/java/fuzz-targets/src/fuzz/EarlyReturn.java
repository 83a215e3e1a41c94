package fuzz;

/**
 * Returns at once on the empty input before it reaches its parser (OSS-Fuzz's xerces
 * parserFuzzer on an empty string). Fuzzed with only the parser included, the empty seed loads
 * no instrumented class. Planted bug: a document starting "<!".
 */
public class EarlyReturn {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length == 0) {
            return;
        }
        EarlyParser.parse(new String(data, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
}

/** The "library": the only class --includes selects. */
final class EarlyParser {
    private EarlyParser() {}

    static int parse(String text) {
        if (text.length() > 1 && text.charAt(0) == '<' && text.charAt(1) == '!') {
            throw new IllegalStateException("declaration reached");
        }
        return text.length();
    }
}
