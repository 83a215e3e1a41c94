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

    /**
     * QueryFailure (straight under RuntimeException, as org.json's JSONException) for a '#'
     * (the caller's query); the same type owning up to a failure of its own for a '%' (a bug).
     */
    public static int select(String q) {
        if (q.indexOf('#') >= 0) {
            throw new QueryFailure("no field named in " + q);
        }
        if (q.indexOf('%') >= 0) {
            throw new QueryFailure("internal error: lost the field at position " + q.indexOf('%'));
        }
        return q.length();
    }

    /**
     * QueryFailure for a statement it does not know, quoting the caller's line ("assert x") on
     * a line of its own: contract, whatever words the line holds.
     */
    public static int readAll(java.io.Reader in) throws java.io.IOException {
        java.io.BufferedReader r = new java.io.BufferedReader(in);
        int n = 0;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            n++;
            if (line.startsWith("assert ")) {
                throw new QueryFailure("unknown statement in line " + n + ":\n" + line);
            }
        }
        return n;
    }
}
