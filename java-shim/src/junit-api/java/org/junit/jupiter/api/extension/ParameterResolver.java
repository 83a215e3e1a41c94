package org.junit.jupiter.api.extension;

public interface ParameterResolver extends Extension {
    boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext);

    Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext);
}
