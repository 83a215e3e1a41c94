/*
 * The entry points of the solver's trace mode for the fuzzer (Rust, over JNI): load the
 * harness's trace-mode copy once, then run single inputs traced and get their traces.
 */
package com.jvmfuzz.shim.sym;

import com.jvmfuzz.shim.fuzz.Runner;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the Rust side calls (all static, on com/jvmfuzz/shim/sym/TraceRunner):
 *
 * <ol>
 *   <li>Once per campaign: {@code harness}, descriptor
 *       {@code (Ljava/lang/String;Ljava/lang/String;[Ljava/lang/String;)Ljava/lang/Object;}
 *       (class name with dots, the class path as java.class.path spells it, fuzzerInitialize's
 *       arguments); or {@code (Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;} for no
 *       arguments. Returns the traced copy's {@code java.lang.Class}; throws (a pending JNI
 *       exception) if loading or fuzzerInitialize fails, after which trace mode should be off.
 *   <li>Per input: {@code run}, descriptor {@code (Ljava/lang/Class;[B)[B}, with that Class and
 *       the input (a fresh array: the harness may change it). Returns the trace in the format of
 *       docs/solver.md. Never throws: whatever the harness throws ends the trace, which stays
 *       valid. {@code (Ljava/lang/Class;[BLjava/lang/Object;)[B} does the same with a harness
 *       argument the caller made (null: made here, as the 2-argument form does).
 * </ol>
 *
 * Both must be called on the thread that fuzzes (run traces the thread it is called on), and
 * never while another run is in progress.
 */
public final class TraceRunner {
    private TraceRunner() {}

    private static final String METHOD = "fuzzerTestOneInput";

    /* Loaders by class path, harness classes by class path + "\n" + name. */
    private static final Map<String, TraceLoader> LOADERS = new HashMap<>();
    private static final Map<String, Class<?>> HARNESSES = new HashMap<>();
    private static final Map<Class<?>, Method> METHODS = new ConcurrentHashMap<>();

    public static Object harness(String className, String classPath) throws Throwable {
        return harness(className, classPath, new String[0]);
    }

    /**
     * The trace-mode copy of `className`, loaded by a TraceLoader over `classPath` (one per
     * class path) with the application loader as delegate, initialised, and its
     * fuzzerInitialize(String[]) or fuzzerInitialize() run once (the copy has its own statics,
     * which need what the fuzzing copy got).
     */
    public static synchronized Object harness(String className, String classPath, String[] args) throws Throwable {
        String id = classPath + "\n" + className;
        Class<?> c = HARNESSES.get(id);
        if (c != null) {
            return c;
        }
        TraceLoader loader = LOADERS.get(classPath);
        if (loader == null) {
            loader = new TraceLoader(classPath, ClassLoader.getSystemClassLoader());
            LOADERS.put(classPath, loader);
        }
        c = Class.forName(className, true, loader);
        if (method(c) == null) {
            throw new IllegalArgumentException(className + " has no static " + METHOD
                    + " taking byte[] or a FuzzedDataProvider");
        }
        Method init = find(c, "fuzzerInitialize", String[].class);
        Object[] initArgs = {args == null ? new String[0] : args};
        if (init == null) {
            init = find(c, "fuzzerInitialize");
            initArgs = new Object[0];
        }
        if (init != null) {
            try {
                init.invoke(null, initArgs);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
        HARNESSES.put(id, c);
        return c;
    }

    public static byte[] run(Class<?> harness, byte[] input) {
        return run(harness, input, null);
    }

    /** Runs `input` through the traced harness; returns the trace (see the class comment). */
    public static byte[] run(Class<?> harness, byte[] input, Object argument) {
        byte[] data = input == null ? new byte[0] : input;
        Method m = harness == null ? null : method(harness);
        Object arg = argument;
        if (arg == null && m != null) {
            arg = Runner.traceArgument(m.getParameterTypes()[0], data);
        }
        Sym.begin(data);
        try {
            if (m != null && arg != null) {
                m.invoke(null, arg);
            }
        } catch (Throwable t) {
            // The harness threw (InvocationTargetException) or could not be called: the
            // conditions recorded up to there are still those of this input's path.
        }
        byte[] trace = Sym.finish();
        Runner.forgetExecution();
        return trace;
    }

    /* The harness method: static fuzzerTestOneInput taking byte[] or a provider. */
    private static Method method(Class<?> c) {
        Method m = METHODS.get(c);
        if (m != null) {
            return m;
        }
        for (Method candidate : c.getDeclaredMethods()) {
            if (candidate.getName().equals(METHOD) && Modifier.isStatic(candidate.getModifiers())
                    && candidate.getParameterCount() == 1
                    && Runner.traceArgument(candidate.getParameterTypes()[0], new byte[0]) != null) {
                candidate.setAccessible(true);
                METHODS.put(c, candidate);
                return candidate;
            }
        }
        return null;
    }

    private static Method find(Class<?> c, String name, Class<?>... params) {
        try {
            Method m = c.getDeclaredMethod(name, params);
            if (!Modifier.isStatic(m.getModifiers())) {
                return null;
            }
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
