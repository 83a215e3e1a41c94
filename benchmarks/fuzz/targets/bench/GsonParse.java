package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/** gson tree parse + toString; only unexpected exceptions are findings. */
public class GsonParse {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String s = data.consumeRemainingAsString();
        try {
            JsonElement e = JsonParser.parseString(s);
            e.toString();
        } catch (JsonParseException expected) {
            // malformed input (JsonSyntaxException, JsonIOException): not a bug
        }
    }
}
