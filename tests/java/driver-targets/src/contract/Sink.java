package contract;

/**
 * A stream filter made by a builder (commons-codec's Base58OutputStream.builder()): built
 * without the stream it wraps, its calls fail on java.io's null "out" (the caller's), while a
 * null field of its own is its bug.
 */
public final class Sink extends java.io.FilterOutputStream {
    private final StringBuilder log;

    private Sink(java.io.OutputStream out, boolean logged) {
        super(out);
        this.log = logged ? new StringBuilder() : null;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Contract when built without a stream: FilterOutputStream's flush of a null "out". */
    @Override
    public void flush() throws java.io.IOException {
        super.flush();
    }

    /** Bug: its own log is null unless the builder asked for one. */
    public int logged() {
        return log.length();
    }

    public static final class Builder {
        private java.io.OutputStream out;
        private boolean logged;

        public Builder setOutputStream(java.io.OutputStream out) {
            this.out = out;
            return this;
        }

        public Builder setLogged(boolean logged) {
            this.logged = logged;
            return this;
        }

        public Sink get() {
            return new Sink(out, logged);
        }
    }
}
