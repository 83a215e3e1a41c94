package bench;

import java.nio.charset.StandardCharsets;

/**
 * Text {@code size=W,H}: two decimal numbers cut out with {@code indexOf} and {@code substring}
 * and parsed with {@code Integer.parseInt}, then two linear conditions over them
 * ({@code 3W + H == 6472} and {@code W - 2H == 1245}: W = 2027, H = 391, the only solution mod
 * 2^32). The compared values are sums and differences, never the digits, so input-to-state has
 * nothing to write into the input.
 */
public class ParsedFields {
    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.US_ASCII);
        if (!s.startsWith("size=")) {
            return;
        }
        int comma = s.indexOf(',');
        if (comma < 6) {
            return;
        }
        int w;
        int h;
        try {
            w = Integer.parseInt(s.substring(5, comma));
            h = Integer.parseInt(s.substring(comma + 1));
        } catch (NumberFormatException e) {
            return;
        }
        if (3 * w + h == 6472) {
            if (w - 2 * h == 1245) {
                throw new IllegalStateException("parsed fields: size equations hold");
            }
        }
    }
}
