package org.junit.jupiter.api.extension;

import java.lang.reflect.Method;
import java.util.Optional;

public interface ExtensionContext {
    Optional<Class<?>> getTestClass();

    Optional<Method> getTestMethod();

    Class<?> getRequiredTestClass();

    Method getRequiredTestMethod();

    String getDisplayName();

    Optional<Object> getTestInstance();

    Object getRequiredTestInstance();

    Optional<TestInstances> getTestInstances();

    TestInstances getRequiredTestInstances();

    ExecutableInvoker getExecutableInvoker();
}
