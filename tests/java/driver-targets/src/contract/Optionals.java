package contract;

import absent.Codec;

/**
 * Code that needs an optional dependency the run's class path lacks (absent.Codec, compiled
 * against but not there): the user's class path, a contract. A class of the library's own
 * that its jar lacks (contract.Gone), and an initializer of the library's own that throws,
 * stay bugs.
 */
public final class Optionals {
    private Optionals() {}

    /** Compresses with the optional codec. */
    public static byte[] squeeze(byte[] data) {
        return Codec.squeeze(data);
    }

    private static final class Tables {
        static final int SIZE = Codec.tableSize();
    }

    /** The codec's table size times a positive scale, else 0. */
    public static int tableSize(int scale) {
        return scale > 0 ? Tables.SIZE * scale : 0;
    }

    private static final class Limits {
        static final int MAX = Integer.parseInt(System.getProperty("optionals.max", "none"));
    }

    /** The smaller of n and the configured maximum. */
    public static int limit(int n) {
        return n < 0 ? 0 : Math.min(n, Limits.MAX);
    }

    /** A value of a class the library's jar lacks. */
    public static int gone(int n) {
        return n < 0 ? 0 : Gone.value() + n;
    }
}
