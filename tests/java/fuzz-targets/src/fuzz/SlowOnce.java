package fuzz;

/** One execution of 1.3 seconds (the first), the rest instant: libFuzzer's slowest unit. */
public class SlowOnce {
    private static boolean slept;

    public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
        if (!slept) {
            slept = true;
            Thread.sleep(1300);
        }
    }
}
