package contract;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * An archive-like stream that takes data only inside an entry: its refusal is a state check,
 * also when the JDK passes the data on (InputStream.transferTo into it). A static check that
 * throws IllegalStateException from under a JDK stream has no state to refuse, and parts of
 * its own the stream writes to through a forEach refuse for its own reasons: bugs.
 */
public final class EntryStream extends OutputStream {
    private String current;
    private long written;

    /** Starts an entry. */
    public void put(String name) {
        current = name;
    }

    /** Writes a byte of the current entry. */
    @Override
    public void write(int b) {
        if (current == null) {
            throw new IllegalStateException("No current entry");
        }
        written++;
    }

    /** Copies the data into the current entry. */
    public long copy(byte[] data) throws IOException {
        return new ByteArrayInputStream(data).transferTo(this);
    }

    /** Writes a byte to parts of its own, none of them in an entry. */
    public int flushParts(int n) {
        java.util.List<EntryStream> parts = java.util.List.of(new EntryStream());
        parts.forEach(p -> p.write(n));
        return parts.size();
    }

    /** The sum of the sizes. */
    public static int total(int[] sizes) {
        return Arrays.stream(sizes).map(EntryStream::sizeOf).sum();
    }

    private static int sizeOf(int size) {
        if (size < 0) {
            throw new IllegalStateException("negative size " + size);
        }
        return size;
    }
}
