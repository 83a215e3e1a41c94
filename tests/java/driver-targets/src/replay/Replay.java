package replay;

/**
 * Fails the first time it is given "again", then waits for ever on that same input: the
 * replay that records a finding's readable reproducer (outside the fuzz loop's executions)
 * must be stopped, where it once stalled the campaign for good. The state is an object's, not a
 * static field the drivers put back after a static call (Statics): a library's cache or registry.
 */
public final class Replay {
    private static final java.util.concurrent.atomic.AtomicBoolean FAILED_ONCE =
            new java.util.concurrent.atomic.AtomicBoolean();

    private Replay() {}

    public static void check(String word) throws InterruptedException {
        if (word.equals("again")) {
            while (FAILED_ONCE.get()) {
                Thread.sleep(1000);
            }
            FAILED_ONCE.set(true);
            throw new IllegalStateException("first time");
        }
    }
}
