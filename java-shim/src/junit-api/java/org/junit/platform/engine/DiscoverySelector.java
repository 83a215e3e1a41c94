package org.junit.platform.engine;

public interface DiscoverySelector {}
