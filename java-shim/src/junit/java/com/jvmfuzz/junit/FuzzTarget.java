/*
 * The harness the native engine runs while a fuzz test is fuzzed: fuzzerTestOneInput decodes
 * the input into the test's arguments and calls the test method on its instance. What the
 * test throws passes through unchanged (the engine dedups findings by its stack), and the last
 * one is kept for the test's own failure.
 */
package com.jvmfuzz.junit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public final class FuzzTarget {
    private FuzzTarget() {}

    private static volatile Object instance;
    private static volatile Method method;
    private static volatile Arguments arguments;
    /* What the last failing execution threw. */
    static volatile Throwable lastFailure;
    /* Its input. */
    static volatile byte[] lastInput;

    static void set(Object testInstance, Method testMethod, Arguments args) {
        testMethod.setAccessible(true);
        instance = testInstance;
        method = testMethod;
        arguments = args;
        lastFailure = null;
        lastInput = null;
    }

    public static void fuzzerTestOneInput(byte[] data) throws Throwable {
        Object[] args;
        try {
            args = arguments.decode(data);
        } catch (Arguments.Rejected notArguments) {
            return;
        }
        try {
            method.invoke(instance, args);
        } catch (InvocationTargetException e) {
            lastFailure = e.getCause();
            lastInput = data;
            throw e.getCause();
        } catch (Throwable t) {
            lastFailure = t;
            lastInput = data;
            throw t;
        }
    }
}
