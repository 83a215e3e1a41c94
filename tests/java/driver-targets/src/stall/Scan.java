package stall;

/**
 * One endless loop reached from two driver methods, whose stops land in different frames: in
 * the loop, in the two helpers it calls, in the JDK's code under them. It is one hang: one
 * finding, at the loop's method, whatever the caller and wherever a stop landed.
 */
public final class Scan {
    private Scan() {}

    /**
     * How often the delimiter occurs in the text. Never returns for an empty delimiter in a
     * text that is not empty: the position does not advance past an empty match.
     */
    public static int count(String text, String delimiter) {
        int n = 0;
        int pos = 0;
        while (pos < text.length()) {
            if (at(text, pos, delimiter)) {
                n++;
                pos += delimiter.length();
            } else {
                pos++;
            }
            n += weight(text, pos);
        }
        return n;
    }

    /** count over each of the texts. */
    public static int countAll(String[] texts, String delimiter) {
        int n = 0;
        for (String t : texts) {
            n += count(t, delimiter);
        }
        return n;
    }

    private static int weight(String text, int pos) {
        return (text + pos).toUpperCase().lastIndexOf('A') & 0;
    }

    private static boolean at(String text, int pos, String delimiter) {
        // Work in the JDK's code under the helper, so that stops land there too.
        return new StringBuilder(text).reverse().reverse().toString().startsWith(delimiter, pos);
    }
}
