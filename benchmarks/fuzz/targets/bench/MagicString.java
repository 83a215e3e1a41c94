package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * String.equals against a value built at run time (not in the constant pool, so no automatic
 * dictionary supplies it): only comparison feedback finds it. Jazzer-API harness.
 */
public class MagicString {
    private static final String SECRET = new StringBuilder("emases nepo").reverse().toString();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String s = data.consumeRemainingAsString();
        if (s.equals(SECRET)) {
            throw new SecurityException("opened with " + s);
        }
    }
}
