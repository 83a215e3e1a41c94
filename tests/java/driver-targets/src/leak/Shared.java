package leak;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A pool made lazily, once, into a static field and used by every later call: it must keep working. */
public final class Shared {
    private Shared() {}

    private static ExecutorService pool;

    public static int next(int x) throws Exception {
        if (pool == null) {
            pool = Executors.newSingleThreadExecutor();
        }
        return pool.submit(() -> x == Integer.MAX_VALUE ? x : x + 1).get();
    }
}
