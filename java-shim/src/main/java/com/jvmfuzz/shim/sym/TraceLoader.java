/*
 * The class loader of trace mode: a second, child-first copy of the target's classes over the
 * same class path. The agent's class-load hook rewrites the classes this loader defines in trace
 * mode (it tells them apart by the defining loader's class), so fuzzing executions, which use
 * the application loader's copy, never pay for tracing. The copies have their own static state.
 *
 * Shared with the application (delegated to `delegate`, normally the application loader):
 * java.*, javax.*, jdk.*, sun.*, com.jvmfuzz.* (the shim, so a traced harness receives the same
 * FuzzedDataProvider type), com.code_intelligence.jazzer.api.* (the same Jazzer interface) and
 * org.junit.*. Classes the platform or boot loader has (the JDK's org.w3c.dom, com.sun.*, ...)
 * come from the parent (the platform loader) even when a jar on the class path has them too,
 * so no JDK type exists twice. Anything else is ours first; what the class path lacks comes
 * from the parent, then from the delegate.
 */
package com.jvmfuzz.shim.sym;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class TraceLoader extends URLClassLoader {
    static {
        ClassLoader.registerAsParallelCapable();
    }

    private static final String[] SHARED = {
        "java.", "javax.", "jdk.", "sun.", "com.jvmfuzz.", "com.code_intelligence.jazzer.api.", "org.junit.",
    };

    private final ClassLoader delegate;

    public TraceLoader(URL[] classPath, ClassLoader delegate) {
        super("jvmfuzz-trace", classPath, ClassLoader.getPlatformClassLoader());
        this.delegate = delegate != null ? delegate : ClassLoader.getSystemClassLoader();
    }

    /** `classPath`: directories and jars separated by File.pathSeparator (`dir/*`: its jars). */
    public TraceLoader(String classPath, ClassLoader delegate) {
        this(urls(classPath), delegate);
    }

    static URL[] urls(String classPath) {
        List<URL> out = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            try {
                if (entry.endsWith("*") && (entry.length() == 1 || entry.charAt(entry.length() - 2) == File.separatorChar)) {
                    File dir = new File(entry.substring(0, entry.length() - 1));
                    File[] files = dir.listFiles();
                    if (files != null) {
                        Arrays.sort(files);
                        for (File f : files) {
                            String name = f.getName();
                            if (name.endsWith(".jar") || name.endsWith(".JAR")) {
                                out.add(f.toURI().toURL());
                            }
                        }
                    }
                } else {
                    // toURI() ends an existing directory's URL with '/', which URLClassLoader needs.
                    out.add(new File(entry).toURI().toURL());
                }
            } catch (MalformedURLException e) {
                // Not a usable path: the application loader could not use it either.
            }
        }
        return out.toArray(new URL[0]);
    }

    private static boolean shared(String name) {
        for (String prefix : SHARED) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return delegate.loadClass(name);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                ClassLoader parent = getParent();
                if (parent.getResource(name.replace('.', '/') + ".class") != null) {
                    c = parent.loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException notOurs) {
                        try {
                            c = parent.loadClass(name);
                        } catch (ClassNotFoundException notPlatform) {
                            c = delegate.loadClass(name);
                        }
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
