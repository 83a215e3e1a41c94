package bugs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;

/**
 * jackson-dataformat-cbor 2.12.0: stream through a CBOR document with the streaming API, reading
 * every scalar value (text, numbers, binary). Bad input: IOException.
 */
public class CborFuzzer {
  private static final CBORFactory FACTORY = new CBORFactory();

  public static void fuzzerTestOneInput(byte[] data) {
    try (JsonParser p = FACTORY.createParser(data)) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.VALUE_EMBEDDED_OBJECT) {
          p.getBinaryValue();
        } else if (t.isScalarValue()) {
          p.getText();
        }
      }
    } catch (IOException expected) {
    }
  }
}
