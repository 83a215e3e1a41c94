package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Jazzer.guideTowardsEquality is the only way to the bug: the expected string is built at run
 * time (the class file holds it reversed, so the dictionary cannot offer it) and compared by
 * the JDK's MessageDigest.isEqual, which nothing traces.
 */
public class ApiEquality {
    private static final String EXPECTED = new StringBuilder("ipa-rezzaj-zzufmvj").reverse().toString();

    public static void fuzzerTestOneInput(byte[] data) {
        String head = new String(data, 0, Math.min(data.length, EXPECTED.length()), StandardCharsets.ISO_8859_1);
        Jazzer.guideTowardsEquality(head, EXPECTED, 1);
        if (MessageDigest.isEqual(head.getBytes(StandardCharsets.ISO_8859_1), EXPECTED.getBytes(StandardCharsets.ISO_8859_1))) {
            throw new IllegalStateException("guided to equality");
        }
    }
}
