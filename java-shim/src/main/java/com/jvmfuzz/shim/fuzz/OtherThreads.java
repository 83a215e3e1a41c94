/*
 * Exceptions that end threads other than the fuzzing one (a library's worker pool, a timer). The
 * JVM's default prints each with its whole stack; a library whose workers fail on a kind of
 * input does so on every such input, and a five-minute package run of opencsv printed 9,177
 * of them (160,000 lines), drowning what the fuzzer says. They are no findings: what the
 * fuzzed call makes of its worker's failure is judged where the call returns. So the first
 * exception at each site (its type and the frame that threw it) is printed as the JVM would,
 * with one line saying the rest at that site are only counted; at the end of the run the
 * counts are printed (Runner.tearDown).
 *
 * Installed only when the target set no default handler of its own; a handler it sets later
 * replaces this one, as it would the JVM's.
 */
package com.jvmfuzz.shim.fuzz;

import java.util.LinkedHashMap;
import java.util.Map;

public final class OtherThreads implements Thread.UncaughtExceptionHandler {
    /* Sites counted one by one; past this many, every new site is counted under OTHERS. */
    static final int MAX_SITES = 256;
    static final String OTHERS = "(other sites)";

    private static final OtherThreads INSTANCE = new OtherThreads();
    private final Map<String, long[]> counts = new LinkedHashMap<>();

    private OtherThreads() {}

    /** Makes this the JVM's default handler, unless the target has one. */
    public static synchronized void install() {
        if (Thread.getDefaultUncaughtExceptionHandler() == null) {
            Thread.setDefaultUncaughtExceptionHandler(INSTANCE);
        }
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        // The JVM's own default says nothing of a ThreadDeath.
        if (error instanceof ThreadDeath) {
            return;
        }
        if (firstAt(site(error))) {
            synchronized (System.err) {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                error.printStackTrace(System.err);
                System.err.println("jvmfuzz: an exception ended a thread other than the fuzzing one (not a finding);"
                        + " further ones at " + site(error) + " are counted, not printed");
            }
        }
    }

    /** Counts one at `site`; true for the first there. */
    synchronized boolean firstAt(String site) {
        String key = counts.containsKey(site) || counts.size() < MAX_SITES ? site : OTHERS;
        long[] n = counts.computeIfAbsent(key, k -> new long[1]);
        return ++n[0] == 1 && key == site;
    }

    /**
     * The exception's type and the frame that threw it, without the class loader's name: the
     * solver's traced copy of a class (loader "jvmfuzz-trace") throws at the same site.
     */
    static String site(Throwable error) {
        StackTraceElement[] frames = error.getStackTrace();
        if (frames.length == 0) {
            return error.getClass().getName() + " at (no stack)";
        }
        StackTraceElement f = frames[0];
        return error.getClass().getName() + " at " + f.getClassName() + "." + f.getMethodName() + "("
                + f.getFileName() + ":" + f.getLineNumber() + ")";
    }

    /**
     * The sites that threw more than once, with their counts, one per line (empty if none):
     * what the run did not print.
     */
    public static String summary() {
        return INSTANCE.countsText();
    }

    synchronized String countsText() {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, long[]> e : counts.entrySet()) {
            if (e.getValue()[0] > 1 || e.getKey().equals(OTHERS)) {
                text.append(e.getValue()[0]).append(" x ").append(e.getKey()).append('\n');
            }
        }
        return text.toString();
    }
}
