package org.junit.jupiter.api.extension;

import java.util.stream.Stream;

public interface TestTemplateInvocationContextProvider extends Extension {
    boolean supportsTestTemplate(ExtensionContext context);

    Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context);
}
