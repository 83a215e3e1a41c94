package mend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generic overloads javac cannot tell apart when the generated driver passes raw-typed
 * arguments (commons-collections4's {@code DefaultedMap.defaultedMap(Map, Factory)} against
 * {@code defaultedMap(Map, V)}): the drivers of both {@code withFactory} overloads, and the way
 * of building a Defaults through them, must be mended rather than end the run.
 */
public final class Defaults<V> {
    /** Makes the value for a missing key. */
    public interface Factory<T> {
        T create();
    }

    /** A factory answering one value. */
    public static final class Constant<T> implements Factory<T> {
        private final T value;

        public Constant(T value) {
            this.value = value;
        }

        @Override
        public T create() {
            return value;
        }
    }

    private final Map<String, V> map;
    private final V fallback;

    private Defaults(Map<String, V> map, V fallback) {
        this.map = new LinkedHashMap<>(map);
        this.fallback = fallback;
    }

    /** A table answering {@code factory.create()} for keys it does not hold. */
    public static <V> Defaults<V> of(Map<String, V> map, Factory<? extends V> factory) {
        return new Defaults<>(map, factory == null ? null : factory.create());
    }

    /** A table answering {@code value} for keys it does not hold. */
    public static <V> Defaults<V> of(Map<String, V> map, V value) {
        return new Defaults<>(map, value);
    }

    /** A table with nothing in it. */
    public static Defaults<String> empty() {
        return new Defaults<>(new LinkedHashMap<>(), "");
    }

    /** How many of the keys have a value, by the factory's default. */
    public static <V> int count(Map<String, V> map, Factory<? extends V> factory) {
        int[] seen = new int[map.size()];
        // Planted bug: the third key reads past an array sized for the keys (size 2 only).
        if (map.size() == 2) {
            return seen[2];
        }
        return seen.length;
    }

    /** How many of the keys have a value, by a default value. */
    public static <V> int count(Map<String, V> map, V value) {
        return map.size();
    }

    public V get(String key) {
        V v = map.get(key);
        return v == null ? fallback : v;
    }

    public int size() {
        return map.size();
    }
}
