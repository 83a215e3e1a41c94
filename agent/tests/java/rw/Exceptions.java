package rw;

import java.util.ArrayList;
import java.util.List;

public class Exceptions {
    static final List<String> LOG = new ArrayList<>();

    static class Res implements AutoCloseable {
        final String name;
        final boolean failClose;
        Res(String name, boolean failClose) {
            this.name = name;
            this.failClose = failClose;
            LOG.add("open " + name);
        }
        @Override
        public void close() {
            LOG.add("close " + name);
            if (failClose) {
                throw new IllegalStateException("close " + name);
            }
        }
    }

    static int divide(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return Integer.MIN_VALUE;
        } finally {
            LOG.add("finally " + a);
        }
    }

    static String nested(int k) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < k; i++) {
            try {
                try {
                    if (i % 2 == 0) throw new IllegalArgumentException("i" + i);
                    if (i % 3 == 0) throw new UnsupportedOperationException("u" + i);
                    sb.append(i);
                } catch (IllegalArgumentException | UnsupportedOperationException e) {
                    sb.append('[').append(e.getMessage()).append(']');
                    if (i == 3) throw new RuntimeException("again");
                } finally {
                    sb.append('.');
                }
            } catch (RuntimeException e) {
                sb.append("outer:").append(e.getMessage());
            }
        }
        return sb.toString();
    }

    static String twr(boolean failBody, boolean failClose) {
        try (Res a = new Res("a", false); Res b = new Res("b", failClose)) {
            if (failBody) {
                throw new RuntimeException("body");
            }
            return a.name + b.name;
        } catch (RuntimeException e) {
            return "caught " + e.getMessage() + " suppressed " + e.getSuppressed().length;
        }
    }

    @SuppressWarnings("finally")
    static int finallyReturn(int x) {
        try {
            if (x > 0) {
                return x;
            }
            throw new IllegalStateException();
        } finally {
            if (x > 5) {
                return -x;
            }
        }
    }

    /** Counted: called 8 times by countCatches, throws and catches 4 times. */
    static int thrower(int i) {
        try {
            if (i % 2 == 1) {
                throw new IllegalStateException();
            }
            return 0;
        } catch (IllegalStateException e) {
            return 1;
        }
    }

    static int countCatches() {
        int c = 0;
        for (int i = 0; i < 8; i++) {
            c += thrower(i);
        }
        return c;
    }

    static void run() {
        System.out.println("divide " + divide(7, 2) + " " + divide(1, 0));
        System.out.println("nested " + nested(7));
        System.out.println("twr " + twr(false, false) + "|" + twr(true, false) + "|" + twr(false, true) + "|" + twr(true, true));
        int fr;
        try {
            fr = finallyReturn(-2);
        } catch (IllegalStateException e) {
            fr = 999;
        }
        System.out.println("finallyReturn " + finallyReturn(3) + " " + finallyReturn(8) + " " + fr);
        System.out.println("log " + LOG);
    }
}
