package slots;

/**
 * Arrays sized from what the caller gave, and from what the method computed itself.
 */
public final class Slots {
    private Slots() {}

    /**
     * A table with room for the slot `last` (opencsv's HeaderIndex.put): for Integer.MAX_VALUE
     * the size wraps to Integer.MIN_VALUE, a size the caller asked for, like an OutOfMemoryError
     * for a billion (contract).
     */
    public static int upTo(int last) {
        if (last < 0) {
            throw new IllegalArgumentException("negative slot: " + last);
        }
        return new String[last + 1].length;
    }

    /** Planted bug: a window five shorter than the text, for texts under five characters. */
    public static int window(String text) {
        return new char[text.length() - 5].length;
    }
}
