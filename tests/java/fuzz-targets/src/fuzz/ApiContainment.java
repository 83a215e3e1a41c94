package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;
import java.nio.charset.StandardCharsets;

/** Jazzer.guideTowardsContainment; String.indexOf is not traced, so only the API helps. */
public class ApiContainment {
    private static final String NEEDLE = new StringBuilder("tpircs/<").reverse().toString();

    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        Jazzer.guideTowardsContainment(s, NEEDLE, 3);
        if (s.indexOf(NEEDLE) >= 0) {
            throw new IllegalStateException("guided to containment");
        }
    }
}
