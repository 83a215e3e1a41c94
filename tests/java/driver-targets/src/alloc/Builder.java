package alloc;

/**
 * A text builder whose padding grows its buffer to twice what it holds plus the length asked
 * for: over the allocation limit, that size is the caller's length, grown (contract).
 */
public final class Builder {
    private char[] buffer = new char[16];
    private int size;

    public Builder(String text) {
        append(text);
    }

    public Builder append(String s) {
        ensure(size + s.length());
        s.getChars(0, s.length(), buffer, size);
        size += s.length();
        return this;
    }

    /** Appends `length` copies of c (at most four million). */
    public Builder pad(int length, char c) {
        if (length < 0 || length > 4_000_000) {
            throw new IllegalArgumentException("length out of range: " + length);
        }
        ensure(size + length);
        java.util.Arrays.fill(buffer, size, size + length, c);
        size += length;
        return this;
    }

    public int length() {
        return size;
    }

    private void ensure(int capacity) {
        if (capacity > buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, capacity * 2);
        }
    }
}
