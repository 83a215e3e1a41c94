package bugs;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.JSONException;
import com.alibaba.fastjson.parser.ParserConfig;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/** fastjson 1.2.75: parse untrusted JSON (safe mode: no {@code @type}). Bad input: JSONException. */
public class FastjsonFuzzer {
  static {
    ParserConfig.getGlobalInstance().setSafeMode(true); // no @type: no classes instantiated by name
  }

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    try {
      JSON.parse(data.consumeRemainingAsString());
    } catch (JSONException expected) {
    }
  }
}
