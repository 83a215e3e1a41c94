package bugs;

import java.io.IOException;
import java.util.HashMap;
import org.apache.commons.imaging.ImageReadException;
import org.apache.commons.imaging.common.bytesource.ByteSourceArray;
import org.apache.commons.imaging.formats.bmp.BmpImageParser;

/** commons-imaging 1.0-alpha2: decode a BMP. Bad input: ImageReadException or IOException. */
public class BmpFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new BmpImageParser().getBufferedImage(new ByteSourceArray(data), new HashMap<>());
    } catch (ImageReadException | IOException expected) {
    }
  }
}
