package gram;

/**
 * A method under test whose bug needs a well-formed argument: an arithmetic expression nested
 * four deep. Malformed text is refused with the method's own IllegalArgumentException (its
 * contract). Generated drivers reach the bug with --param-grammar and Calc.g4.
 */
public final class Calculator {
    private final String s;
    private int pos;
    private int maxDepth;

    private Calculator(String s) {
        this.s = s;
    }

    public static long eval(String expression) {
        Calculator c = new Calculator(expression);
        long v = c.expr(0);
        c.skipWs();
        if (c.pos != c.s.length()) {
            throw new IllegalArgumentException("trailing input at " + c.pos);
        }
        if (c.maxDepth >= 4) {
            throw new IllegalStateException("nesting " + c.maxDepth + " overflows the operand stack");
        }
        return v;
    }

    private long expr(int depth) {
        long v = term(depth);
        while (true) {
            skipWs();
            if (at('+') || at('-')) {
                boolean plus = at('+');
                pos++;
                long t = term(depth);
                v = plus ? v + t : v - t;
            } else {
                return v;
            }
        }
    }

    private long term(int depth) {
        long v = factor(depth);
        while (true) {
            skipWs();
            if (at('*') || at('/')) {
                boolean times = at('*');
                pos++;
                long f = factor(depth);
                if (!times && f == 0) {
                    throw new IllegalArgumentException("division by zero");
                }
                v = times ? v * f : v / f;
            } else {
                return v;
            }
        }
    }

    private long factor(int depth) {
        skipWs();
        if (at('(')) {
            pos++;
            maxDepth = Math.max(maxDepth, depth + 1);
            long v = expr(depth + 1);
            skipWs();
            if (!at(')')) {
                throw new IllegalArgumentException("expected ) at " + pos);
            }
            pos++;
            return v;
        }
        if (at('-')) {
            pos++;
            return -factor(depth);
        }
        int start = pos;
        long v = 0;
        while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
            v = v * 10 + (s.charAt(pos) - '0');
            pos++;
        }
        if (pos == start) {
            throw new IllegalArgumentException("expected a number at " + pos);
        }
        return v;
    }

    private boolean at(char c) {
        return pos < s.length() && s.charAt(pos) == c;
    }

    private void skipWs() {
        while (pos < s.length() && " \t\r\n".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
    }
}
