/*
 * The run's settings, from environment variables (or the system properties beside them, for
 * Surefire's <systemPropertyVariables>). Every knob of the JUnit integration is here.
 *
 *   JVMFUZZ_FUZZ=1            fuzz every @FuzzTest (JAZZER_FUZZ=1 too); otherwise replay inputs
 *   JVMFUZZ_MAX_DURATION=30s  overrides every fuzz test's maxDuration
 *   JVMFUZZ_MAX_EXECUTIONS=N  overrides every fuzz test's maxExecutions
 *   JVMFUZZ_TIMEOUT=5s        overrides every fuzz test's per-execution timeout
 *   JVMFUZZ_SEED=N            the fuzzer's random seed (reproducible runs)
 *   JVMFUZZ_RSS_LIMIT_MB=N    fuzz mode: an execution taking the test JVM past N MiB of
 *                             resident memory is saved as oom-<sha1>, and the JVM ends
 *   JVMFUZZ_CORPUS_DIR=DIR    where corpora go (default <basedir>/.jvmfuzz-corpus)
 *   JVMFUZZ_FINDINGS_DIR=DIR  where findings' details go (default <basedir>/.jvmfuzz-findings)
 *   JVMFUZZ_INCLUDES=GLOBS    classes to instrument, ':'-separated (default: all but the JDK,
 *                             JUnit, Maven and jvmfuzz's own)
 *   JVMFUZZ_EXCLUDES=GLOBS    classes not to instrument, added to the defaults
 *   JVMFUZZ_DETECTORS=a,b     bug detectors to run (default all; "none" for none)
 *   JVMFUZZ_DISABLE_DETECTORS=a,b
 *   JVMFUZZ_CUSTOM_HOOKS=A,B  Jazzer @MethodHook classes to load (besides the class path's
 *                             Jazzer-Hook-Classes manifests)
 *   JVMFUZZ_DISABLED_HOOKS=A,B hook classes not to load
 *   JVMFUZZ_CUSTOM_HOOK_INCLUDES=GLOBS  the classes whose calls the hooks apply to,
 *                             ':'-separated (default: every instrumented class)
 *   JVMFUZZ_CUSTOM_HOOK_EXCLUDES=GLOBS  classes whose calls the hooks leave alone
 *   JVMFUZZ_COVERAGE=DIR      fuzz mode: at exit, the coverage the fuzz tests reached as
 *                             JaCoCo XML, HTML and LCOV in DIR
 *   JVMFUZZ_COVERAGE_SOURCES=DIRS  source roots for the HTML (default <basedir>/src/main/java)
 *   JVMFUZZ_VERBOSE=1         log what the class-load hook does
 *   JVMFUZZ_JUNIT_NATIVE=FILE libjvmfuzz_junit.so to load instead of the jar's
 */
package com.jvmfuzz.junit;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

final class Config {
    private Config() {}

    /* Test infrastructure never worth instrumenting (its own classes would be the fuzz target's
     * coverage otherwise). */
    static final String DEFAULT_EXCLUDES = "org.junit.*:org.opentest4j.*:org.apiguardian.*:junit.*"
            + ":org.apache.maven.*:com.jvmfuzz.*:com.code_intelligence.jazzer.*:org.hamcrest.*"
            + ":org.assertj.*:org.mockito.*:net.bytebuddy.*:org.objenesis.*";

    static String get(String env) {
        String v = System.getenv(env);
        if (v == null || v.isEmpty()) {
            v = System.getProperty(env.toLowerCase(Locale.ROOT).replace('_', '.'));
        }
        return v == null || v.isEmpty() ? null : v;
    }

    static boolean flag(String env) {
        String v = get(env);
        return v != null && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    static boolean fuzzing() {
        if (CommandLine.active != null) {
            return true;
        }
        return flag("JVMFUZZ_FUZZ") || flag("JAZZER_FUZZ");
    }

    /* The project folder: Surefire's `basedir` property, else the working directory. */
    static Path baseDir() {
        String b = System.getProperty("basedir");
        return Paths.get(b != null && !b.isEmpty() ? b : System.getProperty("user.dir")).toAbsolutePath();
    }

    static Path corpusRoot() {
        String d = get("JVMFUZZ_CORPUS_DIR");
        return d != null ? Paths.get(d).toAbsolutePath() : baseDir().resolve(".jvmfuzz-corpus");
    }

    static Path findingsRoot() {
        String d = get("JVMFUZZ_FINDINGS_DIR");
        return d != null ? Paths.get(d).toAbsolutePath() : baseDir().resolve(".jvmfuzz-findings");
    }

    /*
     * A duration as Jazzer writes them: "90s", "5m", "1h30m", "2d", "500ms"; a bare number is
     * seconds. Throws IllegalArgumentException naming what it cannot read.
     */
    static double seconds(String text, String what) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            throw new IllegalArgumentException(what + " is empty: give a duration such as 30s, 5m or 1h30m");
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException notBare) {
            // units follow
        }
        double total = 0;
        int i = 0;
        while (i < s.length()) {
            int start = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                i++;
            }
            int unitStart = i;
            while (i < s.length() && Character.isLetter(s.charAt(i))) {
                i++;
            }
            if (start == unitStart || unitStart == i) {
                throw new IllegalArgumentException(what + " `" + text + "`: give a duration such as 30s, 5m or 1h30m");
            }
            double n = Double.parseDouble(s.substring(start, unitStart));
            switch (s.substring(unitStart, i)) {
                case "ms": total += n / 1000; break;
                case "s": total += n; break;
                case "m": total += n * 60; break;
                case "h": total += n * 3600; break;
                case "d": total += n * 86400; break;
                default:
                    throw new IllegalArgumentException(what + " `" + text + "`: unknown unit `"
                            + s.substring(unitStart, i) + "` (use ms, s, m, h or d)");
            }
        }
        return total;
    }
}
