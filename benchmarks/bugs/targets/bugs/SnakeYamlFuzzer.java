package bugs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** snakeyaml 1.31: load untrusted YAML with the SafeConstructor. Bad input: YAMLException. */
public class SnakeYamlFuzzer {
  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    try {
      new Yaml(new SafeConstructor()).load(data.consumeRemainingAsString());
    } catch (YAMLException expected) {
    }
  }
}
