package leak;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * Spools a text to a temporary file of its own, which it never deletes (as commons-compress's
 * Pack200 streams do when nobody closes them): a run must keep these out of the system's
 * temporary folder.
 */
public final class Spool {
    private Spool() {}

    /** Writes the text to a new temporary file and returns the file's folder. */
    public static String spool(String text) throws IOException {
        File f = File.createTempFile("jvmfuzz-spool-", ".tmp");
        Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
        return f.getParent();
    }
}
