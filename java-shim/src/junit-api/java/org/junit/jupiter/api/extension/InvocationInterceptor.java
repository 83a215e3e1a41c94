package org.junit.jupiter.api.extension;

import java.lang.reflect.Method;

public interface InvocationInterceptor extends Extension {
    void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext extensionContext)
            throws Throwable;

    interface Invocation<T> {
        T proceed() throws Throwable;

        void skip();
    }
}
