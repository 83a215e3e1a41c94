package texts;

/** Files by name: a store opens what it is asked for (the caller chose a store). */
public final class Store {
    /** Contract: a lookup key "charset:path" names the file it opens. */
    public boolean has(String key) {
        int colon = key.indexOf(':');
        return colon > 0 && new java.io.File(key.substring(colon + 1)).exists();
    }

    /** Contract: a properties key "path::name" names the file it reads (commons-text's properties lookup). */
    public boolean hasEntry(String key) {
        int sep = key.indexOf("::");
        return sep > 0 && new java.io.File(key.substring(0, sep)).exists();
    }

    boolean open(String name) {
        return new java.io.File(name).exists();
    }
}
