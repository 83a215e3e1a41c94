package fuzz;

/**
 * A hash table whose bucket array is one slot short (sized 2^22 - 1 for a 22-bit hash): only the
 * keys whose multiplicative hash is the last bucket, 1 in 2^22, read past its end. Nothing in the
 * code compares the index, so neither input-to-state nor the value profile leads there; the
 * access's own bounds check, a branch of the solver's path condition, does.
 */
public class SolveBucket {
    private static final int[] BUCKETS = new int[(1 << 22) - 1];
    public static int sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int key = (data[0] & 0xff) | (data[1] & 0xff) << 8 | (data[2] & 0xff) << 16 | (data[3] & 0xff) << 24;
        sink += BUCKETS[(key * 0x9E3779B1) >>> 10];
    }
}
