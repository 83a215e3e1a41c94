/*
 * Registered as a JUnit Platform LauncherSessionListener (META-INF/services): in fuzz mode it
 * readies the JVM when the test run starts, before the test classes (and the code they fuzz)
 * load, so all of it gets probes. Classes loaded earlier run uninstrumented. A failure here is
 * only printed: the fuzz tests report it when they run, and plain tests are not disturbed.
 */
package com.jvmfuzz.junit;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

public final class SessionListener implements LauncherSessionListener {
    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (!Config.fuzzing()) {
            return;
        }
        try {
            Engine.ensureReady(true);
        } catch (RuntimeException | LinkageError e) {
            System.err.println(e.getMessage());
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {}
}
