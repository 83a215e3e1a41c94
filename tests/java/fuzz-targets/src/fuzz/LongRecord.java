package fuzz;

/**
 * A format that reads nothing until it has one whole 512-byte record, as a tar reader does:
 * a shorter input is the end of the archive, so no coverage rewards growing towards that
 * length. The bug sits behind two bytes of the record (commons-compress 1.20's PAX header
 * without an entry after it needs such a record).
 */
public class LongRecord {
    static final int RECORD = 512;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < RECORD) {
            return;
        }
        // The type flag (offset 156 of a tar header) and the magic's first byte (257).
        if (data[156] == 'x' && data[257] == 'u') {
            throw new IllegalStateException("a PAX header with no entry after it");
        }
    }
}
