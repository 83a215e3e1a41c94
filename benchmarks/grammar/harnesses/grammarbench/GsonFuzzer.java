package grammarbench;

import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;

/**
 * Gson's JsonParser.parseString (a JsonElement tree; lenient, as Gson parses by default).
 * JsonParseException (and its JsonSyntaxException, JsonIOException) is its documented error
 * for malformed JSON. Anything else escaping is a finding.
 */
public class GsonFuzzer {
    public static void fuzzerTestOneInput(byte[] data) {
        parse(data);
    }

    /** Whether the parser accepts the input (the replay counts these). */
    public static boolean parse(byte[] data) {
        String s = new String(data, StandardCharsets.UTF_8);
        try {
            JsonParser.parseString(s);
            return true;
        } catch (JsonParseException e) {
            return false; // malformed JSON: bad input, not a bug
        }
    }
}
