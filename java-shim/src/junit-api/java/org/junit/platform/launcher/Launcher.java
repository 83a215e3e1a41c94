package org.junit.platform.launcher;

public interface Launcher {
    void execute(LauncherDiscoveryRequest request, TestExecutionListener... listeners);
}
