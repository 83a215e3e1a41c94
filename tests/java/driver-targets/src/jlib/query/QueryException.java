package jlib.query;

/** What jlib raises for a query it cannot read (jsoup's SelectorParseException). */
public final class QueryException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public QueryException(String message) {
        super(message);
    }
}
