package fuzz;

/** Fails on any input longer than eight bytes: whether seeds are cut to -max_len shows at once. */
public class LongInput {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 8) {
            throw new IllegalStateException("an input of " + data.length + " bytes");
        }
    }
}
