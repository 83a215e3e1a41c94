package contract;

/** Checksums over the first `length` bytes of an array (commons-codec's MurmurHash3.hash32). */
public final class Spans {
    private Spans() {}

    /** Contract: sums the first length bytes of data; a length past its end is the caller's. */
    public static int sum(byte[] data, int length) {
        int s = 0;
        for (int i = 0; i < length; i++) {
            s += data[i];
        }
        return s;
    }

    /** Bug: differences inside a length it checked, reading one before the array at the start. */
    public static int deltas(byte[] data, int length) {
        if (length < 0 || length > data.length) {
            return 0;
        }
        int s = 0;
        for (int i = 0; i < length; i++) {
            s += data[i] - data[i - 1];
        }
        return s;
    }

    /**
     * Bug: sizes its output from a length it never checked (commons-lang3's StringUtils.join):
     * a negative length is outside, but the method's due was an index exception, not a
     * negative array size (so is the wrong constant, for a length up to 500).
     */
    public static char[] hex(byte[] data, int offset, int length) {
        return length > 1000 ? null : new char[length * 2 - 1001];
    }

    /**
     * Contract: a copy of the first len bytes, zeros past the source's end (commons-math3's
     * MathArrays.copyOf, as Arrays.copyOf): a negative length is a size the caller gave.
     */
    public static byte[] copyOf(byte[] source, int len) {
        byte[] out = new byte[len];
        System.arraycopy(source, 0, out, 0, Math.min(len, source.length));
        return out;
    }

    /**
     * Bug: copies the bytes before an offset it checked only against the end, so a negative
     * offset is a negative array size where an index exception was due.
     */
    public static byte[] head(byte[] data, int offset) {
        if (offset >= data.length) {
            return data.clone();
        }
        byte[] out = new byte[offset];
        System.arraycopy(data, 0, out, 0, offset);
        return out;
    }
}
