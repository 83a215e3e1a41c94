/*
 * Method handles for the driver calls javac cannot resolve. A generated call with raw-typed
 * arguments can match two generic overloads at once (commons-collections4's
 * `defaultedMap(Map, Factory)` against `defaultedMap(Map, V)`); such a driver calls the method
 * by its exact descriptor instead. The lambda-form frames between the driver and the method
 * are hidden from stack traces, so Expected judges the failure as for a direct call.
 */
package com.jvmfuzz.shim.driver;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

public final class Handles {
    private Handles() {}

    /** The public method `name` with descriptor `desc` of `owner`, static or virtual. */
    public static MethodHandle find(Class<?> owner, String name, String desc, boolean isStatic) {
        try {
            MethodType t = MethodType.fromMethodDescriptorString(desc, owner.getClassLoader());
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            return isStatic ? l.findStatic(owner, name, t) : l.findVirtual(owner, name, t);
        } catch (ReflectiveOperationException | TypeNotPresentException | IllegalArgumentException e) {
            throw new IllegalStateException("jvmfuzz: no method handle for " + owner.getName() + "." + name + desc, e);
        }
    }
}
