package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;

/** Jazzer.guideTowardsEquality(byte[], byte[], id), with the same hiding as ApiEquality. */
public class ApiBytes {
    private static final byte[] EXPECTED =
            new StringBuilder("!2Wp#8qZ").reverse().toString().getBytes(StandardCharsets.ISO_8859_1);

    public static void fuzzerTestOneInput(byte[] data) {
        byte[] head = Arrays.copyOf(data, EXPECTED.length);
        Jazzer.guideTowardsEquality(head, EXPECTED, 2);
        if (MessageDigest.isEqual(head, EXPECTED)) {
            throw new IllegalStateException("guided to equal bytes");
        }
    }
}
