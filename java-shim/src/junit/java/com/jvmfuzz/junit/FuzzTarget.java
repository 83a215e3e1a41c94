/*
 * The harness the native engine runs while a fuzz test is fuzzed: fuzzerTestOneInput decodes
 * the input into the test's arguments and calls the test method on its instance, through a
 * method handle (no reflection frames, which change once the JVM inflates a reflective call,
 * so a finding's stack is the same from the first execution on). What the test throws passes
 * through unchanged (the engine dedups findings by its stack), and the last one is kept for
 * the test's own failure. Under Lifecycle.PER_EXECUTION each execution gets its own instance
 * (PerExecution); a failure of its lifecycle methods is the execution's failure.
 */
package com.jvmfuzz.junit;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

public final class FuzzTarget {
    private FuzzTarget() {}

    /* The test method, bound to its instance, taking its arguments as one Object[]. */
    private static volatile MethodHandle call;
    /* Under PER_EXECUTION: the lifecycle around each execution, and the unbound method
     * taking (instance, Object[] arguments). */
    private static volatile PerExecution perExecution;
    private static volatile MethodHandle unbound;
    private static volatile Arguments arguments;
    /* What the last failing execution threw. */
    static volatile Throwable lastFailure;
    /* Its input: a copy, as the engine may hand the next execution the same array. */
    static volatile byte[] lastInput;

    static void set(Object testInstance, Method testMethod, Arguments args, PerExecution lifecycle)
            throws IllegalAccessException {
        testMethod.setAccessible(true);
        MethodHandle h = MethodHandles.lookup().unreflect(testMethod);
        MethodHandle free = Modifier.isStatic(testMethod.getModifiers()) ? MethodHandles.dropArguments(h, 0, Object.class) : h;
        unbound = free.asSpreader(Object[].class, testMethod.getParameterCount())
                .asType(MethodType.methodType(void.class, Object.class, Object[].class));
        if (!Modifier.isStatic(testMethod.getModifiers())) {
            h = h.bindTo(testInstance);
        }
        call = h.asSpreader(Object[].class, testMethod.getParameterCount())
                .asType(MethodType.methodType(void.class, Object[].class));
        perExecution = lifecycle;
        arguments = args;
        lastFailure = null;
        lastInput = null;
        // Observed stays off (TypedValues' operands seen compared at run time): they depend on
        // the run, so a saved input would decode to other arguments in the next JVM, and a
        // crash file must replay the same ones.
    }

    public static void fuzzerTestOneInput(byte[] data) throws Throwable {
        Object[] args;
        try {
            args = arguments.decode(data);
        } catch (Arguments.Rejected notArguments) {
            return;
        }
        PerExecution lifecycle = perExecution;
        if (lifecycle != null) {
            perExecution(lifecycle, args, data);
            return;
        }
        try {
            call.invokeExact(args);
        } catch (Throwable t) {
            lastFailure = t;
            lastInput = data.clone();
            throw t;
        }
    }

    private static void perExecution(PerExecution lifecycle, Object[] args, byte[] data) throws Throwable {
        PerExecution.Execution execution;
        try {
            execution = lifecycle.begin();
        } catch (Throwable t) {
            lastFailure = t;
            lastInput = data.clone();
            throw t;
        }
        Throwable failure = null;
        try {
            unbound.invokeExact(execution.instance, args);
        } catch (Throwable t) {
            failure = t;
        }
        failure = lifecycle.end(execution, failure);
        if (failure != null) {
            lastFailure = failure;
            lastInput = data.clone();
            throw failure;
        }
    }
}
