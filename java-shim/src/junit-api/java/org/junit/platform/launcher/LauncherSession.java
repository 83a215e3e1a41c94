package org.junit.platform.launcher;

public interface LauncherSession extends AutoCloseable {
    @Override
    void close();
}
