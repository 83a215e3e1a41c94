package contract;

/**
 * A registry the caller fills (commons-validator's ValidatorResources): made empty, it has no
 * defaults until register or load; made from a name, its constructor loads them. A Lookup
 * handed one made empty finds nothing set up: the caller's. Defaults its own forget() let go,
 * in one its constructor loaded, are the class's own bug.
 */
public final class Registry {
    // An array, not a Map: a Map.get call is redirected to the fuzzer's comparison hook,
    // whose NullPointerException names its own parameter, not this field.
    private String[] defaults;

    public Registry() {
    }

    public Registry(String name) {
        load(name);
    }

    public void load(String name) {
        defaults = new String[] {name};
    }

    public void register(String key, String value) {
        if (defaults == null) {
            defaults = new String[0];
        }
        defaults = java.util.Arrays.copyOf(defaults, defaults.length + 1);
        defaults[defaults.length - 1] = key + "=" + value;
    }

    String lookup(String key) {
        for (int i = 0; i < defaults.length; i++) {
            if (defaults[i].startsWith(key)) {
                return defaults[i];
            }
        }
        return null;
    }

    String lookupFresh(String key) {
        for (int i = 0; i < defaults.length; i++) {
            if (defaults[i].equals(key)) {
                return defaults[i];
            }
        }
        return null;
    }

    void forget() {
        defaults = null;
    }
}
