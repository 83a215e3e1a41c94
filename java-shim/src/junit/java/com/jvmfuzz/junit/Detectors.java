/*
 * Code run with jvmfuzz's bug detectors on, in a JVM that `fuzz` did not start: what the
 * reproducers of detector findings call, so a plain `java` run or a JUnit test fails with the
 * detector's report (a plain JVM has no hooks, and the target may swallow what the detector
 * throws). Needs only this jar on the class path, not JUnit.
 */
package com.jvmfuzz.junit;

import com.jvmfuzz.shim.detectors.ServerSideRequestForgery;
import com.jvmfuzz.shim.fuzz.Runner;

public final class Detectors {
    private Detectors() {}

    /** The code to run: a lambda calling the harness or the method under test. */
    @FunctionalInterface
    public interface Body {
        void run() throws Throwable;
    }

    /**
     * Readies the JVM (once) and runs {@code body}; throws the detector's report if one fired,
     * even if the code caught it, else what {@code body} threw.
     *
     * <p>Hooks go into classes as they load, so the code under test must not have loaded before
     * the first call: call this first thing in a fresh JVM, with the classes under test named
     * only inside {@code body}. The detectors are those of {@code JVMFUZZ_DETECTORS} /
     * {@code JVMFUZZ_DISABLE_DETECTORS} (default: all).
     */
    public static void replay(Body body) throws Throwable {
        run(body);
    }

    /**
     * As {@link #replay}, for a harness's finding: the harness runs under Jazzer's connection
     * rule, as `fuzz` ran it (no connection allowed unless the harness allows some), and the
     * rule is lifted again afterwards.
     */
    public static void replayHarness(Body body) throws Throwable {
        // Readies the JVM before the detector class is used: it is on the boot class path
        // only from then on.
        Engine.ensureReady(false);
        boolean denied = ServerSideRequestForgery.denyConnections();
        try {
            run(body);
        } finally {
            if (denied) {
                ServerSideRequestForgery.undenyConnections();
            }
        }
    }

    private static void run(Body body) throws Throwable {
        Engine.ensureReady(false);
        Runner.takeHookFinding();
        Throwable thrown = null;
        try {
            body.run();
        } catch (Throwable t) {
            thrown = t;
        }
        Throwable hooked = Runner.takeHookFinding();
        if (hooked != null) {
            throw hooked;
        }
        if (thrown != null) {
            throw thrown;
        }
    }
}
