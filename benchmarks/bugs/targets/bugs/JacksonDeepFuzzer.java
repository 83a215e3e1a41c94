package bugs;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** jackson-databind 2.12.6: bind untrusted JSON to plain Java objects. Bad input: IOException. */
public class JacksonDeepFuzzer {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      MAPPER.readValue(data, Object.class);
    } catch (IOException expected) {
    }
  }
}
