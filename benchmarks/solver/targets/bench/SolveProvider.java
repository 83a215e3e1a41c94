package bench;

// A copy of tests/java/fuzz-targets/src/fuzz/SolveProvider.java (the solver's end-to-end test target).

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Values from Jazzer's FuzzedDataProvider, combined by a helper method: the condition holds for
 * one pair only, and the pair's values never appear in a comparison on their own.
 */
public class SolveProvider {
    static long mix(int a, int b) {
        return (long) a * 1_000_003L + b;
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        int a = data.consumeInt();
        int b = data.consumeInt();
        if (a > 0 && mix(a, b) == 987_654_321_012L) {
            throw new IllegalStateException("provider values solved");
        }
    }
}
