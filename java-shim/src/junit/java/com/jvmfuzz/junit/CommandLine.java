/*
 * `fuzz --harness CLASS --fuzz-test METHOD` (Jazzer's --target_class= with --target_method=):
 * a JUnit 5 fuzz test run outside a build tool. `fuzz` (fuzzer/src/fuzz_test.rs) starts this
 * JVM with jvmfuzz-junit's classes first on the class path and hands this main class a
 * settings file of key=value lines:
 *
 *   class, method        the fuzz test (every @FuzzTest overload of that name)
 *   corpus, findings     where new inputs and findings' details go
 *   artifact_prefix      where crash-<sha1> files go (libFuzzer's -artifact_prefix)
 *   reproducer_path      where Crash_<sha1>.java programs go (Jazzer's --reproducer_path)
 *   result               a file this JVM writes "started" into, then the outcome: "found",
 *                        "nothing" or "setup" (an exit status could come from the code
 *                        under test; a JVM that ended mid-run leaves "started")
 *   engine.KEY           passed to the engine's fuzzing loop as KEY (runs, max_total_secs,
 *                        timeout_secs, seed, seeds, dict, ...), replacing the annotation's budget
 *   tool.KEY             instead of fuzzing, a tool (`tool.tool=repro|minimize|cmin|coverage`, as `fuzz
 *                        repro|minimize|cmin|coverage`) with its settings KEY (file, out, ...)
 *
 * JUnit's launcher runs the selected methods, as Jazzer's driver does, so lifecycle methods
 * and extensions run as they do under `mvn test`.
 */
package com.jvmfuzz.junit;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

public final class CommandLine {
    /* Outcomes, written to the result file; the exit status says the same as fuzz's would. */
    static final int NOTHING = 0;
    static final int FOUND = 1;
    static final int SETUP = 2;

    /* This JVM's run, or null when the fuzz tests run under a build tool. */
    static volatile CommandLine active;

    final String className;
    final String methodName;
    final Path corpus;
    final Path findings;
    final String artifactPrefix;
    /* Jazzer's --reproducer_path: where Crash_<sha1>.java goes, or null. */
    final Path reproducerPath;
    final Path result;
    /* Settings lines for the engine, added after the extension's own. */
    final String engine;
    /* The tool's settings lines, or null to fuzz. */
    final String tool;
    /* Set when the engine reported a finding (fuzz mode). */
    volatile boolean found;

