/*
 * What a driver run leaves running: the executors, timers and threads that the code under test
 * started during the run (TimedSemaphore's scheduled executor, ticking at a fuzzed period; a
 * BackgroundInitializer's pool). A run's objects are garbage once it ends, their threads are
 * not: hundreds of them, some ticking every microsecond, took 90% of a commons-lang3 package
 * run's CPU. AFTER hooks on the JDK calls that make them (the fuzzer applies them with
 * generated drivers only, fuzzer/src/drivers/leftovers.rs) record them here; the next run's
 * Expected.begin stops them (shutdownNow, cancel, interrupt) and counts them against the
 * driver method that left them (stats.txt).
 *
 * A call site's first object is left alone, and so is one made while a class is initialised:
 * a pool made once, lazily or in a static initialiser, is shared by later runs. Only a site
 * that makes a second one makes one per run. Should a shared one be shut down all the same (a
 * lazy pool made again after a class loader's copy), a later run's RejectedExecutionException
 * from it is ours (a driver defect, see rejectedByUs), not the library's, and its site is
 * spared from then on.
 */
package com.jvmfuzz.shim.driver;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Timer;
import java.util.concurrent.ExecutorService;

public final class Leftovers {
    private Leftovers() {}

    /* Bounded: a run that starts more than this many leaves the rest to the garbage collector. */
    private static final Object[] STARTED = new Object[256];
    private static final int[] SITES = new int[256];
    private static int count;
    /* Per call site (the hook id): how many objects it made; -1: spared for good. */
    private static final Map<Integer, Integer> MADE = new java.util.HashMap<>();
    /* Executors shut down here, as their rejections name them ("...ThreadPoolExecutor@1b6d3586["),
     * and their sites, for rejectedByUs (bounded, cleared when full). */
    private static final Map<String, Integer> SHUT = new java.util.HashMap<>();
    private static final StackWalker WALKER = StackWalker.getInstance();

    /**
     * AFTER hook of the calls that return or construct an executor, a timer or a started
     * thread: records it unless its site is spared (see the class comment).
     */
    public static void started(MethodHandle method, Object self, Object[] args, int id, Object result) {
        Object made = result != null ? result : self;
        if (!(made instanceof ExecutorService || made instanceof Timer || made instanceof Thread)) {
            return;
        }
        synchronized (STARTED) {
            int before = MADE.getOrDefault(id, 0);
            if (before < 0) {
                return;
            }
            MADE.put(id, before + 1);
            if (before == 0) {
                return;
            }
        }
        if (WALKER.walk(s -> s.anyMatch(f -> f.getMethodName().equals("<clinit>")))) {
            return;
        }
        synchronized (STARTED) {
            if (count < STARTED.length) {
                SITES[count] = id;
                STARTED[count++] = made;
            }
        }
    }

    /** Whether a run left something to stop (read on every run: one field, no lock). */
    static boolean pending() {
        return count != 0;
    }

    /** Stops what the runs since the last call started; returns how many were still running. */
    static int stopAll() {
        Object[] todo;
        int[] sites;
        synchronized (STARTED) {
            todo = java.util.Arrays.copyOf(STARTED, count);
            sites = java.util.Arrays.copyOf(SITES, count);
            java.util.Arrays.fill(STARTED, 0, count, null);
            count = 0;
        }
        int running = 0;
        for (int i = 0; i < todo.length; i++) {
            try {
                running += stop(todo[i], sites[i]) ? 1 : 0;
            } catch (RuntimeException e) {
                // A library's executor whose shutdownNow fails is left as it is.
            }
        }
        return running;
    }

    private static boolean stop(Object o, int site) {
        if (o instanceof ExecutorService) {
            ExecutorService e = (ExecutorService) o;
            if (e.isShutdown()) {
                return false;
            }
            e.shutdownNow();
            String key = rejectionKey(e);
            if (key != null) {
                synchronized (STARTED) {
                    if (SHUT.size() >= 4096) {
                        SHUT.clear();
                    }
                    SHUT.put(key, site);
                }
            }
            return true;
        }
        if (o instanceof Timer) {
            // A cancelled timer's thread ends; cancel() of a cancelled timer does nothing, so
            // every timer counts: a run that made one meant it to run.
            ((Timer) o).cancel();
            return true;
        }
        if (o instanceof Thread) {
            Thread t = (Thread) o;
            if (!t.isAlive() || t == Thread.currentThread()) {
                return false;
            }
            t.interrupt();
            return true;
        }
        return false;
    }

    /**
     * How a shut-down executor names itself when it rejects a task ("ThreadPoolExecutor@1b6d3586["),
     * learnt by handing it one: Executors' factories wrap the pool that rejects, so the
     * executor's own identity is not the one in the message. Null if it rejects silently.
     */
    private static String rejectionKey(ExecutorService e) {
        try {
            e.execute(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException r) {
            String m = r.getMessage();
            int from = m == null ? -1 : m.lastIndexOf(REJECTED_FROM);
            int bracket = from < 0 ? -1 : m.indexOf('[', from);
            return bracket < 0 ? null : m.substring(from + REJECTED_FROM.length(), bracket + 1);
        } catch (RuntimeException r) {
            // A library's executor that fails otherwise: not ours to name.
        }
        return null;
    }

    private static final String REJECTED_FROM = " rejected from ";

    /**
     * Whether t is a RejectedExecutionException of an executor shut down here: a lazily made
     * static one that later runs use (see rejectionKey). Its site is spared from then on.
     */
    static boolean rejectedByUs(Throwable t) {
        if (!(t instanceof java.util.concurrent.RejectedExecutionException) || t.getMessage() == null) {
            return false;
        }
        String m = t.getMessage();
        synchronized (STARTED) {
            for (Map.Entry<String, Integer> e : SHUT.entrySet()) {
                if (m.contains(e.getKey())) {
                    MADE.put(e.getValue(), -1);
                    return true;
                }
            }
        }
        return false;
    }
}
