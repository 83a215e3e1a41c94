package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;
import java.util.Arrays;

/**
 * Jazzer.maximize over a value no branch depends on (the odd bytes among the first 16): each
 * new level is new coverage only through the API.
 */
public class ApiMaximize {
    public static void fuzzerTestOneInput(byte[] data) {
        byte[] head = Arrays.copyOf(data, 16);
        long odd = 0;
        for (int i = 0; i < 16; i++) {
            odd += head[i] & 1;
        }
        Jazzer.maximize(odd, 0, 16, 17, 11);
    }
}
