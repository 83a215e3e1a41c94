package contract;

/**
 * Hex digits written into an array the caller gives (commons-codec's Hex.encodeHex(data, ...,
 * out, outOffset)): an `out` too short is the caller's; the same write past the end of an array
 * not named as an output is the method's.
 */
public final class HexOut {
    private HexOut() {}

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    /** Contract: two digits per byte into out, which must hold them. */
    public static void encode(byte[] data, char[] out) {
        for (int i = 0; i < data.length; i++) {
            // One line, one throwing site for both digits.
            out[2 * i] = DIGITS[(data[i] >> 4) & 15]; out[2 * i + 1] = DIGITS[data[i] & 15];
        }
    }

    /** Bug: the same into an array it does not document as an output (its own scratch space). */
    public static int spread(byte[] data, char[] chars) {
        for (int i = 0; i < data.length; i++) {
            // One line, one throwing site for both digits.
            chars[2 * i] = DIGITS[(data[i] >> 4) & 15]; chars[2 * i + 1] = DIGITS[data[i] & 15];
        }
        return data.length;
    }

    /**
     * Contract: the span dataOffset, dataLen of data, hex digits from outOffset of out. A span
     * past the end of data is the caller's, however long out is.
     */
    public static void encodeRange(byte[] data, int dataOffset, int dataLen, char[] out, int outOffset) {
        if (dataOffset < 0 || dataLen < 0 || outOffset < 0) {
            return;
        }
        for (int i = dataOffset, j = outOffset; i < dataOffset + dataLen; i++, j += 2) {
            int b = data[i];
            if (j >= 0 && j < out.length - 1) {
                out[j] = DIGITS[(b >> 4) & 15]; out[j + 1] = DIGITS[b & 15];
            }
        }
    }

    /** Bug: checks its span, then reads the byte after it, past the end when the span ends there. */
    public static int trailer(byte[] data, int dataOffset, int dataLen) {
        if (dataOffset < 1 || dataLen < 1 || dataOffset > data.length - dataLen) {
            return -1;
        }
        return data[dataOffset + dataLen];
    }

    /**
     * Contract: room for two digits per pair the caller asks for; a negative count sizes
     * nothing. (A count, not a position: a method sizing with positions it never checked owed
     * an index exception, Spans.hex.)
     */
    public static char[] encodePairs(byte[] data, int pairs) {
        if (pairs > 4096) {
            return null;
        }
        char[] out = new char[pairs << 1];
        for (int i = 0; i < Math.min(pairs, data.length); i++) {
            out[2 * i] = DIGITS[(data[i] >> 4) & 15];
        }
        return out;
    }

    /** Bug: sizes its output from the bytes left after a skip it never compared with the data. */
    public static char[] skipped(byte[] data, int skip) {
        if (skip < 0) {
            return null;
        }
        return new char[(data.length - skip) << 1];
    }
}
