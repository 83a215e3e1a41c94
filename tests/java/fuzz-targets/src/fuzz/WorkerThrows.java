package fuzz;

/**
 * Every input starts a worker thread that fails and is joined, as a library's pool does on a
 * kind of input it cannot take: an exception that ends a thread other than the fuzzing one.
 * Inputs starting with 'x' fail at a second site.
 */
public class WorkerThrows {
    public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
        boolean other = data.length > 0 && data[0] == 'x';
        Thread worker = new Thread(() -> {
            if (other) {
                throw new UnsupportedOperationException("second site");
            }
            throw new IllegalStateException("worker failed on " + data.length + " bytes");
        });
        worker.start();
        worker.join();
    }
}
