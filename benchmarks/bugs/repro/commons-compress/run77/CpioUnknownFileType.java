import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;

/**
 * A one-entry "newc" cpio archive (magic 070701) whose c_mode field is 00170644: the file-type bits 0170000 are not one of
 * the known types. CpioArchiveInputStream.readNewEntry passes any mode with non-zero type bits to CpioArchiveEntry.setMode,
 * which rejects it -> IllegalArgumentException("Unknown mode. ...") at CpioArchiveEntry.setMode(CpioArchiveEntry.java:849)
 * escapes getNextEntry instead of an IOException for the corrupt header.
 * Public entry: new CpioArchiveInputStream(InputStream).getNextEntry().
 */
public class CpioUnknownFileType {
    static String hex8(long v) {
        return String.format("%08x", v);
    }

    public static void main(String[] args) throws Exception {
        String name = "a.txt";
        StringBuilder h = new StringBuilder("070701");
        h.append(hex8(1));                 // c_ino
        h.append(hex8(0170644));           // c_mode: unknown file type 0170000
        h.append(hex8(0)).append(hex8(0)); // c_uid, c_gid
        h.append(hex8(1));                 // c_nlink
        h.append(hex8(0));                 // c_mtime
        h.append(hex8(0));                 // c_filesize
        h.append(hex8(0)).append(hex8(0)).append(hex8(0)).append(hex8(0)); // dev/rdev major/minor
        h.append(hex8(name.length() + 1)); // c_namesize
        h.append(hex8(0));                 // c_check
        h.append(name).append('\0');
        while (h.length() % 4 != 0) h.append('\0');
        byte[] archive = h.toString().getBytes(StandardCharsets.US_ASCII);
        try (CpioArchiveInputStream in = new CpioArchiveInputStream(new ByteArrayInputStream(archive))) {
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
