package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keywords looked up in maps: the comparisons happen inside HashMap and TreeMap (the JDK, not
 * instrumented), so only the lookup's hook shows the fuzzer which keys exist.
 */
public class MapKeys {
    private static final Map<String, Integer> HASHED = new HashMap<>();
    private static final TreeMap<String, Integer> SORTED = new TreeMap<>();

    static {
        // Built at run time, so no key is a constant of this class's pool to harvest.
        String[] words = {"zebra", "otter", "lynx", "heron", "bison"};
        for (int i = 0; i < words.length; i++) {
            HASHED.put(new StringBuilder(words[i]).reverse() + "-" + (i * 7919), i);
            SORTED.put(words[i].toUpperCase() + "#" + (i * 104729), i);
        }
    }

    /** Words of the input: one a key of the HashMap (looked up through Map), one of the TreeMap. */
    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        boolean hashed = false;
        boolean sorted = false;
        int start = 0;
        while (start <= s.length()) {
            int end = s.indexOf(' ', start);
            if (end < 0) {
                end = s.length();
            }
            String word = s.substring(start, end);
            hashed |= HASHED.get(word) != null;
            sorted |= SORTED.containsKey(word);
            start = end + 1;
        }
        if (hashed) {
            throw new IllegalStateException("a key of the HashMap");
        }
        if (sorted) {
            throw new IllegalArgumentException("a key of the TreeMap");
        }
    }
}
