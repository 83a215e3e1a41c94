package org.junit.platform.launcher;

public interface LauncherDiscoveryRequest {}
