package contract;

/**
 * A limit the caller sets on the object (commons-codec's DoubleMetaphone.setMaxCodeLen), then
 * an allocation of that size in a method that takes no integer at all.
 */
public final class Phonemes {
    private int max = 16;

    public void setMax(int max) {
        this.max = max;
    }

    /** Contract: an array of the size the caller set (a negative one fails). */
    public String[] split(String text) {
        String[] out = new String[Math.min(max, 100)];
        for (int i = 0; i < out.length && i < text.length(); i++) {
            out[i] = text.substring(i, i + 1);
        }
        return out;
    }

    /**
     * Bug: an array of a size it computed from the limit, negative for every limit (no size the
     * caller sets in a run is likely to be that number too).
     */
    public char[] pairs(String text) {
        char[] out = new char[Math.min(max, 100) * 2 - 1001];
        text.getChars(0, Math.min(text.length(), out.length), out, 0);
        return out;
    }
}
