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
     * Bug: turns an empty tag into no locale and hands that to the JDK, which refuses the null
     * (opencsv's ConverterDate and Chronology.ofLocale); the caller gave no null.
     */
    public static String chronology(String tag) {
        java.util.Locale l = tag.isEmpty() ? null : java.util.Locale.forLanguageTag(tag);
        return java.time.chrono.Chronology.ofLocale(l).getId();
    }

    /** Bug: a null array of its own, which the JVM faults on inside the JDK ("Cannot read ..."). */
    public static String copy(String key) {
        char[] chars = key.length() > 3 ? null : key.toCharArray();
        return String.valueOf(chars);
    }
}
