package fuzz;

/**
 * Libraries load classes and resources through the thread's context class loader, which a
 * program's main thread always has: the harness thread must have it too.
 */
public class ContextLoader {
    public static void fuzzerTestOneInput(byte[] data) throws Exception {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        if (l == null) {
            throw new IllegalStateException("no context class loader");
        }
        if (data.length > 2 && data[0] == 'C' && data[1] == 'L') {
            // The harness's own class, found through the context loader as a library would.
            Class.forName("fuzz.ContextLoader", false, l);
            throw new UnsupportedOperationException("found through the context class loader");
        }
    }
}