    private CommandLine(List<String> lines) {
        String cls = null, method = null, art = null;
        Path corp = null, find = null, res = null, repro = null;
        StringBuilder eng = new StringBuilder();
        StringBuilder tl = new StringBuilder();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String k = line.substring(0, eq), v = line.substring(eq + 1);
            switch (k) {
                case "class": cls = v; break;
                case "method": method = v; break;
                case "corpus": corp = Paths.get(v).toAbsolutePath(); break;
                case "findings": find = Paths.get(v).toAbsolutePath(); break;
                case "artifact_prefix": art = v; break;
                case "reproducer_path": repro = Paths.get(v).toAbsolutePath(); break;
                case "result": res = Paths.get(v); break;
                default:
                    if (k.startsWith("engine.")) {
                        eng.append(k.substring("engine.".length())).append('=').append(v).append('\n');
                    } else if (k.startsWith("tool.")) {
                        tl.append(k.substring("tool.".length())).append('=').append(v).append('\n');
                    }
            }
        }
        className = cls;
        methodName = method;
        corpus = corp;
        findings = find;
        artifactPrefix = art;
        reproducerPath = repro;
        result = res;
        engine = eng.toString();
        tool = tl.length() == 0 ? null : tl.toString();
    }

    /* A mistake in what the command line asked for: exit status 2 with this message. */
    static final class Usage extends Exception {
        private static final long serialVersionUID = 1L;

        Usage(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Usage u) {
            System.err.println("fuzz: error: " + u.getMessage());
            code = SETUP;
        } catch (Throwable e) {
            System.err.println("fuzz: error: " + e);
            code = SETUP;
        }
        System.out.flush();
        System.err.flush();
        finish(code);
    }

    /* Writes the outcome for `fuzz` and ends the JVM (JUnit may leave threads running). */
    static void finish(int code) {
        CommandLine cli = active;
        if (cli != null) {
            say(cli.result, code == FOUND ? "found" : code == NOTHING ? "nothing" : "setup");
        }
        System.exit(code);
    }

    static void say(Path file, String word) {
        if (file != null) {
            try {
                Files.write(file, word.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                System.err.println("jvmfuzz: cannot write " + file + ": " + e);
            }
        }
    }

    static int run(String[] args) throws Usage {
        if (args.length != 1) {
            throw new Usage("usage: CommandLine SETTINGS-FILE (fuzz --harness CLASS --fuzz-test METHOD starts it)");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Usage("cannot read the settings " + args[0] + ": " + e);
        }
        CommandLine cli = new CommandLine(lines);
        if (cli.className == null || cli.methodName == null) {
            throw new Usage("the settings name no fuzz test (class= and method=)");
        }
        active = cli;
        say(cli.result, "started");
        for (String needed : new String[] {"org.junit.platform.launcher.core.LauncherFactory",
                "org.junit.jupiter.engine.JupiterTestEngine"}) {
            try {
                Class.forName(needed, false, ClassLoader.getSystemClassLoader());
            } catch (ClassNotFoundException e) {
                throw new Usage("--fuzz-test runs the fuzz test through JUnit's launcher, and " + needed
                        + " is not on --cp: add junit-platform-launcher and junit-jupiter-engine (or "
                        + "junit-platform-console-standalone.jar), as Jazzer's --target_method needs too");
            }
        }
        // Before the test class loads, so that it and all it calls get probes and hooks (the
        // tools too: cmin reads coverage).
        Engine.ensureReady(true);
        Class<?> test;
        try {
            test = Class.forName(cli.className, false, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new Usage("--harness " + cli.className + ": no such class on --cp (" + e + ")");
        }
        List<DiscoverySelector> selectors = new ArrayList<>();
        TreeSet<String> fuzzTests = new TreeSet<>();
        for (Class<?> c = test; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (FuzzTestExtension.annotation(m) == null) {
                    continue;
                }
                fuzzTests.add(m.getName());
                if (m.getName().equals(cli.methodName)) {
                    selectors.add(DiscoverySelectors.selectMethod(test, m));
                }
            }
        }
        if (cli.tool != null && selectors.size() > 1) {
            throw new Usage(cli.className + " has " + selectors.size() + " @FuzzTest methods named " + cli.methodName
                    + ": an input belongs to one of them, so replaying, minimising and merging need a unique name");
        }
        if (selectors.isEmpty()) {
            throw new Usage(cli.className + " has no @FuzzTest method " + cli.methodName
                    + (fuzzTests.isEmpty() ? " (and no fuzz test at all: give a class with fuzzerTestOneInput"
                            + " without --fuzz-test/--target_method, or a JUnit 5 test class)"
                            : "; its fuzz tests: " + String.join(", ", fuzzTests)));
        }
        Outcome outcome = new Outcome();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors.toArray(new DiscoverySelector[0])).build(), outcome);
        return outcome.exitStatus(cli);
    }

    /* What JUnit ran and how it ended. */
    static final class Outcome implements TestExecutionListener {
        int tests;
        final List<Throwable> failures = new ArrayList<>();
        final List<String> where = new ArrayList<>();

        @Override
        public void executionStarted(TestIdentifier id) {
            if (id.isTest()) {
                tests++;
            }
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            System.err.println("jvmfuzz: JUnit skipped " + id.getDisplayName() + ": " + reason);
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                // A failed container is a lifecycle method (@BeforeAll, @AfterAll) failing.
                failures.add(result.getThrowable().orElse(new AssertionError("failed without a cause")));
                where.add(id.getDisplayName());
            } else if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
                System.err.println("jvmfuzz: " + id.getDisplayName() + " aborted (an assumption failed): "
                        + result.getThrowable().map(Throwable::toString).orElse(""));
            }
        }

        int exitStatus(CommandLine cli) throws Usage {
            if (cli.found) {
                return FOUND;
            }
            for (Throwable t : failures) {
                String msg = t.getMessage();
                if ((t instanceof IllegalStateException || t instanceof IllegalArgumentException) && msg != null
                        && msg.startsWith("jvmfuzz")) {
                    throw new Usage(msg);
                }
            }
            if (tests == 0 && failures.isEmpty()) {
                throw new Usage("JUnit ran no test for " + cli.className + "." + cli.methodName
                        + " (a fuzz test must be a non-static, non-private method of a class JUnit can instantiate)");
            }
            if (failures.isEmpty()) {
                return NOTHING;
            }
            // A lifecycle method that throws (@BeforeAll, @BeforeEach, a constructor): a
            // finding, as under Jazzer, reported in the lines ClusterFuzz reads.
            for (int i = 0; i < failures.size(); i++) {
                System.out.println();
                System.out.println("jvmfuzz: " + where.get(i) + " failed");
                System.out.println("== Java Exception: " + stackText(failures.get(i)));
            }
            System.out.flush();
            return FOUND;
        }
    }

    /* t's stack as Java prints it, each trace cut where jvmfuzz's frames begin (they and
     * JUnit's below them say nothing about the failure). */
    static String stackText(Throwable t) {
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable x = t; x != null && seen.add(x); x = x.getCause()) {
            StackTraceElement[] frames = x.getStackTrace();
            StackTraceElement[] own = ownFrames(frames);
            if (own != frames) {
                try {
                    x.setStackTrace(own);
                } catch (RuntimeException immutable) {
                    // kept whole
                }
            }
        }
        java.io.StringWriter w = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(w));
        return w.toString().trim();
    }

    /* The frames above jvmfuzz's own, or all of them if there are none. */
    static StackTraceElement[] ownFrames(StackTraceElement[] frames) {
        int end = 0;
        while (end < frames.length && !frames[end].getClassName().startsWith("com.jvmfuzz.junit.")) {
            end++;
        }
        while (end > 0 && reflection(frames[end - 1].getClassName())) {
            end--;
        }
        return end > 0 && end < frames.length ? java.util.Arrays.copyOf(frames, end) : frames;
    }

    static boolean reflection(String cls) {
        return cls.startsWith("jdk.internal.reflect.") || cls.equals("java.lang.reflect.Method");
    }
}
