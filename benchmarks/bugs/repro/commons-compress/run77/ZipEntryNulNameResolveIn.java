import java.io.*;
import java.nio.file.*;
import org.apache.commons.compress.archivers.zip.*;
import org.apache.commons.compress.archivers.examples.Expander;

/**
 * A ZIP archive whose entry name contains a NUL byte ("evil\0.txt"; ZIP names are length-prefixed, so NUL is storable).
 * Expander.expand(InputStream, File) (documented: IOException, ArchiveException) calls entry.resolveIn(targetDir), the
 * library's zip-slip-safe resolver for untrusted entry names (documented: IOException); it calls
 * Path.resolve(name) unguarded, and the JDK throws the unchecked java.nio.file.InvalidPathException
 * ("Nul character not allowed") at ArchiveEntry.resolveIn(ArchiveEntry.java:77) instead of an IOException.
 */
public class ZipEntryNulNameResolveIn {
    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(bos)) {
            ZipArchiveEntry e = new ZipArchiveEntry("evil\u0000.txt");
            out.putArchiveEntry(e);
            out.write(new byte[] {'x'});
            out.closeArchiveEntry();
        }
        Path dir = Files.createTempDirectory("exp");
        try {
            new Expander().expand(new ByteArrayInputStream(bos.toByteArray()), dir.toFile());
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (expected behaviour): " + e);
        } catch (Throwable t) {
            System.out.println("UNEXPECTED " + t);
            for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("org.apache.commons.compress")) { System.out.println("top library frame: " + e); break; }
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(8, st.length); i++) System.out.println("    at " + st[i]);
            System.exit(1);
        } finally {
            Files.walk(dir).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
