package leak;

/** Starts a thread that waits until it is interrupted: every call leaves one behind. */
public final class Waiter {
    private Waiter() {}

    public static boolean await(int id) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // done
            }
        }, "waiter-" + id);
        t.setDaemon(true);
        t.start();
        return id > 0 && t.isAlive();
    }
}
