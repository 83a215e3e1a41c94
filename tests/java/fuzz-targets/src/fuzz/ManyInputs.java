package fuzz;

/** Almost every input reaches the same throw: it must be reported once. */
public class ManyInputs {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 2) {
            check(data[0] ^ data[1]);
        }
    }

    private static void check(int v) {
        if (v != 0) {
            throw new ArithmeticException("value " + v);
        }
    }
}
