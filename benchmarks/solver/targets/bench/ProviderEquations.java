package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Two linear equations over two ints from Jazzer's FuzzedDataProvider, one of them ranged
 * ({@code consumeInt(0, 1_000_000)}, which the provider reduces modulo the range):
 * {@code 3a + 5b == 374_259_252} and {@code a - 2b == 121_901_235} (a = 123,456,789,
 * b = 777,777; the determinant is odd, so that is the only solution mod 2^32).
 */
public class ProviderEquations {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        int a = data.consumeInt();
        int b = data.consumeInt(0, 1_000_000);
        if (3 * a + 5 * b == 374_259_252) {
            if (a - 2 * b == 121_901_235) {
                throw new IllegalStateException("provider equations: both hold");
            }
        }
    }
}
