package contract;

/** Parser's own failure. */
public final class ParseFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ParseFailure(String message) {
        super(message);
    }
}
