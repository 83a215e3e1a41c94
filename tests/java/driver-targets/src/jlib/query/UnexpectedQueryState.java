package jlib.query;

/** jlib's own refusal type for a state it never meant to reach: named for an internal failure. */
public final class UnexpectedQueryState extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public UnexpectedQueryState(String message) {
        super(message);
    }
}
