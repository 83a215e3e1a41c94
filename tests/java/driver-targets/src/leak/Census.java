package leak;

import java.lang.management.ManagementFactory;

/** Counts the JVM's live threads: more than 200 means that runs leave their threads behind. */
public final class Census {
    private Census() {}

    public static int threads(int x) {
        int n = ManagementFactory.getThreadMXBean().getThreadCount();
        if (n > 200) {
            throw new IllegalStateException(n + " threads alive");
        }
        return x > 0 ? n : -n;
    }
}
