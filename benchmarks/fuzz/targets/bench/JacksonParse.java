package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** jackson-databind tree parse + re-serialise; only unexpected exceptions are findings. */
public class JacksonParse {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String s = data.consumeRemainingAsString();
        try {
            JsonNode n = MAPPER.readTree(s);
            if (n != null) {
                MAPPER.writeValueAsString(n);
            }
        } catch (java.io.IOException expected) {
            // malformed input: not a bug
        }
    }
}
