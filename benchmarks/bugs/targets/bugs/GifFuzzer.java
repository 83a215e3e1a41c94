package bugs;

import java.io.IOException;
import java.util.HashMap;
import org.apache.commons.imaging.ImageReadException;
import org.apache.commons.imaging.common.bytesource.ByteSourceArray;
import org.apache.commons.imaging.formats.gif.GifImageParser;

/** commons-imaging 1.0-alpha2: decode a GIF. Bad input: ImageReadException or IOException. */
public class GifFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new GifImageParser().getBufferedImage(new ByteSourceArray(data), new HashMap<>());
    } catch (ImageReadException | IOException expected) {
    }
  }
}
