import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.dump.DumpArchiveInputStream;

/**
 * A 4-record (4 KiB) dump archive: summary, empty CLRI, empty BITS, then an INODE segment header whose c_count
 * (offset 160) is 600 while the c_addr map (cdata) holds only 512 bytes. DumpArchiveInputStream.getNextEntry skips the
 * records of the segment with "while (readIdx < active.getHeaderCount()) active.isSparseRecord(readIdx++)" and never
 * bounds readIdx by 512 (read() does), so isSparseRecord(512) -> TapeSegmentHeader.getCdata(512)
 * -> ArrayIndexOutOfBoundsException instead of an IOException for the corrupt archive.
 * Public entry: new DumpArchiveInputStream(InputStream).getNextEntry().
 */
public class DumpHeaderCountOver512 {
    static final int REC = 1024;

    static void put32(byte[] b, int off, int v) {
        b[off] = (byte) v; b[off + 1] = (byte) (v >> 8); b[off + 2] = (byte) (v >> 16); b[off + 3] = (byte) (v >> 24);
    }

    static int get32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    /** Sets NFS_MAGIC and a checksum so that the 256 little-endian ints of the record add up to 84446. */
    static void seal(byte[] b, int off) {
        put32(b, off + 24, 60012);
        put32(b, off + 28, 0);
        int sum = 0;
        for (int i = 0; i < 256; i++) sum += get32(b, off + 4 * i);
        put32(b, off + 28, 84446 - sum);
    }

    public static void main(String[] args) throws Exception {
        byte[] a = new byte[4 * REC];
        // record 0: summary (tape header), 1 record per block, uncompressed
        put32(a, 0, 1);
        put32(a, 896, 1);
        seal(a, 0);
        // record 1: CLRI segment with no data records
        put32(a, REC, 6);
        seal(a, REC);
        // record 2: BITS segment with no data records
        put32(a, 2 * REC, 3);
        seal(a, 2 * REC);
        // record 3: INODE segment, inode 5, regular file, c_count = 600 (cdata all 0 = holes, nothing to skip)
        int o = 3 * REC;
        put32(a, o, 2);
        put32(a, o + 20, 5);
        a[o + 32] = 0; a[o + 33] = (byte) 0x81; // mode 0100000 (regular file)
        put32(a, o + 160, 600);
        seal(a, o);

        try (DumpArchiveInputStream in = new DumpArchiveInputStream(new ByteArrayInputStream(a))) {
            ArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                System.out.println("entry " + e.getName());
            }
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (the documented failure): " + e);
        }
    }
}
