/*
 * What counts as a bug when generated drivers call a library. Every counting rule lives here.
 *
 * A Throwable escaping a driver is traced back, through its stack, to the call the driver made
 * (the deepest frame above the first driver frame). It is *expected*, not a finding, when:
 *   - it is an instance of an exception type that method (any overload of that name, or any
 *     constructor) declares in `throws`; or
 *   - it is an IllegalArgumentException (or subclass) thrown by the library's own argument
 *     checks: it is thrown by the called class's library (the same package, or the same first
 *     three package segments: the validation helpers of org.apache.commons.imaging.* count for
 *     every class below it) or by a precondition helper (Objects.requireNonNull*, Guava's
 *     Preconditions.check*, commons-lang's Validate.*), and every frame up to the call is that
 *     library's or the JDK's (its lambdas run inside java.util.stream). One thrown by the JDK
 *     counts as the called method's own check only when that method handed its input straight
 *     to the JDK (NumberUtils.createFloat("") reaching Float.valueOf); one the JDK throws on
 *     values the library computed deeper down (a negative raster size) is a finding;
 *   - it is a ClassCastException thrown in a compiler-generated bridge method: the driver
 *     passed an argument of the erased type where a generic subclass expects a narrower one
 *     (a limit of drivers built from erased signatures, not a bug of the target).
 * System properties jvmfuzz.findings.include / .exclude (comma-separated class names, from
 * --findings-include/--findings-exclude) override this: include makes a type (and subclasses)
 * always a finding, exclude never.
 *
 * It also keeps per-driver-method statistics: runs, runs that ended in set-up (the exception
 * came from a constructor, factory or modifier rather than the method under test) and runs
 * that reached the method under test.
 */
