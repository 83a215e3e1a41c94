import java.io.*;
import java.nio.charset.StandardCharsets;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;

/**
 * A 90-byte old-ASCII ("odc", magic 070707) cpio header whose 11-digit octal c_filesize is "77777777777" (8589934591, more
 * than the 32-bit maximum) - or "-0000000001". CpioArchiveInputStream.readOldAsciiEntry passes the parsed value straight to
 * CpioArchiveEntry.setSize, which rejects it with IllegalArgumentException("Invalid entry size <...>") at
 * CpioArchiveEntry.setSize(CpioArchiveEntry.java:913); the following "getSize() < 0 -> IOException" check is never reached.
 * The same happens for a new-ASCII (070701) header whose 8-hex-digit size is "-0000001".
 * Public entry: CpioArchiveInputStream.getNextEntry(), documented to throw IOException for a corrupt archive.
 */
public class CpioOversizeSize {
    public static void main(String[] args) {
        int failures = 0;
        for (String size : new String[] {"77777777777", "-0000000001"}) {
            String odc = "070707" + "000000" + "000000" + "100644" + "000000" + "000000" + "000001" + "000000"
                    + "00000000000" + "000002" + size + "a\0";
            failures += run("odc c_filesize=" + size, odc);
        }
        String newc = "070701" + "00000000" + "000081a4" + "00000000" + "00000000" + "00000001" + "00000000" + "-0000001"
                + "00000000" + "00000000" + "00000000" + "00000000" + "00000002" + "00000000" + "a\0" + "\0\0";
        failures += run("newc c_filesize=-0000001", newc);
        System.exit(failures == 0 ? 0 : 1);
    }

    static int run(String label, String archive) {
        try (CpioArchiveInputStream in = new CpioArchiveInputStream(new ByteArrayInputStream(archive.getBytes(StandardCharsets.US_ASCII)))) {
            ArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                System.out.println(label + ": entry " + e.getName() + " size " + e.getSize());
            }
            System.out.println(label + ": no exception");
            return 0;
        } catch (IOException e) {
            System.out.println(label + ": IOException (expected behaviour): " + e);
            return 0;
        } catch (Throwable t) {
            System.out.println(label + ": UNEXPECTED " + t);
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(4, st.length); i++) System.out.println("    at " + st[i]);
            return 1;
        }
    }
}
