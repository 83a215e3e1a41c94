package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A keyword table looked up by the word before a colon, lower-cased, as an interpolator
 * (log4j's {@code ${jndi:...}}) or a command dispatcher does; the bug is behind one keyword.
 * The word must become the keyword inside the input, whatever its length, with the rest of the
 * input kept.
 */
public class KeywordTable {
    static final Map<String, Integer> KEYWORDS = new HashMap<>();

    static {
        String[] words = {
            "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
            "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
            "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"
        };
        // Built at run time (reversed), so no key is a constant of this class's pool.
        for (String w : words) {
            KEYWORDS.put(new StringBuilder(w).reverse().toString(), KEYWORDS.size());
        }
    }

    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        int colon = s.indexOf(':');
        if (colon < 1) {
            return;
        }
        Integer k = KEYWORDS.get(s.substring(0, colon).toLowerCase(Locale.ROOT));
        if (k != null && k == 16 && s.length() > colon + 2 && s.charAt(colon + 1) == '/') {
            throw new IllegalStateException("the cebeuq command");
        }
    }
}
