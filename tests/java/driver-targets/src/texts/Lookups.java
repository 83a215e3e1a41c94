package texts;

/** Lookup keys: "prefix:value", as commons-text's lookups take them. */
public final class Lookups {
    private Lookups() {}

    /** Contract: a lookup key "prefix:Class" names the class it loads. */
    public static Object constant(String key) {
        int colon = key.indexOf(':');
        try {
            return colon <= 0 ? null : Class.forName(key.substring(colon + 1));
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
