import java.io.*;
import java.nio.charset.StandardCharsets;
import org.apache.commons.compress.archivers.tar.*;

/**
 * A well-formed one-entry tar (written by TarArchiveOutputStream) is read to its end with TarArchiveInputStream:
 * getNextEntry() returns null, read() then returns -1 as InputStream requires, but available() throws
 * NullPointerException ("this.currEntry" is null) at TarArchiveInputStream.available(TarArchiveInputStream.java:246):
 * getNextEntry sets currEntry = null at the end of the archive and available() dereferences it without a check
 * (InputStream.available must return 0 at end of stream; Zip/Cpio/Ar archive input streams return 0 here).
 * Public entry: TarArchiveInputStream.getNextEntry() / available().
 */
public class TarAvailableAfterEnd {
    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(bos)) {
            TarArchiveEntry e = new TarArchiveEntry("hello.txt");
            byte[] data = "hello".getBytes(StandardCharsets.US_ASCII);
            e.setSize(data.length);
            out.putArchiveEntry(e);
            out.write(data);
            out.closeArchiveEntry();
        }
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            while (in.getNextEntry() != null) {
                System.out.println("entry data: " + new String(in.readAllBytes(), StandardCharsets.US_ASCII));
            }
            System.out.println("read() after the last entry: " + in.read());
            try {
                System.out.println("available() after the last entry: " + in.available());
            } catch (Throwable t) {
                System.out.println("UNEXPECTED " + t);
                System.out.println("    at " + t.getStackTrace()[0]);
                System.exit(1);
            }
        }
    }
}
