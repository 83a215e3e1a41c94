package contract;

/**
 * Numbers read by a helper of another class (gson's Gson.fromJson over JsonReader.nextDouble):
 * a method that promises its own failure type for a bad text and lets the helper's
 * NumberFormatException out breaks its promise; one that promises nothing passes the helper's
 * refusal on as its own.
 */
public final class Numbers {
    private Numbers() {}

    /**
     * The value of a decimal text.
     *
     * @param text decimal digits
     * @return their value
     * @throws ParseFailure if the text is no number
     */
    public static double decimal(String text) {
        if (text.isEmpty()) {
            throw new ParseFailure("an empty text is no number");
        }
        return Digits.read(text);
    }

    /** The value of a text of digits (whatever else it holds is refused). */
    public static double whole(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        return Digits.read(text);
    }

    static final class Digits {
        private Digits() {}

        static double read(String text) {
            double v = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c < '0' || c > '9') {
                    throw new NumberFormatException("not a digit: " + c);
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }
    }
}
