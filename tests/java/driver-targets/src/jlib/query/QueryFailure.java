package jlib.query;

/** What jlib raises for a query it cannot select with: a type straight under RuntimeException. */
public final class QueryFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QueryFailure(String message) {
        super(message);
    }
}
