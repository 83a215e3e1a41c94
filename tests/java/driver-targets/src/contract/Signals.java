package contract;

/**
 * Helpers named for throwing (jackson-core's VersionUtil.throwInternal, its parsers'
 * _reportError): called directly, they throw by design. A method whose name only starts the
 * same way is judged as any other.
 */
public final class Signals {
    private Signals() {}

    /** Contract: exists to throw. */
    public static void throwInternal() {
        throw new IllegalStateException("Internal error: this code path should never get executed");
    }

    /** Bug: counts failures, and refuses an empty log it should count as none. */
    public static int failures(String log) {
        if (log.isEmpty()) {
            throw new IllegalStateException("no log");
        }
        return log.split("FAIL", -1).length - 1;
    }
}
