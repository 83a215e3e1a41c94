package com.jvmfuzz.shim;

import java.io.FileWriter;
import java.io.IOException;

/**
 * Test stand-in for the real shim: counts hits per probe id and, at exit, writes
 * "id count" lines (non-zero only) to the file named by -Dprobes.out.
 */
public final class Probes {
    private static final int[] HITS = new int[1 << 20];

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            public void run() {
                dump();
            }
        }));
    }

    private Probes() {}

    public static synchronized void hit(int id) {
        HITS[id]++;
    }

    static synchronized void dump() {
        String out = System.getProperty("probes.out");
        if (out == null) {
            return;
        }
        try (FileWriter w = new FileWriter(out)) {
            for (int i = 0; i < HITS.length; i++) {
                if (HITS[i] != 0) {
                    w.write(i + " " + HITS[i] + "\n");
                }
            }
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
