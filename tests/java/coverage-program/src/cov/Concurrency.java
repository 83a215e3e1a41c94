package cov;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

/**
 * Probes hit from many threads: a pool of daemon threads that is never shut down (still alive
 * when the VM exits, as in test runners) and a parallel stream (common ForkJoin pool). Every
 * input is processed before main returns, so the coverage is deterministic whatever the
 * scheduling.
 */
public final class Concurrency {
    private Concurrency() {}

    static int classify(int i) {
        if (i % 15 == 0) {
            return 3;
        } else if (i % 5 == 0) {
            return 2;
        } else if (i % 3 == 0) {
            return 1;
        } else if (i < 0) {
            return -1;      // never: inputs are non-negative
        }
        return 0;
    }

    static long mix(int i) {
        long h = i;
        for (int k = 0; k < 3; k++) {
            h = (h << 1) ^ (h % 7 == 0 ? 0x5bd1e995L : 0x1b873593L);
        }
        return h > 0 ? h : -h;
    }

    static long run() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "cov-worker");
            t.setDaemon(true);
            return t;
        });
        List<Future<Long>> fs = new ArrayList<>();
        for (int task = 0; task < 8; task++) {
            final int base = task * 1000;
            fs.add(pool.submit(() -> {
                long s = 0;
                for (int i = base; i < base + 1000; i++) {
                    s += classify(i);
                }
                return s;
            }));
        }
        long sum = 0;
        for (Future<Long> f : fs) {
            sum += f.get();
        }
        sum += IntStream.range(0, 20000).parallel().mapToLong(Concurrency::mix).sum() % 1000;
        // The pool is deliberately not shut down: its threads are alive at VM exit.
        return sum;
    }
}