package com.jvmfuzz.shim.driver;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class Expected {
    private Expected() {}

    public static volatile boolean active;
    private static String[] muts = new String[0];
    private static long[] runs = new long[0];
    private static long[] setupFailed = new long[0];
    private static long[] reached = new long[0];
    private static int current = -1;
    private static ClassLoader loader;

    private static final String[] INCLUDE = list("jvmfuzz.findings.include");
    private static final String[] EXCLUDE = list("jvmfuzz.findings.exclude");
    private static final Map<String, Class<?>[]> DECLARED = new HashMap<>();

    private static String[] list(String property) {
        String v = System.getProperty(property, "").trim();
        return v.isEmpty() ? new String[0] : v.split("\\s*,\\s*");
    }

    /**
     * Called by the generated dispatcher's static initialiser: `methods[i]` is
     * "binary.ClassName::method" of driver method i's method under test.
     */
    public static synchronized void register(Class<?> dispatcher, String[] methods) {
        loader = dispatcher.getClassLoader();
        muts = methods.clone();
        runs = new long[methods.length];
        setupFailed = new long[methods.length];
        reached = new long[methods.length];
        active = true;
        com.jvmfuzz.shim.fuzz.Observed.enabled = true;
    }

    /** Called by the dispatcher before driver method i runs. */
    public static void begin(int i) {
        current = i;
        if (i >= 0 && i < runs.length) {
            runs[i]++;
        }
    }

    /** Called by the dispatcher after the current driver method returned normally. */
    public static void end() {
        int i = current;
        if (i >= 0 && i < reached.length) {
            reached[i]++;
        }
    }

    /** Runs `data` through the dispatcher with recording on; returns the trace. */
    public static String trace(Class<?> dispatcher, byte[] data) {
        TypedValues v = TypedValues.recording(data);
        boolean was = active;
        try {
            java.lang.reflect.Method m = dispatcher.getDeclaredMethod("run", TypedValues.class);
            m.setAccessible(true);
            m.invoke(null, v);
        } catch (Throwable e) {
            // The failure is the point of the replay; the trace up to it is what we need.
        } finally {
            active = was;
        }
        return v.trace();
    }

    /** Per-method statistics, one line each: "runs setupFailed reached method". */
    public static synchronized String stats() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < muts.length; i++) {
            sb.append(runs[i]).append(' ').append(setupFailed[i]).append(' ').append(reached[i])
                    .append(' ').append(muts[i]).append('\n');
        }
        return sb.toString();
    }

    /** For instance helpers past the depth bound (see TooDeep). */
    public static RuntimeException tooDeep() {
        return new TooDeep();
    }

    static boolean isDriverFrame(String cls) {
        return cls.startsWith("jvmfuzz.drivers.") || cls.startsWith("com.jvmfuzz.shim.driver.");
    }

    /**
     * Returns null when t is expected (the run ends quietly, as if nothing was thrown), else the
     * Throwable to report. Updates the statistics of the current driver method.
     */
    public static Throwable filter(Throwable t) {
        if (t == null || !active) {
            return t;
        }
        if (t instanceof TooDeep) {
            if (current >= 0 && current < setupFailed.length) {
                setupFailed[current]++;
            }
            return null;
        }
        StackTraceElement[] st = t.getStackTrace();
        int k = 0;
        while (k < st.length && !isDriverFrame(st[k].getClassName())) {
            k++;
        }
        if (k == 0 || k == st.length) {
            // Thrown by driver code itself (a set-up failure), or no driver frame at all (a
            // stack cut short by a StackOverflowError: deep in the target): report it.
            if (current >= 0 && current < muts.length) {
                if (k == 0) {
                    setupFailed[current]++;
                } else {
                    reached[current]++;
                }
            }
            return t;
        }
        StackTraceElement call = st[k - 1];
        String callee = call.getClassName() + "::" + call.getMethodName();
        boolean inSetup = current < 0 || current >= muts.length || !callee.equals(muts[current]);
        if (current >= 0 && current < muts.length) {
            if (inSetup) {
                setupFailed[current]++;
            } else {
                reached[current]++;
            }
        }
        if (isA(t, INCLUDE)) {
            return t;
        }
        if (isA(t, EXCLUDE) || declared(t, call) || ownArgumentCheck(t, st, k) || bridgeCast(t, st)) {
            return null;
        }
        return t;
    }

    private static boolean isA(Throwable t, String[] names) {
        for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
            for (String n : names) {
                if (c.getName().equals(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean declared(Throwable t, StackTraceElement call) {
        for (Class<?> c : declaredBy(call.getClassName(), call.getMethodName())) {
            if (c.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static synchronized Class<?>[] declaredBy(String cls, String method) {
        String key = cls + "::" + method;
        Class<?>[] r = DECLARED.get(key);
        if (r != null) {
            return r;
        }
        List<Class<?>> out = new ArrayList<>();
        try {
            Class<?> c = Class.forName(cls, false, loader);
            List<Executable> all = new ArrayList<>();
            if (method.equals("<init>")) {
                for (Constructor<?> k : c.getDeclaredConstructors()) {
                    all.add(k);
                }
            } else {
                for (Class<?> s = c; s != null; s = s.getSuperclass()) {
                    for (java.lang.reflect.Method m : s.getDeclaredMethods()) {
                        if (m.getName().equals(method)) {
                            all.add(m);
                        }
                    }
                }
            }
            for (Executable e : all) {
                for (Class<?> x : e.getExceptionTypes()) {
                    out.add(x);
                }
            }
        } catch (Throwable e) {
            // Not loadable from here: nothing is declared.
        }
        r = out.toArray(new Class<?>[0]);
        DECLARED.put(key, r);
        return r;
    }

    private static boolean ownArgumentCheck(Throwable t, StackTraceElement[] st, int k) {
        if (!(t instanceof IllegalArgumentException)) {
            return false;
        }
        String library = library(st[k - 1].getClassName());
        if (isJdk(st[0].getClassName())) {
            int first = 0;
            while (first < k && isJdk(st[first].getClassName())) {
                first++;
            }
            return first == k - 1;
        }
        if (!isPrecondition(st[0]) && !library(st[0].getClassName()).equals(library)) {
            return false;
        }
        for (int i = 1; i < k; i++) {
            String c = st[i].getClassName();
            if (!library(c).equals(library) && !isJdk(c)) {
                return false;
            }
        }
        return true;
    }

    /** The package, cut to its first three segments: what "the library" means above. */
    static String library(String className) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        int cut = -1;
        for (int i = 0; i < 3; i++) {
            cut = pkg.indexOf('.', cut + 1);
            if (cut < 0) {
                return pkg;
            }
        }
        return pkg.substring(0, cut);
    }

    private static boolean bridgeCast(Throwable t, StackTraceElement[] st) {
        if (!(t instanceof ClassCastException) || st.length == 0) {
            return false;
        }
        try {
            Class<?> c = Class.forName(st[0].getClassName(), false, loader);
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.isBridge() && m.getName().equals(st[0].getMethodName())) {
                    return true;
                }
            }
        } catch (Throwable e) {
            // Unknown class: not a bridge we can see.
        }
        return false;
    }

    private static boolean isJdk(String c) {
        return c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.");
    }

    private static boolean isPrecondition(StackTraceElement e) {
        String c = e.getClassName();
        String m = e.getMethodName();
        return (c.equals("java.util.Objects") && m.startsWith("require"))
                || (c.endsWith(".Preconditions") && m.startsWith("check"))
                || c.endsWith(".Validate");
    }
}
