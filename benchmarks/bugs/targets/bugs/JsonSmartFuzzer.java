package bugs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import net.minidev.json.parser.JSONParser;
import net.minidev.json.parser.ParseException;

/** json-smart 2.3: parse untrusted JSON, permissive mode (the library's default). Bad input: ParseException. */
public class JsonSmartFuzzer {
  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    try {
      new JSONParser(JSONParser.MODE_PERMISSIVE).parse(data.consumeRemainingAsString());
    } catch (ParseException expected) {
    }
  }
}
