package jlib.check;

/** jlib's precondition helpers (jsoup's Validate): called directly, they exist to throw. */
public final class Validate {
    private Validate() {}

    public static void fail(String message) {
        throw new IllegalStateException(message);
    }
}
