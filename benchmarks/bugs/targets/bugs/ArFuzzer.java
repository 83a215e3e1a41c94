package bugs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.archivers.ar.ArArchiveEntry;
import org.apache.commons.compress.archivers.ar.ArArchiveInputStream;

/** commons-compress 1.20: list an ar archive and read its entries. Bad input: IOException. */
public class ArFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    byte[] buf = new byte[4096];
    try (ArArchiveInputStream in = new ArArchiveInputStream(new ByteArrayInputStream(data))) {
      ArArchiveEntry e;
      while ((e = in.getNextArEntry()) != null) {
        while (in.read(buf) > 0) {
        }
      }
    } catch (IOException expected) {
    }
  }
}
