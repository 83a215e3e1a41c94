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
}
