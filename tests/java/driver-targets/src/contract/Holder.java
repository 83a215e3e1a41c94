package contract;

/** Values the caller hands over, which the JDK refuses as null. */
public final class Holder {
    private final String value;

    public Holder() {
        this.value = null;
    }

    public Holder(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /**
     * Contract: a holder with no value gives ConcurrentHashMap a null, which it refuses
     * (its own NullPointerException: the caller's null, passed on).
     */
    public static int store(String key, Holder h) {
        java.util.concurrent.ConcurrentHashMap<String, String> m = new java.util.concurrent.ConcurrentHashMap<>();
        m.put(key, h.value());
        return m.size();
    }

    /**
     * Contract: the constants of the class the caller gave, which the JDK gives as null for a
     * class that is no enum and then refuses to list (commons-lang3's EnumUtils.getEnumList).
     */
    public static int constants(Class<?> type) {
        return java.util.Arrays.asList(type.getEnumConstants()).size();
    }

    /** Bug: a null array of its own, which the JVM faults on inside the JDK ("Cannot read ..."). */
    public static String copy(String key) {
        char[] chars = key.length() > 3 ? null : key.toCharArray();
        return String.valueOf(chars);
    }
}
