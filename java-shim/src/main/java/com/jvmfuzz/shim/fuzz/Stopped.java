package com.jvmfuzz.shim.fuzz;

/**
 * Thrown into the fuzzing thread (JVMTI StopThread) by the watchdog to end a run that took too
 * long: one past --timeout (after its finding is saved), or one past its driver method's own
 * limit in package mode. The JVM goes on; nothing restarts. Never a finding itself, whatever
 * the target wraps it in.
 */
public final class Stopped extends Error {
    private static final long serialVersionUID = 1L;

    public Stopped() {
        super("jvmfuzz stopped this run: it took too long", null, false, false);
    }

    /** Called after a stopped run: a stop that arrived late is delivered here, not in the next run. */
    public static void absorb() {}
}
