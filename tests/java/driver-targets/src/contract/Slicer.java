package contract;

/**
 * A public interface whose only implementation is package-private and overrides its default
 * method (commons-text's StringMatcher.isMatch): the driver calls the interface, the
 * exception's frame names the implementation, and it is still the method under test's (its
 * contract, judged with its own arguments), not a set-up failure.
 */
public interface Slicer {
    /** The character at {@code index} (the first, unless an implementation knows better). */
    default char at(String text, int index) {
        return text.isEmpty() ? 0 : text.charAt(0);
    }

    static Slicer create() {
        return new PlainSlicer();
    }
}

final class PlainSlicer implements Slicer {
    @Override
    public char at(String text, int index) {
        return text.charAt(index);
    }
}
