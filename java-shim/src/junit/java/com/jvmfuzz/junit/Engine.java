/*
 * The native engine (libjvmfuzz_junit.so, fuzzer/junit): loaded once per JVM from this jar
 * (or JVMFUZZ_JUNIT_NATIVE), then `ready` readies the JVM (the shim on the boot class path,
 * the class-load hook with the bug detectors; with probes only when fuzzing) and `fuzz` runs
 * one fuzz test's campaign on the calling thread. Settings travel as key=value lines.
 */
package com.jvmfuzz.junit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

final class Engine {
    private Engine() {}

    private static final String RESOURCE = "/com/jvmfuzz/junit/native/linux-x86_64/libjvmfuzz_junit.so";

    /* "fuzz" or "replay" once readied. */
    private static String readied;

    static native String ready(String settings);

    static native String fuzz(String settings);

    static native String coverage(String settings);

    /* fuzz repro|minimize|cmin|coverage over the fuzz test set in FuzzTarget: "found", "nothing" or "error ...". */
    static native String tool(String settings);

    /*
     * Readies the JVM once: for fuzzing (probes, comparison logging, detectors) or for
     * replaying (detectors only). A JVM readied for replay cannot fuzz: classes already loaded
     * carry no probes.
     */
    static synchronized void ensureReady(boolean fuzzing) {
        String want = fuzzing ? "fuzz" : "replay";
        if (readied != null) {
            if (fuzzing && !readied.equals(want)) {
                throw new IllegalStateException("jvmfuzz: this JVM was set up to replay inputs, not to fuzz; "
                        + "set JVMFUZZ_FUZZ=1 before the test JVM starts");
            }
            return;
        }
        load();
        StringBuilder s = new StringBuilder();
        line(s, "class_path", System.getProperty("java.class.path", ""));
        line(s, "includes", Config.get("JVMFUZZ_INCLUDES"));
        String excludes = Config.get("JVMFUZZ_EXCLUDES");
        line(s, "excludes", Config.DEFAULT_EXCLUDES + (excludes == null ? "" : ":" + excludes));
        list(s, "detectors", Config.get("JVMFUZZ_DETECTORS"));
        list(s, "disabled_detectors", Config.get("JVMFUZZ_DISABLE_DETECTORS"));
        list(s, "custom_hooks", Config.get("JVMFUZZ_CUSTOM_HOOKS"));
        list(s, "disabled_hooks", Config.get("JVMFUZZ_DISABLED_HOOKS"));
        line(s, "hook_includes", Config.get("JVMFUZZ_CUSTOM_HOOK_INCLUDES"));
        line(s, "hook_excludes", Config.get("JVMFUZZ_CUSTOM_HOOK_EXCLUDES"));
        line(s, "verbose", String.valueOf(Config.flag("JVMFUZZ_VERBOSE")));
        line(s, "probes", String.valueOf(fuzzing));
        String error = ready(s.toString());
        if (error != null) {
            throw new IllegalStateException("jvmfuzz: cannot set up the test JVM: " + error);
        }
        readied = want;
        String report = Config.get("JVMFUZZ_COVERAGE");
        if (fuzzing && report != null) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> writeCoverage(report), "jvmfuzz-coverage"));
        }
    }

    /* The coverage of every fuzz test fuzzed in this JVM, as JaCoCo XML, HTML and LCOV in `dir`. */
    static void writeCoverage(String dir) {
        StringBuilder s = new StringBuilder();
        line(s, "dir", java.nio.file.Paths.get(dir).toAbsolutePath().toString());
        String sources = Config.get("JVMFUZZ_COVERAGE_SOURCES");
        if (sources != null) {
            for (String d : sources.split(":")) {
                line(s, "sources", d);
            }
        } else {
            line(s, "sources", Config.baseDir().resolve("src/main/java").toString());
        }
        String answer = coverage(s.toString());
        if (answer != null && answer.startsWith("ok ")) {
            System.err.print(answer.substring(3));
            System.err.println("jvmfuzz: coverage of the fuzz tests written to " + dir);
        } else {
            System.err.println("jvmfuzz: no coverage report: " + answer);
        }
    }

    static void line(StringBuilder s, String key, String value) {
        if (value != null) {
            s.append(key).append('=').append(value.replace('\n', ' ')).append('\n');
        }
    }

    static void list(StringBuilder s, String key, String commaSeparated) {
        if (commaSeparated != null) {
            for (String v : commaSeparated.split(",")) {
                line(s, key, v.trim());
            }
        }
    }

    private static void load() {
        String given = Config.get("JVMFUZZ_JUNIT_NATIVE");
        if (given != null) {
            System.load(Path.of(given).toAbsolutePath().toString());
            return;
        }
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        try (InputStream in = Engine.class.getResourceAsStream(RESOURCE)) {
            if (in == null || !os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
                throw new IllegalStateException("jvmfuzz: this jvmfuzz-junit.jar has no native engine for " + os
                        + "/" + arch + " (it carries linux-x86_64 only); point JVMFUZZ_JUNIT_NATIVE at a "
                        + "libjvmfuzz_junit.so built for this machine");
            }
            Path file = Files.createTempFile("libjvmfuzz_junit", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toString());
        } catch (IOException e) {
            throw new IllegalStateException("jvmfuzz: cannot unpack the native engine: " + e, e);
        }
    }
}
