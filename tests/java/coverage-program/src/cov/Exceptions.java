package cov;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/** try/catch/finally, try-with-resources, synchronized, exceptions escaping mid-method. */
public final class Exceptions {
    private static final Object LOCK = new Object();
    private static int counter;

    Exceptions() {}

    static int tryCatchFinally(String s) {
        int r = 0;
        try {
            r = Integer.parseInt(s);
            if (r < 0) {
                throw new IllegalStateException("negative");
            }
        } catch (NumberFormatException e) {
            r = -1;
        } catch (IllegalStateException e) {
            r = -2;                 // never reached from Main
        } finally {
            if (r == 0) {
                r = 100;
            }
            counter++;
        }
        return r;
    }

    static final class Res implements AutoCloseable {
        final boolean failOnClose;
        Res(boolean failOnClose) {
            this.failOnClose = failOnClose;
        }
        int read() {
            return 42;
        }
        @Override
        public void close() throws IOException {
            if (failOnClose) {
                throw new IOException("close failed");
            }
        }
    }

    static int tryWithResources(boolean failOnClose) {
        try (Res r = new Res(failOnClose); InputStream in = new ByteArrayInputStream(new byte[] {1, 2})) {
            return r.read() + in.read();
        } catch (IOException e) {
            return -1;
        }
    }

    static int sync(int x) {
        synchronized (LOCK) {
            if (x > 0) {
                counter += x;
            }
            return counter;
        }
    }

    synchronized int syncMethod(boolean b) {
        return b ? 1 : 2;
    }

    static void thrower(int x) {
        if (x == 3) {
            throw new IllegalArgumentException("three");
        }
    }

    /** The call in the middle throws for x == 3: the code after it is not executed. */
    static int escapes(int x) {
        int a = x * 2;
        thrower(x);
        a += 1;
        return a;
    }

    static int catchesEscape(int x) {
        try {
            return escapes(x);
        } catch (IllegalArgumentException e) {
            return -3;
        }
    }

    static int nestedFinally(boolean fail) {
        int r = 0;
        try {
            try {
                if (fail) {
                    throw new RuntimeException("x");
                }
                r = 1;
            } finally {
                r += 10;
            }
        } catch (RuntimeException e) {
            r += 100;
        } finally {
            r += 1000;
        }
        return r;
    }

    static int multiCatch(int kind) {
        try {
            if (kind == 0) {
                throw new UnsupportedOperationException();
            } else if (kind == 1) {
                throw new ArrayIndexOutOfBoundsException();
            }
            return 0;
        } catch (UnsupportedOperationException | ArrayIndexOutOfBoundsException e) {
            return e instanceof UnsupportedOperationException ? 1 : 2;
        }
    }
}
