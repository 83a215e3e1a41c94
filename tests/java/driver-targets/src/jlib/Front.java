package jlib;

import jlib.query.Query;
import jlib.text.Tokens;

/**
 * A library in subpackages under a root of one segment (jsoup's org.jsoup.nodes calling
 * org.jsoup.helper): its classes are one library for the contract rules. Each rule beside a
 * method where the same exception type is a bug.
 */
public final class Front {
    private Front() {}

    /** A check in another subpackage rejects the caller's text: contract. */
    public static int parse(String s) {
        return Tokens.require(s).length();
    }

    /** The JDK rejects a count the library computed (n - 1): a bug. A byte: no huge count. */
    public static String stars(byte n) {
        return Tokens.stars(n - 1);
    }

    /** The library's own exception type, from another subpackage: contract. */
    public static int query(String q) {
        return Query.parse(q);
    }

    /** A JDK IllegalStateException from a static method: a bug. */
    public static void fail(String why) {
        if (why.startsWith("x")) {
            throw new IllegalStateException(why);
        }
    }
}
