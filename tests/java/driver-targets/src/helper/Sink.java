package helper;

/** A dependency's stream that checks the range it is given, as xz's XZOutputStream does. */
public final class Sink {
    private long total;

    public void write(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off + len < 0 || off + len > b.length) {
            throw new IndexOutOfBoundsException();
        }
        total += len;
    }

    public long total() {
        return total;
    }
}
