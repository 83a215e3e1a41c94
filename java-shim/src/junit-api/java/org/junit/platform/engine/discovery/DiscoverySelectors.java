package org.junit.platform.engine.discovery;

import java.lang.reflect.Method;

public final class DiscoverySelectors {
    private DiscoverySelectors() {}

    public static MethodSelector selectMethod(Class<?> javaClass, Method method) {
        throw new UnsupportedOperationException("stand-in");
    }
}
