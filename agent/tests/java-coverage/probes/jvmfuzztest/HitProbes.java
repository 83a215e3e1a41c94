package jvmfuzztest;

import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Stand-in for the shim's probe class in offline-instrumentation tests: counts hits per
 * probe id and appends "id count" lines to the file named by -Djvmfuzz.hits at shutdown.
 */
public final class HitProbes {
    private static long[] hits = new long[1024];

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(HitProbes::dump));
    }

    private HitProbes() {
    }

    public static synchronized void hit(int id) {
        if (id >= hits.length) {
            long[] bigger = new long[Math.max(id + 1, hits.length * 2)];
            System.arraycopy(hits, 0, bigger, 0, hits.length);
            hits = bigger;
        }
        hits[id]++;
    }

    private static synchronized void dump() {
        String file = System.getProperty("jvmfuzz.hits");
        if (file == null) {
            return;
        }
        try (PrintWriter w = new PrintWriter(new FileWriter(file, true))) {
            for (int i = 0; i < hits.length; i++) {
                if (hits[i] != 0) {
                    w.println(i + " " + hits[i]);
                }
            }
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
