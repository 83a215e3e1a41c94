package contract;

/** Tables of pairs: a row too short for its fixed layout is the caller's table. */
public final class Pairs {
    private Pairs() {}

    /** Contract: rows must be [key, value] with a non-empty key (row[0], row[0].charAt(0)). */
    public static int firstKeys(String[][] rows) {
        int n = 0;
        for (String[] row : rows) {
            n += row[0].charAt(0) + row[1].length();
        }
        return n;
    }

    /** Contract: the keys of the map must be non-empty. */
    public static int keyInitials(java.util.Map<String, String> lookup) {
        int n = 0;
        for (String key : lookup.keySet()) {
            n += key.charAt(0);
        }
        return n;
    }

    /** Bug: any word may be empty, and charAt(0) on one fails (a flat array is no table). */
    public static String initials(String[] words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            b.append(w.charAt(0));
        }
        return b.toString();
    }

    /** Contract: a map whose values repeat cannot be inverted (Collectors.toMap refuses it). */
    public static java.util.Map<String, String> invert(java.util.Map<String, String> map) {
        return map.entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getValue, java.util.Map.Entry::getKey));
    }
}
