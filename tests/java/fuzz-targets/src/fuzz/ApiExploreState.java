package fuzz;

import com.code_intelligence.jazzer.api.Jazzer;

/**
 * Jazzer.exploreState is the only coverage that depends on the input's first byte: with the
 * API working, inputs with new states join the corpus; without it, the corpus stays tiny.
 */
public class ApiExploreState {
    public static void fuzzerTestOneInput(byte[] data) {
        byte first = data.length > 0 ? data[0] : 0;
        Jazzer.exploreState(first, 7);
    }
}
