package demo;

/** A tiny arithmetic evaluator: enough branches to make a coverage report worth reading. */
public final class Expr {
    private final String text;
    private int pos;

    private Expr(String text) {
        this.text = text;
    }

    public static long eval(String text) {
        Expr e = new Expr(text);
        long v = e.sum();
        e.skipSpaces();
        if (e.pos != text.length()) {
            throw new IllegalArgumentException("unexpected '" + text.charAt(e.pos) + "' at " + e.pos);
        }
        return v;
    }

    private long sum() {
        long v = product();
        while (true) {
            skipSpaces();
            if (eat('+')) {
                v += product();
            } else if (eat('-')) {
                v -= product();
            } else {
                return v;
            }
        }
    }

    private long product() {
        long v = atom();
        while (true) {
            skipSpaces();
            if (eat('*')) {
                v *= atom();
            } else if (eat('/')) {
                long d = atom();
                if (d == 0) {
                    throw new ArithmeticException("division by zero at " + pos);
                }
                v /= d;
            } else if (eat('%')) {
                v %= atom();
            } else {
                return v;
            }
        }
    }

    private long atom() {
        skipSpaces();
        if (eat('(')) {
            long v = sum();
            skipSpaces();
            if (!eat(')')) {
                throw new IllegalArgumentException("missing ')' at " + pos);
            }
            return v;
        }
        if (eat('-')) {
            return -atom();
        }
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw new IllegalArgumentException("number expected at " + pos);
        }
        return Long.parseLong(text.substring(start, pos));
    }

    private boolean eat(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }
}
