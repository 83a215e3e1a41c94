package stall;

/**
 * Runs stopped past --timeout while waiting: for as long as the caller asked (contract), and
 * for ever on an object no one notifies, with nothing the caller could have asked (a bug).
 */
public final class Waits {
    private Waits() {}

    /** Sleeps for the milliseconds it is given. */
    public static void pause(long millis) throws InterruptedException {
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    /** Waits for ever on key 77 (an int is no time): an object that is never notified. */
    public static int hold(int key) throws InterruptedException {
        if (key == 77) {
            Object lock = new Object();
            synchronized (lock) {
                lock.wait();
            }
        }
        return key;
    }

    /** Waits for ever on the key "lock": an object that is never notified. */
    public static int forever(String key) throws InterruptedException {
        if (key.equals("lock")) {
            Object lock = new Object();
            synchronized (lock) {
                lock.wait();
            }
        }
        return key.length();
    }
}
