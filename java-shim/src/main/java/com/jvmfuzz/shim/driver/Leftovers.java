/*
 * What a driver run leaves running: the executors, timers and threads made at the JDK calls
 * that start them (TimedSemaphore's scheduled executor, ticking at a fuzzed period; a
 * BackgroundInitializer's pool). A run's objects are garbage once it ends, their threads are
 * not: hundreds of them, some ticking every microsecond, would take the CPU from the runs.
 * AFTER hooks on those calls (applied with generated drivers only, at the call sites of the
 * code under test: fuzzer/src/drivers/leftovers.rs) record them here; the next run's
 * Expected.begin stops them (shutdownNow, cancel, interrupt: a thread that ignores interrupts
 * runs on) and counts them against the driver method that left them (stats.txt). Subclasses
 * called through their own names (a library's Thread subclass's start()) are not hooked.
 *
 * A call site's first object is left alone, and so is one made while a class is initialised:
 * a pool made once, lazily or in a static initialiser, is shared by later runs. Only a site
 * that makes a second one makes one per run. Should a shared one be shut down all the same (a
 * lazy pool made again after a class loader's copy), a later run's RejectedExecutionException
 * from it is ours (a driver defect, see rejectedByUs), not the library's, and its site is
 * spared from then on; the pool itself stays shut down until the JVM is restarted.
 */
package com.jvmfuzz.shim.driver;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Timer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;

public final class Leftovers {
    private Leftovers() {}

    /* What the runs since the last stopAll made, and their sites; grown as needed up to LIMIT
     * (past it, what one run makes is neither stopped nor counted). */
    private static final int LIMIT = 1 << 16;
    private static Object[] started = new Object[64];
    private static int[] sites = new int[64];
    /* Written under LOCK by whatever thread made the object, read without it on every run. */
    private static volatile int count;
    private static final Object LOCK = new Object();
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
        // Before the site's count, so that a static initialiser does not use up its first pass.
        if (WALKER.walk(s -> s.anyMatch(f -> f.getMethodName().equals("<clinit>")))) {
            return;
        }
        synchronized (LOCK) {
            int before = MADE.getOrDefault(id, 0);
            if (before < 0) {
                return;
            }
            MADE.put(id, before + 1);
            if (before == 0) {
                return;
            }
            int n = count;
            if (n == started.length && n < LIMIT) {
                started = java.util.Arrays.copyOf(started, n * 2);
                sites = java.util.Arrays.copyOf(sites, n * 2);
            }
            if (n < started.length) {
                sites[n] = id;
                started[n] = made;
                count = n + 1;
            }
        }
    }

    /** Whether a run left something to stop (read on every run: one volatile field). */
    static boolean pending() {
        return count != 0;
    }

    /** Stops what the runs since the last call started; returns how many were still running. */
    static int stopAll() {
        Object[] todo;
        int[] at;
        synchronized (LOCK) {
            int n = count;
            todo = java.util.Arrays.copyOf(started, n);
            at = java.util.Arrays.copyOf(sites, n);
            java.util.Arrays.fill(started, 0, n, null);
            count = 0;
        }
        int running = 0;
        for (int i = 0; i < todo.length; i++) {
            try {
                running += stop(todo[i], at[i]) ? 1 : 0;
            } catch (Throwable e) {
                // Library code (a Thread subclass's interrupt, an executor's shutdownNow) that
                // fails: left as it is. Nothing may escape into Expected.begin, where it would
                // be taken for the previous run's exception.
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
                synchronized (LOCK) {
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
            if (!t.isAlive()) {
                return false;
            }
            t.interrupt();
            return true;
        }
        return false;
    }

    /**
     * How a shut-down executor names itself when it rejects a task ("ThreadPoolExecutor@1b6d3586["),
     * or null. A ThreadPoolExecutor's default policy names it as Object.toString does. The JDK's
     * wrappers (Executors' factories) hide the pool that rejects, with the JDK's own policy: the
     * name is learnt by handing them a task. Anything else is not asked (its own rejection
     * handler could block or run the task on this thread).
     */
    private static String rejectionKey(ExecutorService e) {
        if (e instanceof ThreadPoolExecutor) {
            return e.getClass().getName() + "@" + Integer.toHexString(e.hashCode()) + "[";
        }
        if (!e.getClass().getName().startsWith("java.util.concurrent.Executors$")) {
            return null;
        }
        try {
            e.execute(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException r) {
            String m = r.getMessage();
            int from = m == null ? -1 : m.lastIndexOf(REJECTED_FROM);
            int bracket = from < 0 ? -1 : m.indexOf('[', from);
            return bracket < 0 ? null : m.substring(from + REJECTED_FROM.length(), bracket + 1);
        }
        return null;
    }

    private static final String REJECTED_FROM = " rejected from ";

    /**
     * Whether t, or a cause of it, is a RejectedExecutionException of an executor shut down
     * here: a lazily made static one that later runs use (see rejectionKey). Its site is spared
     * from then on.
     */
    static boolean rejectedByUs(Throwable t) {
        for (int depth = 0; t != null && depth < 4; depth++, t = t.getCause()) {
            if (t instanceof java.util.concurrent.RejectedExecutionException && t.getMessage() != null) {
                String m = t.getMessage();
                synchronized (LOCK) {
                    for (Map.Entry<String, Integer> e : SHUT.entrySet()) {
                        if (m.contains(e.getKey())) {
                            MADE.put(e.getValue(), -1);
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }
}
