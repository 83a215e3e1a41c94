package contract;

/**
 * A buffer as large as its constructor is asked: drivers build one as the argument of
 * Rules.total, and a negative capacity fails in that set-up call. That is the constructor's
 * contract, judged with the constructor's own arguments.
 */
public final class Buffer {
    private final int[] data;

    public Buffer(int capacity) {
        data = new int[Math.min(capacity, 4096)];
    }

    public int capacity() {
        return data.length;
    }
}
