import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * ZipArchiveEntry.setAlignment accepts any power of two up to 0xffff ("must be power of two and no bigger than 65535"),
 * so setAlignment(32768) succeeds; but ZipArchiveOutputStream.putArchiveEntry (createLocalFileHeader) then builds
 * new ResourceAlignmentExtraField(32768, ...), whose limit is Short.MAX_VALUE (0x7fff)
 * -> IllegalArgumentException("Alignment must be between 0 and 0x7fff, was: 32768") at
 * ResourceAlignmentExtraField.<init>(ResourceAlignmentExtraField.java:94). A value the API accepted makes writing fail.
 * Public entry: ZipArchiveEntry.setAlignment(int) + ZipArchiveOutputStream.putArchiveEntry(ZipArchiveEntry).
 */
public class ZipAlignment32768 {
    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zos = new ZipArchiveOutputStream(bytes)) {
            ZipArchiveEntry entry = new ZipArchiveEntry("a.txt");
            entry.setAlignment(32768); // accepted: power of two, <= 65535
            System.out.println("setAlignment(32768) accepted");
            zos.putArchiveEntry(entry);
            zos.write("hello".getBytes(StandardCharsets.US_ASCII));
            zos.closeArchiveEntry();
        }
        System.out.println("no exception, " + bytes.size() + " bytes");
    }
}
