package bugs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/** commons-compress 1.20: list a tar archive and read its entries. Bad input: IOException. */
public class TarFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    byte[] buf = new byte[4096];
    try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(data))) {
      TarArchiveEntry e;
      while ((e = in.getNextTarEntry()) != null) {
        while (in.read(buf) > 0) {
        }
      }
    } catch (IOException expected) {
    }
  }
}
