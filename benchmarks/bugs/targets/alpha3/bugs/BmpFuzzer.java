package bugs;

import java.io.IOException;
import org.apache.commons.imaging.ImageReadException;
import org.apache.commons.imaging.common.bytesource.ByteSourceArray;
import org.apache.commons.imaging.formats.bmp.BmpImageParser;
import org.apache.commons.imaging.formats.bmp.BmpImagingParameters;

/** targets/bugs/BmpFuzzer on commons-imaging 1.0-alpha3's API (typed BmpImagingParameters). */
public class BmpFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new BmpImageParser().getBufferedImage(new ByteSourceArray(data), new BmpImagingParameters());
    } catch (ImageReadException | IOException expected) {
    }
  }
}
