package bugs;

import java.io.IOException;
import org.apache.commons.imaging.ImageReadException;
import org.apache.commons.imaging.common.bytesource.ByteSourceArray;
import org.apache.commons.imaging.formats.gif.GifImageParser;
import org.apache.commons.imaging.formats.gif.GifImagingParameters;

/** targets/bugs/GifFuzzer on commons-imaging 1.0-alpha3's API (typed GifImagingParameters). */
public class GifFuzzer {
  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new GifImageParser().getBufferedImage(new ByteSourceArray(data), new GifImagingParameters());
    } catch (ImageReadException | IOException expected) {
    }
  }
}
