package cfg;

/** Public fields the caller sets (commons-cli's HelpFormatter.defaultLeftPad). */
public final class Padder {
    public int pad = 2;
    public int width = 10;

    /** Allocates the padding the caller set: a negative pad is the caller's. */
    public String padding() {
        return new String(new char[pad]).replace('\0', ' ');
    }

    /** A bug: the room left of a 40-column margin, computed, is negative for a narrow width. */
    public String room() {
        int left = Math.min(width - 40, 1000);
        return new String(new char[left]);
    }
}
