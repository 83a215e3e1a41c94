package contract;

/**
 * A context pattern the caller gives, anchored and compiled when the object is made
 * (commons-codec's bm.Rule): an invalid one fails while a driver builds the object.
 */
public final class Context {
    private final java.util.regex.Pattern right;

    public Context(String right) {
        this.right = java.util.regex.Pattern.compile("^" + right);
    }

    public boolean follows(String text) {
        return right.matcher(text).find();
    }
}
