package fuzz;

import java.nio.charset.StandardCharsets;

/**
 * Grammar-mode target: an arithmetic evaluator that rejects anything malformed. Its bug needs a
 * well-formed expression with parentheses nested ten deep, which byte mutations rarely keep
 * balanced and valid; trees derived from grammars/Calc.g4 get there by recursion.
 */
public class GrammarCalc {
    private final String s;
    private int pos;
    private int maxDepth;

    private GrammarCalc(String s) {
        this.s = s;
    }

    public static void fuzzerTestOneInput(byte[] data) {
        GrammarCalc c = new GrammarCalc(new String(data, StandardCharsets.UTF_8));
        try {
            c.parseAll();
        } catch (IllegalArgumentException | ArithmeticException e) {
            return;
        }
        if (c.maxDepth >= 10) {
            throw new IllegalStateException("nesting " + c.maxDepth + " overflows the evaluator's operand stack");
        }
    }

    private long parseAll() {
        long v = expr(0);
        skipWs();
        if (pos != s.length()) {
            throw new IllegalArgumentException("trailing input at " + pos);
        }
        return v;
    }

    private long expr(int depth) {
        long v = term(depth);
        while (true) {
            skipWs();
            if (at('+')) {
                pos++;
                v = Math.addExact(v, term(depth));
            } else if (at('-')) {
                pos++;
                v = Math.subtractExact(v, term(depth));
            } else {
                return v;
            }
        }
    }

    private long term(int depth) {
        long v = factor(depth);
        while (true) {
            skipWs();
            if (at('*')) {
                pos++;
                v = Math.multiplyExact(v, factor(depth));
            } else if (at('/')) {
                pos++;
                long d = factor(depth);
                if (d == 0) {
                    throw new IllegalArgumentException("division by zero");
                }
                v /= d;
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
            return Math.negateExact(factor(depth));
        }
        int start = pos;
        long v = 0;
        while (pos < s.length() && Character.isDigit(s.charAt(pos)) && s.charAt(pos) < 128) {
            v = Math.addExact(Math.multiplyExact(v, 10), s.charAt(pos) - '0');
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
