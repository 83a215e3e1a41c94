/*
 * Lets harnesses written for Jazzer (taking com.code_intelligence.jazzer.api.FuzzedDataProvider
 * from jazzer-api on the class path) run on jvmfuzz's FuzzedDataProvider: a dynamic proxy of
 * Jazzer's interface that forwards each call to the method of the same name and parameter types
 * of ours (the two method sets are identical by construction).
 */
package com.jvmfuzz.shim.fuzz;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.ConcurrentHashMap;

final class JazzerAdapter implements InvocationHandler {
    /* Jazzer interface method -> ours. Filled lazily, shared by every proxy. */
    private static final ConcurrentHashMap<Method, Method> TARGETS = new ConcurrentHashMap<>();

    private final FuzzedDataProvider delegate;

    private JazzerAdapter(FuzzedDataProvider delegate) {
        this.delegate = delegate;
    }

    static Object wrap(Class<?> iface, ClassLoader loader, FuzzedDataProvider fdp) {
        return Proxy.newProxyInstance(loader, new Class<?>[] {iface}, new JazzerAdapter(fdp));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            switch (method.getName()) {
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                default:
                    return "jvmfuzz FuzzedDataProvider (Jazzer API)";
            }
        }
        Method target = TARGETS.get(method);
        if (target == null) {
            target = FuzzedDataProvider.class.getMethod(method.getName(), method.getParameterTypes());
            TARGETS.put(method, target);
        }
        try {
            return target.invoke(delegate, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
