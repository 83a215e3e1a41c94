package fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/** An unmodified Jazzer harness (jazzer-api from Maven Central on the class path). */
public class JazzerStyle {
    static int initialized;

    public static void fuzzerInitialize() {
        initialized++;
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        if (initialized != 1) {
            throw new AssertionError("fuzzerInitialize ran " + initialized + " times");
        }
        int n = data.consumeInt(0, 100);
        String s = data.consumeRemainingAsAsciiString();
        if (n == 42 && s.startsWith("jazz")) {
            throw new IllegalStateException("jazzer-style harness reached n=" + n);
        }
    }
}
