package org.junit.jupiter.api.extension;

import java.util.List;

public interface TestTemplateInvocationContext {
    String getDisplayName(int invocationIndex);

    List<Extension> getAdditionalExtensions();
}
