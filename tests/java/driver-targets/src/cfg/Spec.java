package cfg;

/** A value built by a builder that refuses to build without a name (as commons-cli's Option). */
public final class Spec {
    private final String name;

    private Spec(Builder b) {
        if (b.name == null) {
            throw new IllegalStateException("a spec needs a name");
        }
        this.name = b.name;
    }

    public String name() {
        return name;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds Specs; a Source, so it can be handed over where a value is supplied. */
    public static final class Builder implements Source<Spec> {
        private String name;

        public Builder name(String n) {
            name = n;
            return this;
        }

        /**
         * Builds the spec.
         *
         * @return the spec
         * @throws IllegalStateException if no name has been set.
         */
        @Override
        public Spec get() {
            return new Spec(this);
        }
    }
}
