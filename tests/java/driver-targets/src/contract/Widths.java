package contract;

/**
 * A builder whose subclass refuses a setting it cannot have (commons-codec's Base45.Builder):
 * the override throws UnsupportedOperationException itself, reached from the base class's
 * method through the compiler's bridge method of the covariant return type.
 */
public final class Widths {
    private Widths() {}

    public abstract static class Builder<B extends Builder<B>> {
        int width;

        @SuppressWarnings("unchecked")
        public B setWidth(int width) {
            this.width = width;
            return (B) this;
        }
    }

    public static final class Fixed extends Builder<Fixed> {
        @Override
        public Fixed setWidth(int width) {
            throw new UnsupportedOperationException("a fixed width");
        }
    }
}
