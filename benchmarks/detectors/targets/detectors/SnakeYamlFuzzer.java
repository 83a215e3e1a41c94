package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * snakeyaml 1.33, CVE-2022-1471: Yaml's default Constructor instantiates any class a global
 * tag names ("!!some.Class [args]"). The application loads a user-supplied document.
 */
public class SnakeYamlFuzzer {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String doc = data.consumeRemainingAsString();
        try {
            new Yaml().load(doc);
        } catch (YAMLException | IllegalArgumentException | ClassCastException e) {
            // malformed documents
        }
    }
}
