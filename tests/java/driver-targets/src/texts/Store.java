package texts;

/** Files by name: a store opens what it is asked for (the caller chose a store). */
public final class Store {
    /** Contract: a lookup key "charset:path" names the file it opens. */
    public boolean has(String key) {
        int colon = key.indexOf(':');
        return colon > 0 && new java.io.File(key.substring(colon + 1)).exists();
    }

    boolean open(String name) {
        return new java.io.File(name).exists();
    }
}
