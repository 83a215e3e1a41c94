package stall;

/**
 * One endless loop reached from two driver methods, whose stops land in different frames: in
 * the loop or in the helpers it calls. It is one hang: one finding, at the loop's method,
 * whatever the caller and wherever a stop landed.
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
            n += step(pos);
            n += settle(pos);
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

    /*
     * Two helpers of equal, fixed cost (whatever the text), so that the samples of a stuck run
     * fall in either, or in the loop: a loop whose time is nearly all in one callee can look
     * like a loop inside it (see Runner.stuckSample).
     */
    static volatile long sink;

    private static int step(int pos) {
        for (int i = 0; i < 500; i++) {
            sink += i ^ pos;
        }
        return 0;
    }

    private static int settle(int pos) {
        for (int i = 0; i < 500; i++) {
            sink += i + pos;
        }
        return 0;
    }

    private static boolean at(String text, int pos, String delimiter) {
        return text.startsWith(delimiter, pos);
    }
}
