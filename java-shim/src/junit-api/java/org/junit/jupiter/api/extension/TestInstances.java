package org.junit.jupiter.api.extension;

import java.util.List;
import java.util.Optional;

public interface TestInstances {
    Object getInnermostInstance();

    List<Object> getEnclosingInstances();

    List<Object> getAllInstances();

    <T> Optional<T> findInstance(Class<T> requiredType);
}
