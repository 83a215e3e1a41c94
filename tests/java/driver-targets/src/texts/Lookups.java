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

    /** Contract: loads every class the caller names in the list. */
    public static int loadAll(java.util.List<String> names) {
        int loaded = 0;
        for (String name : names) {
            try {
                Class.forName(name);
                loaded++;
            } catch (ReflectiveOperationException | LinkageError e) {
                // not a class
            }
        }
        return loaded;
    }

    /**
     * Bug: loads the class named after the first character of the one header in the list (so
     * no element of the list is the name it loads).
     */
    public static Object typesOf(java.util.List<String> headers) {
        if (headers.size() != 1 || headers.get(0).isEmpty()) {
            return null;
        }
        try {
            return Class.forName(headers.get(0).substring(1));
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
