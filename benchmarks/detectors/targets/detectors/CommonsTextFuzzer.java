package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.apache.commons.text.StringSubstitutor;

/**
 * commons-text 1.9, CVE-2022-42889 ("Text4Shell"): the default interpolator's lookups
 * (script, dns, url, file, const...) run on untrusted text. The application expands a
 * user-supplied template with it.
 */
public class CommonsTextFuzzer {
    private static final StringSubstitutor INTERPOLATOR = StringSubstitutor.createInterpolator();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String template = data.consumeRemainingAsString();
        try {
            INTERPOLATOR.replace(template);
        } catch (IllegalArgumentException | IllegalStateException e) {
            // unknown or failing lookups: the library's documented errors
        }
    }
}
