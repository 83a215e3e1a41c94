package contract;

/**
 * Fields of a 16-byte record read at fixed offsets, as commons-compress's tar headers are (the
 * record readers rule, Expected.fixedRecord).
 */
public final class Headers {
    private Headers() {}

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
