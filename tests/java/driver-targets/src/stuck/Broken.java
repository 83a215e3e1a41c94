package stuck;

/**
 * Uses a class whose static initializer always fails: the first use is a finding
 * (ExceptionInInitializerError); every later use in the same JVM meets "Could not initialize
 * class", which is no finding of its own.
 */
public final class Broken {
    private Broken() {}

    static final class Limits {
        static final int LIMIT = Integer.parseInt(System.getProperty("stuck.limit", "none"));
    }

    public static int limit(int n) {
        return Math.min(n, Limits.LIMIT);
    }
}
