import java.nio.charset.StandardCharsets;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;

public class TarEntryUncheckedIO {
    public static void main(String[] args) {
        // A full 512-byte tar header whose mode field is not octal.
        // Javadoc of TarArchiveEntry(byte[]): "@throws IllegalArgumentException if any of the
        // numeric fields have an invalid format"; parseTarHeader(byte[]) wraps the retry's
        // IOException in UncheckedIOException ("not really possible").
        byte[] header = new byte[512];
        byte[] name = "file.txt".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, header, 0, name.length);
        byte[] mode = "0064x44 ".getBytes(StandardCharsets.US_ASCII); // offset 100, len 8
        System.arraycopy(mode, 0, header, 100, mode.length);
        new TarArchiveEntry(header);
    }
}
