package fuzz;

/**
 * Allocates (first byte) x 64 KB, at most 16 MB: any heap holds it, so only an allocation limit
 * (-malloc_limit_mb) makes an input an OutOfMemoryError.
 */
public class BigAlloc {
    static Object keep;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 0) {
            keep = new byte[(data[0] & 0xff) << 16];
        }
    }
}
