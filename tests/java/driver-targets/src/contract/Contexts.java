package contract;

/**
 * A reader over a context that supports no data binding (jackson-core's parsers given
 * ObjectReadContext.empty() by a factory): the context says so through a helper named for it,
 * on purpose. A context method that throws the same type by itself, with no such helper, is
 * judged as any other: here, refusing kinds the reader hands it, a bug.
 */
public final class Contexts {
    private Contexts() {}

    /** The empty context: binds nothing (package-private: reached only through a Reader). */
    static class Base {
        public Object readTree(String text) {
            return _reportUnsupportedOperation();
        }

        public Object readValue(String text, int kind) {
            if (kind > 3) {
                throw new UnsupportedOperationException("kind " + kind + " not done yet");
            }
            return text;
        }

        protected <T> T _reportUnsupportedOperation() {
            throw new UnsupportedOperationException("Operation not supported by context of type " + getClass().getName());
        }
    }

    /** A reader a factory made over the empty context. */
    public static final class Reader {
        private final Base context;
        private final String text;

        Reader(Base context, String text) {
            this.context = context;
            this.text = text;
        }

        /** Contract: the empty context binds no tree. */
        public Object readTree() {
            return context.readTree(text);
        }

        /** Bug: the context throws for kinds it should bind. */
        public Object readValue(int kind) {
            return context.readValue(text, kind);
        }
    }

    public static Reader reader(String text) {
        return new Reader(new Base(), text);
    }
}
