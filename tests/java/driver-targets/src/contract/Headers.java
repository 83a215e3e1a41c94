package contract;

/**
 * Fields of a 16-byte record read at fixed offsets, as commons-compress's tar headers are (the
 * record readers rule, Expected.fixedRecord).
 */
public final class Headers {
    private static final byte[] MAGIC = {'H', 'D', 'R', '0'};

    private Headers() {}

    /**
     * Contract: copies the magic to the start of the caller's record and pads the rest of it,
     * as commons-compress's TarArchiveEntry.writeEntryHeader does: it measures the buffer
     * only for the padding, after the fields, so a buffer shorter than the magic is the
     * caller's (the fault is System.arraycopy's).
     */
    public static void write(byte[] out) {
        System.arraycopy(MAGIC, 0, out, 0, 4);
        java.util.Arrays.fill(out, 4, out.length, (byte) ' ');
    }

    /**
     * Bug: reads the kind from the record's first byte before it looks at the length; a
     * method that measures the record refuses an empty one itself.
     */
    public static int kind(byte[] header) {
        int k = header[0];
        if (header.length > 1) {
            k += header[1];
        }
        return k;
    }

    /**
     * Contract: reads the mode at offset 8 of the caller's record; neither it nor its helper
     * (where the fault is) measures the array, so a record shorter than 12 bytes is the
     * caller's.
     */
    public static long mode(byte[] header) {
        return octal(header, 8, 4);
    }

    /**
     * Bug: sums the record up to and including its length (an off-by-one of a method that
     * measures the array).
     */
    public static long checksum(byte[] header) {
        if (header.length == 0 || header[0] != 'C') {
            return -1;
        }
        long sum = 0;
        for (int i = 0; i <= header.length; i++) {
            sum += header[i];
        }
        return sum;
    }

    private static long octal(byte[] b, int offset, int length) {
        long v = 0;
        for (int i = offset; i < offset + length; i++) {
            v = v * 8 + (b[i] - '0');
        }
        return v;
    }
}
