package bugs;

import java.io.IOException;
import org.apache.commons.imaging.bytesource.ByteSource;
import org.apache.commons.imaging.formats.gif.GifImageParser;
import org.apache.commons.imaging.formats.gif.GifImagingParameters;

/** targets/bugs/GifFuzzer on commons-imaging 1.0.0-alpha6's API (ByteSource.array; ImagingException, an IOException there). */
public class GifFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new GifImageParser().getBufferedImage(ByteSource.array(data), new GifImagingParameters());
    } catch (IOException expected) { // ImagingException is an IOException in 1.0.0-alpha6
    }
  }
}
