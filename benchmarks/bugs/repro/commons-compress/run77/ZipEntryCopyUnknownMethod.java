import java.io.*;
import org.apache.commons.compress.archivers.zip.*;

/**
 * ZipArchiveEntry's copy constructor rejects the library's own default: a new ZipArchiveEntry("a.txt") has method
 * ZipMethod.UNKNOWN_CODE (-1) until one is set (ZipArchiveOutputStream.putArchiveEntry fills in the default later), but
 * new ZipArchiveEntry(entry) copies it with setMethod(entry.getMethod()), and setMethod throws
 * IllegalArgumentException("ZIP compression method cannot be negative: -1") at ZipArchiveEntry.setMethod(ZipArchiveEntry.java:1394).
 * Public entries: new ZipArchiveEntry(ZipArchiveEntry), new ZipArchiveEntry(java.util.zip.ZipEntry) (a JDK ZipEntry with no
 * method set), and ZipArchiveOutputStream.addRawArchiveEntry(entry, raw), which copies the entry first.
 */
public class ZipEntryCopyUnknownMethod {
    static void attempt(String what, Callable c) {
        try {
            c.call();
            System.out.println(what + ": no exception");
        } catch (Throwable t) {
            System.out.println(what + ": " + (t instanceof IOException ? "IOException " : "UNEXPECTED ") + t);
            for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("org.apache.commons.compress")) { System.out.println("    top library frame: " + e); break; }
        }
    }
    interface Callable { void call() throws Exception; }

    public static void main(String[] args) throws Exception {
        attempt("new ZipArchiveEntry(new ZipArchiveEntry(\"a.txt\"))", () -> new ZipArchiveEntry(new ZipArchiveEntry("a.txt")));
        attempt("new ZipArchiveEntry(new java.util.zip.ZipEntry(\"a.txt\"))", () -> new ZipArchiveEntry(new java.util.zip.ZipEntry("a.txt")));
        attempt("ZipArchiveOutputStream.addRawArchiveEntry", () -> {
            try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(new ByteArrayOutputStream())) {
                ZipArchiveEntry e = new ZipArchiveEntry("a.txt");
                out.addRawArchiveEntry(e, new ByteArrayInputStream(new byte[0]));
            }
        });
    }
}
