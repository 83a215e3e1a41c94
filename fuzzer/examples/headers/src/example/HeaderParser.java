package example;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small HTTP-header parser with a planted bug: a `Range: bytes=A-B` header whose end is
 * more than one before its start makes {@link #rangeBuffer} allocate a negative-size array.
 */
public final class HeaderParser {
    private HeaderParser() {}

    /** Parses "Name: value" lines separated by CRLF or LF. */
    public static Map<String, String> parse(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : text.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            headers.put(name, value);
            if (name.equalsIgnoreCase("Range")) {
                rangeBuffer(value);
            }
        }
        return headers;
    }

    /** A buffer for the requested byte range "bytes=start-end" (anything after end is ignored). */
    static byte[] rangeBuffer(String value) {
        if (!value.startsWith("bytes=")) {
            return new byte[0];
        }
        String spec = value.substring("bytes=".length());
        int dash = spec.indexOf('-');
        if (dash <= 0) {
            return new byte[0];
        }
        int start = leadingNumber(spec.substring(0, dash));
        int end = leadingNumber(spec.substring(dash + 1));
        if (start < 0 || end < 0 || end - start > 1 << 16) {
            return new byte[0];
        }
        // BUG: no check that end >= start.
        return new byte[end - start + 1];
    }

    /** The number the string starts with (at most 6 digits), or -1 if it starts with none. */
    private static int leadingNumber(String s) {
        int v = -1;
        for (int i = 0; i < s.length() && i < 6; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            v = (v < 0 ? 0 : v * 10) + (c - '0');
        }
        return v;
    }
}
