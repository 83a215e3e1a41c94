package bugs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** targets/bugs/SnakeYamlFuzzer on snakeyaml 2.x's API (SafeConstructor takes LoaderOptions). */
public class SnakeYamlFuzzer {
  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    try {
      new Yaml(new SafeConstructor(new LoaderOptions())).load(data.consumeRemainingAsString());
    } catch (YAMLException expected) {
    }
  }
}
