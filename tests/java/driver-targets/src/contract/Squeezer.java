package contract;

import helper.Sink;

/**
 * A compressor over a dependency's stream: the range the caller gives is passed on, and the
 * dependency's refusal of a range outside the caller's array is the caller's. The compressor's
 * own trailer, written past its own buffer, stays a bug.
 */
public final class Squeezer {
    private final Sink sink = new Sink();
    private final byte[] trailer = new byte[4];

    /** Writes len bytes of b from off. */
    public void write(byte[] b, int from, int length) {
        sink.write(b, from, length);
    }

    /** Writes a byte of b from a position inside it, then its own padding past its buffer. */
    public long pad(byte[] b, int from) {
        if (from < 0 || from >= b.length) {
            return -1;
        }
        sink.write(b, from, 1);
        sink.write(trailer, 2, 4);
        return sink.total();
    }

    /** Ends the stream with a trailer of the given kind. */
    public long finish(int kind) {
        sink.write(trailer, kind == 7 ? 2 : 0, 4);
        return sink.total();
    }
}
