package fuzz;

import fuzz.hidden.Mode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lookups whose comparisons happen inside the JDK (HashSet, TreeSet, Enum.valueOf,
 * Map.getOrDefault, Float.compare and Double.compare), so only the calls' redirects show the
 * fuzzer what they want. -Dlookup.kind= picks one: set, treeset, enum, default, float; and
 * enum-escapes, whose IllegalArgumentException from Enum.valueOf is uncaught.
 * Every key is built at run time or lives in a class the tests leave uninstrumented.
 */
public class LookupKeys {
    private static final String KIND = System.getProperty("lookup.kind", "set");
    private static final Set<String> WORDS = new HashSet<>();
    private static final TreeSet<String> SORTED = new TreeSet<>();
    private static final Map<String, Integer> LEVELS = new HashMap<>();
    private static final float RATIO = (float) Math.sqrt("jvmfuzz".hashCode() & 0xffff);
    private static final double SCALE = Math.log("lookup".hashCode() & 0xfffff);

    static {
        String[] stems = {"amber", "cobalt", "fennel", "garnet", "indigo"};
        for (int i = 0; i < stems.length; i++) {
            String word = new StringBuilder(stems[i]).reverse() + "." + (i * 6151);
            WORDS.add(word);
            SORTED.add(word.toUpperCase());
            LEVELS.put(stems[i] + "/" + (i * 31337), i + 1);
        }
    }

    public static void fuzzerTestOneInput(byte[] data) {
        switch (KIND) {
            case "float":
                floats(data);
                return;
            default:
                words(new String(data, StandardCharsets.ISO_8859_1));
        }
    }

    private static void words(String s) {
        for (String word : s.split(" ", 8)) {
            switch (KIND) {
                case "set":
                    if (WORDS.contains(word)) {
                        throw new IllegalStateException("an element of the HashSet");
                    }
                    break;
                case "treeset":
                    if (SORTED.contains(word)) {
                        throw new IllegalStateException("an element of the TreeSet");
                    }
                    break;
                case "enum":
                    try {
                        Enum.valueOf(Mode.class, word);
                        throw new IllegalStateException("a constant of the enum");
                    } catch (IllegalArgumentException notOne) {
                        // The name of no constant.
                    }
                    break;
                case "enum-escapes":
                    // The lookup's own exception, uncaught (for the stack a finding shows).
                    if (word.length() > 2) {
                        Enum.valueOf(Mode.class, word);
                    }
                    break;
                case "default":
                    if (LEVELS.getOrDefault(word, 0) > 0) {
                        throw new IllegalStateException("a key of the map, through getOrDefault");
                    }
                    break;
                default:
                    throw new IllegalArgumentException("lookup.kind: set, treeset, enum, enum-escapes, default or float");
            }
        }
    }

    private static void floats(byte[] data) {
        if (data.length < 12) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(data);
        float f = b.getFloat();
        double d = b.getDouble();
        if (Float.compare(f, RATIO) == 0 && Double.valueOf(d).compareTo(SCALE) == 0) {
            throw new IllegalStateException("Float.compare and Double.compareTo");
        }
    }
}
