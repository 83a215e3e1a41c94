package jlib.io;

/**
 * A reader over a text. close() releases the buffer read() uses: a driver must not pick it to
 * set up read() (every read after it fails on the closed object, the caller's misuse).
 */
public final class Source implements AutoCloseable {
    private char[] buf;
    private int pos;

    public Source(String text) {
        buf = text.toCharArray();
    }

    public int read() {
        return pos < buf.length ? buf[pos++] : -1;
    }

    @Override
    public void close() {
        buf = null;
    }
}
