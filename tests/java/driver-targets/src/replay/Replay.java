package replay;

/**
 * Fails the first time it is given "again", then waits for ever on that same input: the
 * replay that records a finding's readable reproducer (outside the fuzz loop's executions)
 * must be stopped, where it once stalled the campaign for good.
 */
public final class Replay {
    private static boolean failedOnce;

    private Replay() {}

    public static void check(String word) throws InterruptedException {
        if (word.equals("again")) {
            while (failedOnce) {
                Thread.sleep(1000);
            }
            failedOnce = true;
            throw new IllegalStateException("first time");
        }
    }
}
