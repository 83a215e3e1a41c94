package fuzz;

/** Allocates far more than the heap on inputs starting with 'M': OutOfMemoryError. */
public class Oom {
    static Object keep;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 1 && data[0] == 'M') {
            keep = new long[Integer.MAX_VALUE - 16];
        }
    }
}
