package bugs;

import java.io.IOException;
import org.apache.commons.imaging.ImagingException;
import org.apache.commons.imaging.bytesource.ByteSource;
import org.apache.commons.imaging.formats.bmp.BmpImageParser;
import org.apache.commons.imaging.formats.bmp.BmpImagingParameters;

/** targets/bugs/BmpFuzzer on commons-imaging 1.0.0-alpha6's API (ImagingException, ByteSource.array). */
public class BmpFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new BmpImageParser().getBufferedImage(ByteSource.array(data), new BmpImagingParameters());
    } catch (ImagingException | IOException expected) {
    }
  }
}
