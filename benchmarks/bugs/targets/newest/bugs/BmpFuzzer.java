package bugs;

import java.io.IOException;
import org.apache.commons.imaging.bytesource.ByteSource;
import org.apache.commons.imaging.formats.bmp.BmpImageParser;
import org.apache.commons.imaging.formats.bmp.BmpImagingParameters;

/** targets/bugs/BmpFuzzer on commons-imaging 1.0.0-alpha6's API (ByteSource.array; ImagingException, an IOException there). */
public class BmpFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new BmpImageParser().getBufferedImage(ByteSource.array(data), new BmpImagingParameters());
    } catch (IOException expected) { // ImagingException is an IOException in 1.0.0-alpha6
    }
  }
}
