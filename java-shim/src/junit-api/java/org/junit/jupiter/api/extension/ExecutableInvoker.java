package org.junit.jupiter.api.extension;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

public interface ExecutableInvoker {
    Object invoke(Method method, Object target);

    <T> T invoke(Constructor<T> constructor, Object outerInstance);
}
