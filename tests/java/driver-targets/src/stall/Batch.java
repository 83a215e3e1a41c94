package stall;

/**
 * A receiver whose constructor works as long as its size asks: a set-up call that stalls. A
 * step of 32 keeps a size below 2^24 (half a million steps) far from the test's 250 ms
 * timeout even in the interpreter (a stop thrown into the loop can deoptimise it), while a
 * size of billions takes seconds.
 */
public final class Batch {
    static volatile long sink;

    private final int size;

    public Batch(int size) {
        for (long i = 0; i < size; i += 32) {
            sink += i % 5;
        }
        this.size = size;
    }

    /** The size, or -1 when negative. */
    public int size() {
        return size < 0 ? -1 : size;
    }
}
