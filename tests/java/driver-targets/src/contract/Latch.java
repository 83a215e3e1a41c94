package contract;

/** A latch that must be opened before it is awaited (its Javadoc says so; only Latches awaits). */
public final class Latch {
    private boolean open;

    public void open() {
        open = true;
    }

    /**
     * Waits for the latch.
     *
     * @return 1
     * @throws IllegalStateException if open() was not called first
     */
    int await() {
        if (!open) {
            throw new IllegalStateException("open() must be called first");
        }
        return 1;
    }
}
