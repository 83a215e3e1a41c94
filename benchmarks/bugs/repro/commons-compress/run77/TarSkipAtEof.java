import java.io.*;
import org.apache.commons.compress.archivers.tar.*;

/**
 * TarArchiveInputStream.skip(n) after the archive is exhausted: getNextEntry() returned null (end of archive reached,
 * currEntry set to null, atEof set), read() then returns -1 as it should, but skip(n) calls currEntry.getRealSize()
 * without a null check -> NullPointerException at TarArchiveInputStream.skip(TarArchiveInputStream.java:780).
 * skip's Javadoc says reaching end of file results in fewer bytes (0) being skipped; IOException is its only documented failure.
 * Public entry: TarArchiveInputStream over a well-formed one-entry tar written by TarArchiveOutputStream.
 */
public class TarSkipAtEof {
    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(bos)) {
            TarArchiveEntry e = new TarArchiveEntry("a.txt");
            byte[] data = "hello".getBytes("US-ASCII");
            e.setSize(data.length);
            out.putArchiveEntry(e);
            out.write(data);
            out.closeArchiveEntry();
        }
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            while (in.getNextEntry() != null) {
                in.readAllBytes();
            }
            System.out.println("read() at end of archive: " + in.read());
            System.out.println("skip(10) at end of archive: " + in.skip(10));
        } catch (IOException e) {
            System.out.println("IOException: " + e);
        } catch (Throwable t) {
            System.out.println("UNEXPECTED " + t);
            for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("org.apache.commons.compress")) { System.out.println("top library frame: " + e); break; }
            System.exit(1);
        }
    }
}
