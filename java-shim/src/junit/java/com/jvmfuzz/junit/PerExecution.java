/*
 * Jazzer's Lifecycle.PER_EXECUTION while a fuzz test is fuzzed: every execution gets its own
 * test instance, which goes through JUnit's per-test lifecycle around it, as Jazzer does:
 *   constructor (parameters resolved by JUnit), TestInstancePostProcessor extensions,
 *   BeforeEachCallback extensions, @BeforeEach methods (superclass first),
 *   the test,
 *   @AfterEach methods, AfterEachCallback extensions (both in JUnit's reverse order).
 * The instance JUnit made for the test goes through its lifecycle once, before and after the
 * run, as under Jazzer.
 *
 * JUnit has no public way to list a test's registered extensions, and @BeforeEach/@AfterEach
 * methods are themselves extensions inside it (method adapters). Both come from the engine's
 * registry, read through reflection from the context's ExecutableInvoker, so the order, the
 * inherited methods, the parameter resolution and any InvocationInterceptor are JUnit's own.
 * The callbacks see a context whose test instance is the execution's (a proxy delegating the
 * rest to JUnit's context, implementing every interface the original implements, so the
 * engine's own casts hold).
 */
package com.jvmfuzz.junit;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;
import org.junit.jupiter.api.extension.TestInstances;

final class PerExecution {
    private static final String BEFORE_ADAPTER = "org.junit.jupiter.engine.execution.BeforeEachMethodAdapter";
    private static final String AFTER_ADAPTER = "org.junit.jupiter.engine.execution.AfterEachMethodAdapter";

    /* One step of the lifecycle, given the execution's context. */
    private interface Step {
        void run(ExtensionContext context) throws Throwable;
    }

    private final ExtensionContext junit;
    private final Constructor<?> constructor;
    /* The instances around an inner (@Nested) test class's, as JUnit made them. */
    private final List<Object> enclosing;
    private final List<TestInstancePostProcessor> postProcessors;
    private final List<Step> before;
    private final List<Step> after;

    private PerExecution(ExtensionContext junit, Constructor<?> constructor, List<Object> enclosing,
            List<TestInstancePostProcessor> postProcessors, List<Step> before, List<Step> after) {
        this.junit = junit;
        this.constructor = constructor;
        this.enclosing = enclosing;
        this.postProcessors = postProcessors;
        this.before = before;
        this.after = after;
    }

    /* Does this @FuzzTest ask for a fresh instance per execution? */
    static boolean wanted(Method test) {
        Object lifecycle = FuzzTestExtension.Budget.element(FuzzTestExtension.annotation(test), "lifecycle", null);
        return lifecycle instanceof Enum && ((Enum<?>) lifecycle).name().equals("PER_EXECUTION");
    }

    /* The lifecycle of `testClass` as JUnit registered it for this test. */
    static PerExecution of(ExtensionContext context, Class<?> testClass) {
        Object registry = registry(context);
        Constructor<?>[] constructors = testClass.getDeclaredConstructors();
        if (constructors.length != 1) {
            throw new IllegalStateException("jvmfuzz: lifecycle = PER_EXECUTION needs one constructor in "
                    + testClass.getName() + ", as JUnit does; it has " + constructors.length);
        }
        Constructor<?> constructor = constructors[0];
        constructor.setAccessible(true);
        List<Object> enclosing = context.getTestInstances().map(TestInstances::getEnclosingInstances)
                .orElse(Collections.emptyList());
        List<Step> before = new ArrayList<>();
        for (BeforeEachCallback c : extensions(registry, BeforeEachCallback.class)) {
            before.add(c::beforeEach);
        }
        Class<?> beforeAdapter = engineClass(context, BEFORE_ADAPTER);
        Method invokeBefore = adapterMethod(beforeAdapter, "invokeBeforeEachMethod", registry);
        for (Object a : extensions(registry, beforeAdapter)) {
            before.add(ctx -> invoke(invokeBefore, a, ctx, registry));
        }
        // JUnit runs the after-each steps in reverse registration order, methods before callbacks.
        List<Step> after = new ArrayList<>();
        for (AfterEachCallback c : extensions(registry, AfterEachCallback.class)) {
            after.add(c::afterEach);
        }
        Class<?> afterAdapter = engineClass(context, AFTER_ADAPTER);
        Method invokeAfter = adapterMethod(afterAdapter, "invokeAfterEachMethod", registry);
        for (Object a : extensions(registry, afterAdapter)) {
            after.add(ctx -> invoke(invokeAfter, a, ctx, registry));
        }
        Collections.reverse(after);
        return new PerExecution(context, constructor, enclosing,
                extensions(registry, TestInstancePostProcessor.class), before, after);
    }

