package fuzz;

/** Not a harness: its fuzzerTestOneInput has the wrong parameter type. */
public class NoHarness {
    public static void fuzzerTestOneInput(String data) {
        data.length();
    }
}
