package modlib.api;

/** The API: a codec of a width. */
public final class Codec {
    private final int width;

    public Codec(int width) {
        this.width = width;
    }

    /** The text cut to the codec's width. */
    public String encode(String s) {
        if (width <= 0) {
            return "";
        }
        return s.length() > width ? s.substring(0, width) : s;
    }
}
