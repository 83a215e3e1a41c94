package modlib.internal;

/** Not exported: the library's own helpers, public only for its other packages. */
public final class Defaults {
    private Defaults() {}

    /** A way of building the API's Codec that no user of the module can take. */
    public static final modlib.api.Codec CODEC = new modlib.api.Codec(8);

    /** A helper whose callers in the library give it only what it can read. */
    public static int cell(int[] table, int i) {
        if (i < 0) {
            return -1;
        }
        return table[i * 2];
    }
}
