package bugs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.google.json.JsonSanitizer;

/**
 * json-sanitizer 1.2.1: sanitize untrusted JSON-like text. The library documents no exception
 * for any input: whatever it throws (its own {@code assert}s included, the JVM runs with -ea)
 * is a bug. The documented contract of the output is also checked: it must not contain
 * {@code </script} or {@code ]]>} (CVE-2021-23899).
 */
public class JsonSanitizerFuzzer {
  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    String input = data.consumeRemainingAsString();
    String out = JsonSanitizer.sanitize(input);
    String lower = out.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("</script") || lower.contains("]]>")) {
      throw new IllegalStateException("sanitized output is not embeddable: " + out);
    }
  }
}
