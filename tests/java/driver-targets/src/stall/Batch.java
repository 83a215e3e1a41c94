package stall;

/** A receiver whose constructor works as long as its size asks: a set-up call that stalls. */
public final class Batch {
    static volatile long sink;

    private final int size;

    public Batch(int size) {
        for (long i = 0; i < size; i += 4) {
            sink += i % 5;
        }
        this.size = size;
    }

    /** The size, or -1 when negative. */
    public int size() {
        return size < 0 ? -1 : size;
    }
}
