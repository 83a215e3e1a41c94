package statics;

/**
 * A static setting one run's setter must not leave to the runs after it: pad fails only when a
 * setWidth of an earlier run left a negative width.
 */
public final class Settings {
    private static int width = 8;

    private Settings() {}

    /** Sets the width every later pad uses (unchecked, as a plain setter). */
    public static void setWidth(int w) {
        width = w;
    }

    /** The text padded with spaces to the width set. */
    public static String pad(String text) {
        char[] out = new char[width];
        java.util.Arrays.fill(out, ' ');
        int n = Math.min(text.length(), out.length);
        text.getChars(0, n, out, 0);
        return new String(out);
    }
}
