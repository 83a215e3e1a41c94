package fuzz;

/**
 * Waits for ever in the solver's trace copy of its classes only (they are defined by another
 * loader and keep statics of their own): the traced run must be stopped, and the campaign go
 * on, where it once stalled the fuzzer for good.
 */
public class TraceHang {
    public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
        if (TraceHang.class.getClassLoader().getClass().getName().endsWith("TraceLoader")) {
            Object never = new Object();
            synchronized (never) {
                never.wait();
            }
        }
        if (data.length > 2 && data[0] == 'h' && data[1] == 'i') {
            data[2]++;
        }
    }
}
