package org.junit.jupiter.api.extension;

import java.lang.reflect.Executable;
import java.util.List;
import java.util.Optional;

public interface ReflectiveInvocationContext<T extends Executable> {
    Class<?> getTargetClass();

    T getExecutable();

    List<Object> getArguments();

    Optional<Object> getTarget();
}
