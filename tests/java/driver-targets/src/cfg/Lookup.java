package cfg;

/** Callers hand over a Source of a default (a Supplier, as commons-cli takes); the method calls it back. */
public final class Lookup {
    private Lookup() {}

    /** The value for key "k", else the fallback's: a Spec.Builder without a name refuses to build. */
    public static <T> T valueOr(String key, Source<T> fallback) {
        if (key != null && key.equals("k")) {
            return null;
        }
        return fallback.get();
    }

    /** A bug: the method builds the Spec itself, and forgets the name when the key is empty. */
    public static Spec named(String key) {
        return Spec.builder().name(key == null || key.isEmpty() ? null : key).get();
    }
}
