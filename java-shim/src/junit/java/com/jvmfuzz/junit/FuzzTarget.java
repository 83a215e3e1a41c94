/*
 * The harness the native engine runs while a fuzz test is fuzzed: fuzzerTestOneInput decodes
 * the input into the test's arguments and calls the test method on its instance, through a
 * method handle (no reflection frames, which change once the JVM inflates a reflective call,
 * so a finding's stack is the same from the first execution on). What the test throws passes
 * through unchanged (the engine dedups findings by its stack), and the last one is kept for
 * the test's own failure.
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
    private static volatile Arguments arguments;
    /* What the last failing execution threw. */
    static volatile Throwable lastFailure;
    /* Its input. */
    static volatile byte[] lastInput;

    static void set(Object testInstance, Method testMethod, Arguments args) throws IllegalAccessException {
        testMethod.setAccessible(true);
        MethodHandle h = MethodHandles.lookup().unreflect(testMethod);
        if (!Modifier.isStatic(testMethod.getModifiers())) {
            h = h.bindTo(testInstance);
        }
        call = h.asSpreader(Object[].class, testMethod.getParameterCount())
                .asType(MethodType.methodType(void.class, Object[].class));
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
        try {
            call.invokeExact(args);
        } catch (Throwable t) {
            lastFailure = t;
            lastInput = data;
            throw t;
        }
    }
}
