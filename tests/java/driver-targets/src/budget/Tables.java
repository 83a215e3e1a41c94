package budget;

/**
 * Arrays the drivers' default allocation limit (64 MB) refuses: one a method needs in normal
 * use (80 MB, under libFuzzer's default limit of 2048 MB), and one of 2.4 GB from a count the
 * method read from its text, which no caller asked for.
 */
public final class Tables {
    private Tables() {}

    /** A match table of 80 MB whatever the text (as an LZMA2 encoder's at its default preset). */
    public static int matches(String text) {
        int[] table = new int[20_000_000];
        return table.length + text.length();
    }

    /** A table sized by a count read from the text: 2.4 GB at least. */
    public static int decoded(String text) {
        int n = text.isEmpty() ? 0 : Math.min(text.charAt(0), 9);
        return new long[300_000_000 + n].length;
    }
}
