package fuzz;

/**
 * Exceptions whose messages hold unpaired surrogates (text decoded from arbitrary bytes, as
 * commons-text's EntityArrays.invert reported them): one throwing site, so one finding, with
 * its top frame intact.
 */
public class LoneSurrogate {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 0) {
            StringBuilder b = new StringBuilder("duplicate key ");
            for (byte x : data) {
                b.append((char) (0xD800 + (x & 0x7ff)));
            }
            throw new IllegalStateException(b.toString());
        }
    }
}
