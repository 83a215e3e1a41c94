/*
 * `fuzz --harness CLASS --fuzz-test METHOD` (Jazzer's --target_class= with --target_method=):
 * a JUnit 5 fuzz test run outside a build tool. `fuzz` (fuzzer/src/fuzz_test.rs) starts this
 * JVM with jvmfuzz-junit's classes first on the class path and hands this main class a
 * settings file of key=value lines:
 *
 *   class, method        the fuzz test (every @FuzzTest overload of that name)
 *   replay               an input to run once (repeated); none: fuzz
 *   corpus, findings     where new inputs and findings' details go
 *   artifact_prefix      where crash-<sha1> files go (libFuzzer's -artifact_prefix)
 *   replay_timeout_secs  how long one replayed input may run
 *   result               a file this JVM writes "started" into, then the outcome: "found",
 *                        "nothing" or "setup" (an exit status could come from the code
 *                        under test; a JVM that ended mid-run leaves "started")
 *   engine.KEY           passed to the engine as KEY (runs, max_total_secs, timeout_secs,
 *                        seed, seeds, dict, ...), replacing the annotation's budget
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
    final List<Path> replay = new ArrayList<>();
    final Path corpus;
    final Path findings;
    final String artifactPrefix;
    final Path result;
    final double replayTimeout;
    /* Settings lines for the engine, added after the extension's own. */
    final String engine;
    /* Set when the engine reported a finding (fuzz mode). */
    volatile boolean found;

    private CommandLine(List<String> lines) {
        String cls = null, method = null, art = null;
        Path corp = null, find = null, res = null;
        double timeout = 0;
        StringBuilder eng = new StringBuilder();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String k = line.substring(0, eq), v = line.substring(eq + 1);
            switch (k) {
                case "class": cls = v; break;
                case "method": method = v; break;
                case "replay": replay.add(Paths.get(v)); break;
                case "corpus": corp = Paths.get(v).toAbsolutePath(); break;
                case "findings": find = Paths.get(v).toAbsolutePath(); break;
                case "artifact_prefix": art = v; break;
                case "result": res = Paths.get(v); break;
                case "replay_timeout_secs": timeout = Double.parseDouble(v); break;
                default:
                    if (k.startsWith("engine.")) {
                        eng.append(k.substring("engine.".length())).append('=').append(v).append('\n');
                    }
            }
        }
        className = cls;
        methodName = method;
        corpus = corp;
        findings = find;
        artifactPrefix = art;
        result = res;
        replayTimeout = timeout;
        engine = eng.toString();
    }

    boolean fuzzing() {
        return replay.isEmpty();
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
        // Before the test class loads, so that it and all it calls get probes and hooks.
        Engine.ensureReady(cli.fuzzing());
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
        if (selectors.isEmpty()) {
            throw new Usage(cli.className + " has no @FuzzTest method " + cli.methodName
                    + (fuzzTests.isEmpty() ? " (and no fuzz test at all: give a class with fuzzerTestOneInput"
                            + " without --fuzz-test/--target_method, or a JUnit 5 test class)"
                            : "; its fuzz tests: " + String.join(", ", fuzzTests)));
        }
        if (!cli.fuzzing() && cli.replayTimeout > 0) {
            Watchdog.start(cli.replayTimeout);
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
            if (!cli.fuzzing()) {
                System.out.println("jvmfuzz: ran " + tests + " input(s) through " + cli.className + "."
                        + cli.methodName + ": " + failures.size() + " failed");
            }
            if (failures.isEmpty()) {
                return NOTHING;
            }
            // A replayed input that fails, or a lifecycle method that throws: reported as
            // Jazzer reports them, in the lines ClusterFuzz reads.
            for (int i = 0; i < failures.size(); i++) {
                System.out.println();
                System.out.println("jvmfuzz: " + where.get(i) + " failed");
                System.out.println("== Java Exception: " + stackText(failures.get(i)));
            }
            System.out.flush();
            return FOUND;
        }
    }

    /* t's stack as Java prints it, each trace cut where the replay's call of the test begins
     * (jvmfuzz's and JUnit's frames below it say nothing about the failure). */
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

    /* The frames above the replay's call of the test, or all of them if there is none. */
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

    /*
     * Replays have no engine to time them out: a replayed input that runs past the timeout is
     * reported as libFuzzer reports one (ClusterFuzz reproduces timeouts this way), with the
     * stuck thread's stack, and ends the JVM: a stuck thread cannot be stopped.
     */
    static final class Watchdog extends Thread {
        static volatile Thread replaying;
        static volatile long since;

        private final long limitNanos;

        private Watchdog(double seconds) {
            super("jvmfuzz-replay-watchdog");
            setDaemon(true);
            limitNanos = (long) (seconds * 1e9);
        }

        static void start(double seconds) {
            new Watchdog(seconds).start();
        }

        static void begin() {
            since = System.nanoTime();
            replaying = Thread.currentThread();
        }

        static void end() {
            replaying = null;
        }

        @Override
        public void run() {
            while (true) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
                Thread t = replaying;
                if (t != null && System.nanoTime() - since > limitNanos) {
                    StringBuilder b = new StringBuilder();
                    b.append("\n==").append(ProcessHandle.current().pid()).append("== ERROR: libFuzzer: timeout after ")
                            .append((long) Math.ceil(limitNanos / 1e9)).append(" seconds\n");
                    for (StackTraceElement e : ownFrames(t.getStackTrace())) {
                        b.append("\tat ").append(e.getClassName()).append('.').append(e.getMethodName())
                                .append('(').append(e.getFileName()).append(':').append(e.getLineNumber())
                                .append(")\n");
                    }
                    System.out.print(b);
                    System.out.flush();
                    finish(FOUND);
                }
            }
        }
    }
}
