/*
 * A typed fuzz test's finding as a plain JUnit test: the decoded arguments written out as Java
 * values (Literals), calling the fuzz test's method on a new instance of its class. Written to
 * <findings>/<Class>_<method>_Reproducer.java; values with no literal form are left as a comment.
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
}
