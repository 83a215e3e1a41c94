package fuzz;

/** A failed `assert` is a finding: fuzz runs the JVM with -ea unless --no-assertions. */
public class Asserts {
    public static void fuzzerTestOneInput(byte[] data) {
        assert data.length < 3 : "three bytes or more";
    }
}