    /* One execution's test instance, and the context its callbacks see (one, for all of them). */
    static final class Execution {
        final Object instance;
        final ExtensionContext context;

        Execution(Object instance, ExtensionContext context) {
            this.instance = instance;
            this.context = context;
        }
    }

    /*
     * A fresh instance through the before-each steps; what they throw is the execution's
     * failure, after the after-each steps ran (as JUnit runs them when a before-each fails).
     */
    Execution begin() throws Throwable {
        Object outer = enclosing.isEmpty() ? null : enclosing.get(enclosing.size() - 1);
        boolean inner = constructor.getDeclaringClass().getEnclosingClass() != null
                && !Modifier.isStatic(constructor.getDeclaringClass().getModifiers());
        Object instance = junit.getExecutableInvoker().invoke(constructor, inner ? outer : null);
        Execution e = new Execution(instance, withInstance(instance));
        try {
            ExtensionContext none = withInstance(null);
            for (TestInstancePostProcessor p : postProcessors) {
                p.postProcessTestInstance(instance, none);
            }
            for (Step s : before) {
                s.run(e.context);
            }
        } catch (Throwable t) {
            throw end(e, t);
        }
        return e;
    }

    /*
     * The after-each steps, each run even when an earlier one or the test failed. Returns the
     * execution's failure: the test's, else the first step's, the others suppressed on it.
     */
    Throwable end(Execution e, Throwable failure) {
        ExtensionContext ctx = e.context;
        for (Step s : after) {
            try {
                s.run(ctx);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                } else if (failure != t) {
                    failure.addSuppressed(t);
                }
            }
        }
        return failure;
    }

    /* JUnit's context for this test with `instance` (or none, for post-processors) as its test instance. */
    private ExtensionContext withInstance(Object instance) {
        TestInstances instances = instance == null ? null : instances(instance);
        InvocationHandler h = (proxy, m, args) -> {
            switch (m.getName()) {
                case "getTestInstance":
                    if (m.getParameterCount() == 0) {
                        return Optional.ofNullable(instance);
                    }
                    break;
                case "getRequiredTestInstance":
                    if (m.getParameterCount() == 0) {
                        return required(instance);
                    }
                    break;
                case "getTestInstances":
                    if (m.getParameterCount() == 0) {
                        return Optional.ofNullable(instances);
                    }
                    break;
                case "getRequiredTestInstances":
                    if (m.getParameterCount() == 0) {
                        return required(instances);
                    }
                    break;
                case "equals":
                    if (m.getParameterCount() == 1) {
                        return proxy == args[0];
                    }
                    break;
                case "hashCode":
                    if (m.getParameterCount() == 0) {
                        return System.identityHashCode(proxy);
                    }
                    break;
                default:
                    break;
            }
            return delegate(m, junit, args);
        };
        return (ExtensionContext) Proxy.newProxyInstance(junit.getClass().getClassLoader(),
                publicInterfaces(junit.getClass()), h);
    }

    private TestInstances instances(Object instance) {
        List<Object> all = new ArrayList<>(enclosing);
        all.add(instance);
        List<Object> allView = Collections.unmodifiableList(all);
        List<Object> enclosingView = Collections.unmodifiableList(new ArrayList<>(enclosing));
        InvocationHandler h = (proxy, m, args) -> {
            switch (m.getName()) {
                case "getInnermostInstance":
                    return instance;
                case "getEnclosingInstances":
                    return enclosingView;
                case "getAllInstances":
                    return allView;
                case "findInstance": {
                    Class<?> type = (Class<?>) args[0];
                    for (int i = all.size() - 1; i >= 0; i--) {
                        if (type.isInstance(all.get(i))) {
                            return Optional.of(all.get(i));
                        }
                    }
                    return Optional.empty();
                }
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "TestInstances" + allView;
                default:
                    throw new UnsupportedOperationException("jvmfuzz: TestInstances." + m.getName());
            }
        };
        return (TestInstances) Proxy.newProxyInstance(TestInstances.class.getClassLoader(),
                new Class<?>[] {TestInstances.class}, h);
    }

    private static Object required(Object o) {
        if (o == null) {
            throw new IllegalStateException("jvmfuzz: no test instance here (a TestInstancePostProcessor's context)");
        }
        return o;
    }

    private static Object delegate(Method m, Object target, Object[] args) throws Throwable {
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object invoke(Method m, Object target, Object... args) throws Throwable {
        return delegate(m, target, args);
    }

    private static Class<?>[] publicInterfaces(Class<?> c) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            collect(k.getInterfaces(), all);
        }
        return all.stream().filter(i -> Modifier.isPublic(i.getModifiers())).toArray(Class<?>[]::new);
    }

    private static void collect(Class<?>[] interfaces, Set<Class<?>> into) {
        for (Class<?> i : interfaces) {
            if (into.add(i)) {
                collect(i.getInterfaces(), into);
            }
        }
    }

    /*
     * The engine's ExtensionRegistry for this test: the field of that type inside the context's
     * ExecutableInvoker (found by type, not name, to outlive a rename).
     */
    private static Object registry(ExtensionContext context) {
        Object invoker;
        try {
            invoker = context.getExecutableInvoker();
        } catch (AbstractMethodError | NoSuchMethodError | UnsupportedOperationException old) {
            throw unsupported("it has no ExecutableInvoker");
        }
        for (Class<?> c = invoker.getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getType().getName().endsWith(".ExtensionRegistry")) {
                    try {
                        f.setAccessible(true);
                        Object r = f.get(invoker);
                        if (r != null) {
                            return r;
                        }
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        throw unsupported("its extension registry cannot be read: " + e);
                    }
                }
            }
        }
        throw unsupported("no extension registry in " + invoker.getClass().getName());
    }

    private static <E> List<E> extensions(Object registry, Class<E> type) {
        try {
            Method stream = method(registryType(registry), "stream", Class.class);
            @SuppressWarnings("unchecked")
            Stream<E> s = (Stream<E>) stream.invoke(registry, type);
            return s.collect(Collectors.toList());
        } catch (InvocationTargetException e) {
            throw unsupported("its extension registry failed: " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw unsupported("its extension registry cannot be read: " + e);
        }
    }

    private static Class<?> registryType(Object registry) {
        for (Class<?> c = registry.getClass(); c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().endsWith(".ExtensionRegistry")) {
                    return i;
                }
            }
        }
        return registry.getClass();
    }

    private static Class<?> engineClass(ExtensionContext context, String name) {
        try {
            return Class.forName(name, false, context.getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw unsupported("it has no " + name);
        }
    }

    /* An adapter's invoke method: (ExtensionContext, ExtensionRegistry). */
    private static Method adapterMethod(Class<?> owner, String name, Object registry) {
        return method(owner, name, ExtensionContext.class, registryType(registry));
    }

    private static Method method(Class<?> owner, String name, Class<?>... parameters) {
        try {
            Method m = owner.getMethod(name, parameters);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            throw unsupported("it has no " + owner.getName() + "." + name);
        }
    }

    private static IllegalStateException unsupported(String why) {
        return new IllegalStateException("jvmfuzz: lifecycle = PER_EXECUTION needs JUnit 5.9 or newer, and this"
                + " JUnit engine cannot be driven per execution (" + why + "); use lifecycle = PER_TEST");
    }
}
