package bench;

// A copy of tests/java/fuzz-targets/src/fuzz/SolveParsed.java (the solver's end-to-end test target).

import java.nio.charset.StandardCharsets;

/**
 * A decimal number parsed from text, then transformed: 7n - 3 must be 123,456,785 (n =
 * 17,636,684). The comparison's operand is the product, never the digits, so input-to-state
 * has nothing to put in the input; the solver goes through the parse model.
 */
public class SolveParsed {
    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.US_ASCII);
        int n;
        try {
            n = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return;
        }
        if (n * 7 - 3 == 123_456_785) {
            throw new IllegalStateException("parsed number solved");
        }
    }
}
