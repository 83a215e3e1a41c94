/*
 * A fuzz test's finding as source a user can run without the fuzzer:
 *  - write: a typed fuzz test's as a plain JUnit test, the decoded arguments written out as Java
 *    values (Literals), calling the fuzz test's method on a new instance of its class; to
 *    <findings>/<Class>_<method>_Reproducer.java; values with no literal form are left as a comment.
 *  - crash: any fuzz test's as Jazzer's --reproducer_path writes a harness's, a program
 *    Crash_<sha1 of the input>.java whose main runs the class's @BeforeAll and @BeforeEach
 *    methods, then the fuzz test's method with the input (the bytes, a FuzzedDataProvider over
 *    them, or the typed values written out), through reflection: a fuzz test and its class are
 *    often package-private, and the source launcher loads the program in a loader of its own.
 */
package com.jvmfuzz.junit;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

final class Reproducer {
    private Reproducer() {}

    static void write(Path dir, Method m, Arguments args, byte[] input) {
        try {
            String[] values = args.render(args.decode(input));
            Class<?> c = m.getDeclaringClass();
            String name = c.getSimpleName() + "_" + m.getName() + "_Reproducer";
            StringBuilder b = new StringBuilder();
            if (c.getPackage() != null && !c.getPackage().getName().isEmpty()) {
                b.append("package ").append(c.getPackage().getName()).append(";\n\n");
            }
            b.append("// A finding of ").append(c.getName()).append('.').append(m.getName())
                    .append(", its arguments written out.\n");
            b.append("class ").append(name).append(" {\n");
            b.append("    @org.junit.jupiter.api.Test\n    void reproduce() throws Throwable {\n");
            StringBuilder call = new StringBuilder();
            boolean complete = true;
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    complete = false;
                }
                call.append(i == 0 ? "" : ",\n                ").append(values[i] == null ? "null /* no literal form */" : values[i]);
            }
            if (!complete) {
                b.append("        // Some values have no literal form: replay the saved input with `mvn test` instead.\n");
            }
            b.append("        new ").append(c.getCanonicalName()).append("().").append(m.getName()).append("(\n                ")
                    .append(call).append(");\n    }\n}\n");
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".java");
            Files.write(file, b.toString().getBytes(StandardCharsets.UTF_8));
            System.err.println("jvmfuzz: reproducer written to " + file);
        } catch (Throwable e) {
            System.err.println("jvmfuzz: no reproducer (" + e + ")");
        }
    }

    static void crash(Path dir, Method m, Arguments args, byte[] input) {
        try {
            String sha1 = sha1(input);
            String name = "Crash_" + sha1;
            Class<?> c = m.getDeclaringClass();
            StringBuilder types = new StringBuilder();
            for (Class<?> p : m.getParameterTypes()) {
                types.append(types.length() == 0 ? "" : ",").append(p.getName());
            }
            String[] values = args.typed() ? args.render(args.decode(input)) : null;
            StringBuilder call = new StringBuilder();
            boolean complete = true;
            if (values == null) {
                call.append(args.provider() ? "com.jvmfuzz.shim.fuzz.Runner.dataProvider(m.getParameterTypes()[0], data)" : "data");
            } else {
                for (int i = 0; i < values.length; i++) {
                    complete &= values[i] != null;
                    call.append(i == 0 ? "" : ",\n                    ")
                            .append(values[i] == null ? "null /* no literal form */" : values[i]);
                }
            }
            StringBuilder b = new StringBuilder();
            b.append("// A finding of the fuzz test ").append(c.getName()).append('.').append(m.getName()).append(".\n");
            b.append("// Run:  java -ea -cp <the test class path>").append(args.provider() ? ":jvmfuzz-shim.jar" : "")
                    .append(" ").append(name).append(".java\n");
            if (args.provider()) {
                b.append("//       (jvmfuzz's FuzzedDataProvider, in jvmfuzz-shim.jar beside this file)\n");
            }
            if (!complete) {
                b.append("// Some values have no literal form: replay crash-").append(sha1).append(" with fuzz instead.\n");
            }
            b.append("public class ").append(name).append(" {\n");
            b.append("    public static void main(String[] args) throws Throwable {\n");
            if (values == null) {
                // In pieces: a string constant holds at most 65,535 bytes.
                String b64 = java.util.Base64.getEncoder().encodeToString(input);
                b.append("        byte[] data = java.util.Base64.getDecoder().decode(String.join(\"\"");
                for (int i = 0; i < b64.length(); i += 76) {
                    b.append(",\n                \"").append(b64, i, Math.min(b64.length(), i + 76)).append('"');
                }
                b.append("));\n");
            }
            b.append("        Class<?> c = Class.forName(").append(com.jvmfuzz.shim.driver.TypedValues.stringLiteral(c.getName())).append(");\n");
            b.append("        java.lang.reflect.Method m = null;\n");
            b.append("        for (java.lang.reflect.Method d : c.getDeclaredMethods()) {\n");
            b.append("            StringBuilder t = new StringBuilder();\n");
            b.append("            for (Class<?> p : d.getParameterTypes()) {\n");
            b.append("                t.append(t.length() == 0 ? \"\" : \",\").append(p.getName());\n");
            b.append("            }\n");
            b.append("            if (d.getName().equals(").append(com.jvmfuzz.shim.driver.TypedValues.stringLiteral(m.getName()))
                    .append(") && t.toString().equals(").append(com.jvmfuzz.shim.driver.TypedValues.stringLiteral(types.toString())).append(")) {\n");
            b.append("                m = d;\n");
            b.append("            }\n");
            b.append("        }\n");
            b.append("        m.setAccessible(true);\n");
            b.append("        lifecycle(c, null, \"org.junit.jupiter.api.BeforeAll\");\n");
            b.append("        java.lang.reflect.Constructor<?> k = c.getDeclaredConstructor();\n");
            b.append("        k.setAccessible(true);\n");
            b.append("        Object test = k.newInstance();\n");
            b.append("        lifecycle(c, test, \"org.junit.jupiter.api.BeforeEach\");\n");
            b.append("        try {\n");
            // An Object[]: a single array argument (a String[]) is one argument, not the list.
            b.append("            m.invoke(test, new Object[] {").append(call).append("});\n");
            b.append("        } catch (java.lang.reflect.InvocationTargetException e) {\n");
            b.append("            throw e.getCause();\n");
            b.append("        }\n");
            b.append("        System.out.println(\"the finding did not reproduce\");\n");
            b.append("    }\n\n");
            b.append("    // The class's methods annotated `annotation` taking no parameter, superclasses' first.\n");
            b.append("    static void lifecycle(Class<?> c, Object test, String annotation) throws Throwable {\n");
            b.append("        if (c == null || c == Object.class) {\n");
            b.append("            return;\n");
            b.append("        }\n");
            b.append("        lifecycle(c.getSuperclass(), test, annotation);\n");
            b.append("        for (java.lang.reflect.Method d : c.getDeclaredMethods()) {\n");
            b.append("            for (java.lang.annotation.Annotation a : d.getAnnotations()) {\n");
            b.append("                if (a.annotationType().getName().equals(annotation) && d.getParameterCount() == 0) {\n");
            b.append("                    d.setAccessible(true);\n");
            b.append("                    try {\n");
            b.append("                        d.invoke(test);\n");
            b.append("                    } catch (java.lang.reflect.InvocationTargetException e) {\n");
            b.append("                        throw e.getCause();\n");
            b.append("                    }\n");
            b.append("                }\n");
            b.append("            }\n");
            b.append("        }\n");
            b.append("    }\n");
            b.append("}\n");
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".java");
            Files.write(file, b.toString().getBytes(StandardCharsets.UTF_8));
            // Jazzer's line.
            System.err.println("reproducer_path='" + dir + "'; Java reproducer written to " + file);
        } catch (Throwable e) {
            System.err.println("jvmfuzz: no Java reproducer in --reproducer_path (" + e + ")");
        }
    }

    /* The input's SHA-1 in hex, as crash-<sha1> names it. */
    static String sha1(byte[] input) throws java.security.NoSuchAlgorithmException {
        StringBuilder h = new StringBuilder();
        for (byte x : java.security.MessageDigest.getInstance("SHA-1").digest(input)) {
            h.append(String.format("%02x", x & 0xff));
        }
        return h.toString();
    }
}
