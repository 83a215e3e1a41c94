package fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A harness laid out as OSS-Fuzz's osgi VersionRange harness is: three ints from the input's
 * end, a short string, then two texts that split what is left of the input between them. Each
 * text, trimmed, must be one bracket. Seeded with an input of one repeated digit, every text
 * is a run of that digit, found all over the input: replacing it where its bytes first occur
 * after a random offset (input-to-state) nearly always writes the wrong field, and writing one
 * character for five moves the split. Knowing which bytes the provider read each text from
 * puts the bracket in its place, padded to the same length.
 */
public class ProviderTokens {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        int major = data.consumeInt(0, Integer.MAX_VALUE);
        int minor = data.consumeInt(0, Integer.MAX_VALUE);
        int micro = data.consumeInt(0, Integer.MAX_VALUE);
        String filter = data.consumeString(5);
        String left = data.consumeString(data.remainingBytes() / 2);
        String right = data.consumeRemainingAsString();
        if (left.trim().equals("[") && right.trim().equals("(")) {
            throw new IllegalStateException("both brackets: " + filter + major + minor + micro);
        }
    }
}
