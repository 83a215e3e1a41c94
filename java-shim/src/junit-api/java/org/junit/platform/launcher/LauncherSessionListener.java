package org.junit.platform.launcher;

public interface LauncherSessionListener {
    void launcherSessionOpened(LauncherSession session);

    void launcherSessionClosed(LauncherSession session);
}
