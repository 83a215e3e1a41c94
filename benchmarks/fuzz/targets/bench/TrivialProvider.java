package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Trivial's counterpart on Jazzer's FuzzedDataProvider: three reads and almost nothing else,
 * so the provider's own per-execution cost shows (its creation or reset, and its reads).
 */
public class TrivialProvider {
    public static int sink;

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        int n = data.consumeInt();
        boolean b = data.consumeBoolean();
        String s = data.consumeString(16);
        if (b && n == 7) {
            sink += s.length();
        }
    }
}
