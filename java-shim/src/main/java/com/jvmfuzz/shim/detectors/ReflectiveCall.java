/*
 * reflective-call (CWE-470): the input names the class Class.forName or ClassLoader.loadClass
 * loads (payload: "jaz.Zer", Jazzer's), or the library System.load/loadLibrary loads (payload:
 * a name containing "jazzer_honeypot"). The hook throws before anything is loaded.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;

public final class ReflectiveCall {
    private ReflectiveCall() {}

    static final String NAME = "reflective-call";
    static final String CLASS_PAYLOAD = "jaz.Zer";
    static final String LIBRARY_PAYLOAD = "jazzer_honeypot";

    /** {@code Class.forName(String[, boolean, ClassLoader])}, {@code ClassLoader.loadClass(String[, boolean])}. */
    public static void loadClass(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            String name = (String) args[0];
            Detector.towardsEquality(name, CLASS_PAYLOAD);
            if (name.equals(CLASS_PAYLOAD)) {
                Detector.report(NAME, "unsafe reflection: the input chose the class `" + name + "` to load", name);
            }
        }
    }

    /** {@code System/Runtime.load(String)} and {@code loadLibrary(String)}. */
    public static void loadLibrary(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            String name = (String) args[0];
            Detector.towardsContainment(name, LIBRARY_PAYLOAD);
            if (name.contains(LIBRARY_PAYLOAD)) {
                Detector.report(NAME, "unsafe reflection: the input chose the native library `" + name + "` to load");
            }
        }
    }
}
