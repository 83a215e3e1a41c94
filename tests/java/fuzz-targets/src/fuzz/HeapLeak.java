package fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * State kept across runs that grows with each: every run holds 256 KB more, forever, so a small
 * heap fills within a few hundred runs and every run after fails at once. Only a new JVM ends
 * it.
 */
public class HeapLeak {
    private static final List<byte[]> HELD = new ArrayList<>();

    public static void fuzzerTestOneInput(byte[] data) {
        HELD.add(new byte[256 << 10]);
    }
}
