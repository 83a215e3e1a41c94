package jlib.query;

/** A tiny query reader. */
public final class Query {
    private Query() {}

    /** QueryException for a '!' (the caller's query); UnexpectedQueryState for a '?' (a bug). */
    public static int parse(String q) {
        if (q.indexOf('!') >= 0) {
            throw new QueryException("unexpected '!' in " + q);
        }
        if (q.indexOf('?') >= 0) {
            throw new UnexpectedQueryState("lost track at '?'");
        }
        return q.length();
    }
}
