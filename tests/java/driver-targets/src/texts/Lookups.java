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

    /**
     * Contract: a reference "Class#FIELD:format" names the class whose field it formats (the
     * class before '#', though the text goes on past a ':').
     */
    public static String field(String ref) {
        int hash = ref.indexOf('#');
        int colon = ref.indexOf(':', hash + 1);
        if (hash <= 0 || colon < 0) {
            return null;
        }
        try {
            Object v = Class.forName(ref.substring(0, hash)).getField(ref.substring(hash + 1, colon)).get(null);
            return String.format(ref.substring(colon + 1), v);
        } catch (ReflectiveOperationException | LinkageError | java.util.IllegalFormatException e) {
            return null;
        }
    }

    /** Bug: loads a class named inside a larger text it was given (after its first character). */
    public static Object typeOf(String header) {
        try {
            return header.isEmpty() ? null : Class.forName(header.substring(1));
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
