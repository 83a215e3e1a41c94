package contract;

/** One method leaves its thread interrupted; another waits: no run may inherit the status. */
public final class Waits {
    private Waits() {}

    private static final java.util.concurrent.CountDownLatch OPEN = new java.util.concurrent.CountDownLatch(0);

    /** Restores an interrupt status, as code that caught an InterruptedException should. */
    public static int restore(int n) {
        if (n > 5) {
            Thread.currentThread().interrupt();
        }
        return n;
    }

    /** Waits on an open latch: fails only on a thread already interrupted (which is a bug here). */
    public static int await(int n) {
        try {
            OPEN.await();
            return n;
        } catch (InterruptedException e) {
            throw new RuntimeException("interrupted", e);
        }
    }
}
