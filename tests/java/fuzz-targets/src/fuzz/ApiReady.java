package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;

/**
 * Jazzer.onFuzzTargetReady callbacks run exactly once, after fuzzerInitialize and before the
 * first input. Any other order is an IllegalStateException; the planted bug is the
 * IllegalArgumentException.
 */
public class ApiReady {
    private static boolean initialized;
    private static int ready;

    static {
        Jazzer.onFuzzTargetReady(() -> {
            if (!initialized) {
                throw new IllegalStateException("ready before fuzzerInitialize");
            }
            ready++;
        });
    }

    public static void fuzzerInitialize() {
        initialized = true;
    }

    public static void fuzzerTestOneInput(byte[] data) {
        if (ready != 1) {
            throw new IllegalStateException("ready callbacks ran " + ready + " times");
        }
        if (data.length > 0 && data[0] == 'R') {
            throw new IllegalArgumentException("ready and running");
        }
    }
}
