package bugs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import java.io.IOException;

/**
 * jackson-dataformat-smile 2.12.0: stream through a Smile document with the streaming API,
 * reading every scalar value. Bad input: IOException.
 */
public class SmileFuzzer {
  private static final SmileFactory FACTORY = new SmileFactory();

  public static void fuzzerTestOneInput(byte[] data) {
    try (JsonParser p = FACTORY.createParser(data)) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.VALUE_EMBEDDED_OBJECT) {
          p.getBinaryValue();
        } else if (t.isNumeric()) {
          p.getNumberValue();
        } else if (t.isScalarValue()) {
          p.getText();
        }
      }
    } catch (IOException expected) {
    }
  }
}
