/*
 * Compiles generated driver sources inside the fuzzer's own JVM with the JDK's compiler API
 * (javax.tools). The shim sits on the boot class path, which cannot see the java.compiler
 * module's classes directly, so the compiler is reached through the platform class loader.
 */
package com.jvmfuzz.shim.driver;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

public final class DriverCompiler {
    private DriverCompiler() {}

    /**
     * Compiles every .java file under srcDir into outDir against classPath. Returns null on
     * success, else the compiler's messages.
     */
    public static String compile(String srcDir, String outDir, String classPath) {
        try {
            List<String> args = new ArrayList<>();
            args.add("-nowarn");
            args.add("-g");
            // Every error, not javac's first 100: the caller repairs each method javac names.
            args.add("-Xmaxerrs");
            args.add("1000000");
            args.add("-encoding");
            args.add("UTF-8");
            args.add("-proc:none");
            args.add("-d");
            args.add(outDir);
            args.add("-cp");
            args.add(classPath);
            try (Stream<Path> files = Files.walk(Paths.get(srcDir))) {
                files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
            }
            Files.createDirectories(Paths.get(outDir));
            Class<?> provider = Class.forName("javax.tools.ToolProvider", true, ClassLoader.getPlatformClassLoader());
            Object compiler = provider.getMethod("getSystemJavaCompiler").invoke(null);
            if (compiler == null) {
                return "no Java compiler in this runtime (a JRE?): run with a JDK (--java-home)";
            }
            Method run = Class.forName("javax.tools.Tool", true, ClassLoader.getPlatformClassLoader())
                    .getMethod("run", java.io.InputStream.class, java.io.OutputStream.class,
                            java.io.OutputStream.class, String[].class);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int rc = (Integer) run.invoke(compiler, null, out, out, args.toArray(new String[0]));
            if (rc != 0) {
                String text = out.toString(StandardCharsets.UTF_8.name());
                return text.isEmpty() ? "javac failed (exit " + rc + ")" : text;
            }
            return null;
        } catch (Throwable e) {
            Throwable c = e instanceof java.lang.reflect.InvocationTargetException ? e.getCause() : e;
            return "cannot run the Java compiler: " + c;
        }
    }
}
