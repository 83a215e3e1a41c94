package jlib;

/**
 * A reader over part of a buffer the caller gives, between a start and an end it never checks
 * (jackson-core's parsers built by hand over an input buffer): past the buffer, what the
 * reader does is the caller's doing; beside it, a read past the window the reader makes of
 * itself, a bug.
 */
public final class Window {
    private final byte[] buffer;
    private int ptr;
    private final int end;

    public Window(byte[] buffer, int start, int end) {
        this.buffer = buffer;
        this.ptr = start;
        this.end = end;
    }

    /** Contract: the sum of the bytes left; a start or end outside the buffer is the caller's. */
    public int sum() {
        int s = 0;
        while (ptr < end) {
            s += buffer[ptr++];
        }
        return s;
    }

    /** Bug: the byte after the window, read even when the window ends one before the buffer. */
    public int following() {
        if (ptr < 0 || ptr > end || end >= buffer.length) {
            return -1;
        }
        return buffer[end + 1];
    }
}
