package jlib;

/**
 * Sources of a name, behind an interface whose default method relies on an operation each
 * implementation gives (jackson-core's ObjectReadContext.createParser asking the context for
 * its stream factory): the no-op source refuses it by design; beside it, a source that writes
 * to a read-only list it made itself, a bug.
 */
public final class Sources {
    private Sources() {}

    /** A source of a name. */
    public interface Source {
        String name();

        /** The name in angle brackets. */
        default String quoted() {
            return "<" + name() + ">";
        }
    }

    /** The source that has no name (jackson-core's ObjectReadContext.empty()). */
    public static Source empty() {
        return new Empty();
    }

    private static final class Empty implements Source {
        @Override
        public String name() {
            return reportUnsupported();
        }

        private String reportUnsupported() {
            throw new UnsupportedOperationException("the empty source has no name");
        }
    }

    /** Bug: records each name it gives in a list it made read-only. */
    public static final class Recording implements Source {
        private final java.util.List<String> given =
                java.util.Collections.unmodifiableList(new java.util.ArrayList<>());

        @Override
        public String name() {
            given.add("x");
            return "x";
        }
    }
}
