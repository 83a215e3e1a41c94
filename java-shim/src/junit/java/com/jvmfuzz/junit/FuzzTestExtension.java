/*
 * The JUnit 5 extension behind @FuzzTest (ours and Jazzer's). A fuzz test is a test template:
 *
 * - Regression mode (the default): one invocation on the empty input and one per saved input
 *   (InputFiles), each named after its file, each calling the test with the arguments decoded
 *   from the file's bytes. The JVM gets the bug detectors' hooks (no probes), so a saved
 *   detector finding fails its replay as it failed when found.
 * - Fuzz mode (JVMFUZZ_FUZZ=1 or JAZZER_FUZZ=1): one invocation that runs the native engine's
 *   loop on this thread for the test's budget. Every fuzz test of the run is fuzzed, one after
 *   another. A finding fails the test with what the test threw, after the engine saved the
 *   input as crash-<sha1> in the method's Inputs folder, and the typed arguments as a JUnit
 *   reproducer in the findings folder.
 */
package com.jvmfuzz.junit;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

import com.jvmfuzz.shim.fuzz.Runner;

public final class FuzzTestExtension implements TestTemplateInvocationContextProvider {
    static final String OURS = "com.jvmfuzz.junit.FuzzTest";
    static final String JAZZERS = "com.code_intelligence.jazzer.junit.FuzzTest";

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> annotation(m) != null).orElse(false);
    }

    static Annotation annotation(Method m) {
        for (Annotation a : m.getAnnotations()) {
            String n = a.annotationType().getName();
            if (n.equals(OURS) || n.equals(JAZZERS)) {
                return a;
            }
        }
        return null;
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Budget budget = Budget.of(method);
        if (Config.fuzzing()) {
            return Stream.of(new Invocation("Fuzzing (" + budget + ")", new Fuzzing(budget)));
        }
        Engine.ensureReady(false);
        Arguments args = Arguments.of(method);
        List<TestTemplateInvocationContext> all = new ArrayList<>();
        all.add(new Invocation("<empty input>", new Replay(args, new byte[0], null)));
        Map<String, Path> inputs;
        try {
            inputs = InputFiles.inputs(method);
        } catch (IOException e) {
            throw new IllegalStateException("jvmfuzz: cannot read the inputs of " + method + ": " + e, e);
        }
        for (Map.Entry<String, Path> e : inputs.entrySet()) {
            all.add(new Invocation(e.getKey(), new Replay(args, null, e.getValue())));
        }
        return all.stream();
    }

    /* One invocation: its name and the extensions that resolve and run it. */
    private static final class Invocation implements TestTemplateInvocationContext {
        private final String name;
        private final Extension[] extensions;

        Invocation(String name, Extension... extensions) {
            this.name = name;
            this.extensions = extensions;
        }

        @Override
        public String getDisplayName(int invocationIndex) {
            return name;
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return Arrays.asList(extensions);
        }
    }

    /*
     * Resolves every parameter of the fuzz test to a placeholder: the interceptor supplies the
     * real ones. Only the fuzz test's own: a @BeforeEach method's TestInfo is JUnit's to resolve.
     */
    private abstract static class Placeholders implements ParameterResolver, InvocationInterceptor {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
            return e.getTestMethod()
                    .map(m -> annotation(m) != null && p.getParameter().getDeclaringExecutable().equals(m))
                    .orElse(false);
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext e) {
            return Arguments.placeholder(p.getParameter().getType());
        }
    }

    /* Regression mode: the test on one input's arguments. */
    private static final class Replay extends Placeholders {
        private final Arguments args;
        private final byte[] bytes;
        private final Path file;

        Replay(Arguments args, byte[] bytes, Path file) {
            this.args = args;
            this.bytes = bytes;
            this.file = file;
        }

        @Override
        public void interceptTestTemplateMethod(InvocationInterceptor.Invocation<Void> invocation,
                ReflectiveInvocationContext<Method> ctx, ExtensionContext ext) throws Throwable {
            invocation.skip();
            byte[] data = bytes != null ? bytes : Files.readAllBytes(file);
            Method m = ctx.getExecutable();
            m.setAccessible(true);
            Object[] values;
            try {
                values = args.decode(data);
            } catch (Arguments.Rejected notArguments) {
                System.err.println("jvmfuzz: " + notArguments.getMessage() + " (input skipped)");
                return;
            }
            Runner.takeHookFinding();
            Throwable thrown = null;
            try {
                m.invoke(ctx.getTarget().orElse(null), values);
            } catch (java.lang.reflect.InvocationTargetException e) {
                thrown = e.getCause();
            }
            // A detector's finding counts even if the test caught what the detector threw.
            Throwable hooked = Runner.takeHookFinding();
            if (hooked != null) {
                throw hooked;
            }
            if (thrown != null) {
                throw thrown;
            }
        }
    }

    /* Fuzz mode: the engine's loop for the test's budget. */
    private static final class Fuzzing extends Placeholders {
        private final Budget budget;

        Fuzzing(Budget budget) {
            this.budget = budget;
        }

        @Override
        public void interceptTestTemplateMethod(InvocationInterceptor.Invocation<Void> invocation,
                ReflectiveInvocationContext<Method> ctx, ExtensionContext ext) throws Throwable {
            invocation.skip();
            Engine.ensureReady(true);
            Method m = ctx.getExecutable();
            Class<?> c = m.getDeclaringClass();
            Arguments args = Arguments.of(m);
            FuzzTarget.set(ctx.getTarget().orElse(null), m, args,
                    PerExecution.wanted(m) ? PerExecution.of(ext, ext.getRequiredTestClass()) : null);
            CommandLine cli = CommandLine.active;
            if (cli != null && cli.tool != null) {
                // `fuzz repro|minimize|cmin|coverage` over this fuzz test, as over a harness. Should the
                // JVM end inside it (a timeout it reported, a crash), `fuzz` reads "tool".
                CommandLine.say(cli.result, "tool");
                String answer = Engine.tool("harness=" + FuzzTarget.class.getName() + "\n" + cli.tool);
                if (answer == null || answer.startsWith("error ")) {
                    throw new IllegalStateException("jvmfuzz: " + (answer == null ? "the engine gave no answer"
                            : answer.substring(6).replace(" | ", "\n")));
                }
                cli.found |= answer.equals("found");
                return;
            }
            // Under `fuzz --fuzz-test` the command line says where things go, as it does for
            // a harness; under a build tool they go beside the project's sources.
            Path findings = cli != null && cli.findings != null ? cli.findings
                    : Config.findingsRoot().resolve(c.getName()).resolve(m.getName());
            Path corpus = cli != null && cli.corpus != null ? cli.corpus
                    : Config.corpusRoot().resolve(c.getName()).resolve(m.getName());
            String prefix;
            if (cli != null) {
                prefix = cli.artifactPrefix;
            } else {
                Path save = InputFiles.saveDir(m);
                Files.createDirectories(save);
                prefix = save.toString() + "/";
            }
            StringBuilder s = new StringBuilder();
            Engine.line(s, "name", c.getName() + "." + m.getName());
            Engine.line(s, "harness", FuzzTarget.class.getName());
            Engine.line(s, "corpus", corpus.toString());
            Engine.line(s, "findings", findings.toString());
            Engine.line(s, "artifact_prefix", prefix);
            for (Path seeds : InputFiles.folders(m)) {
                Engine.line(s, "seeds", seeds.toString());
            }
            Path dict = Dictionaries.write(m, findings);
            if (dict != null) {
                Engine.line(s, "dict", dict.toString());
            }
            if (cli != null) {
                // libFuzzer's flags decide the budget, as with Jazzer's --target_method.
                s.append(cli.engine);
            } else {
                if (budget.seconds > 0) {
                    Engine.line(s, "max_total_secs", Double.toString(budget.seconds));
                }
                if (budget.executions > 0) {
                    Engine.line(s, "runs", Long.toString(budget.executions));
                }
                Engine.line(s, "timeout_secs", Double.toString(budget.timeout));
                Engine.line(s, "seed", Config.get("JVMFUZZ_SEED"));
                Engine.line(s, "rss_limit_mb", Config.get("JVMFUZZ_RSS_LIMIT_MB"));
                System.err.println("jvmfuzz: fuzzing " + c.getName() + "." + m.getName() + " (" + budget + ")");
            }
            String answer = Engine.fuzz(s.toString());
            if (answer == null) {
                throw new IllegalStateException("jvmfuzz: the engine gave no answer");
            }
            if (answer.startsWith("error ")) {
                throw new IllegalStateException("jvmfuzz: " + answer.substring(6).replace(" | ", "\n"));
            }
            if (answer.isEmpty()) {
                return;
            }
            if (cli != null) {
                cli.found = true;
            }
            String[] f = answer.split("\n")[0].substring("finding ".length()).split("\t", 4);
            String exception = f[0];
            String saved = f.length > 1 ? f[1] : "";
            String id = f.length > 2 ? f[2] : "";
            String message = f.length > 3 ? f[3] : "";
            Throwable t = FuzzTarget.lastFailure;
            // The finding's saved input: the last failing execution may be a later one, of
            // other bytes failing the same way (the loop ends after its current iteration).
            byte[] kept = savedInput(findings, id);
            byte[] input = kept != null ? kept : FuzzTarget.lastInput;
            if (args.typed() && input != null) {
                Reproducer.write(findings, m, args, input);
            }
            if (cli != null && cli.reproducerPath != null) {
                // One program per finding (with --keep_going, several), as Jazzer writes them.
                for (String line : answer.split("\n")) {
                    String[] g = line.startsWith("finding ") ? line.split("\t", 4) : new String[0];
                    byte[] data = g.length < 3 ? null : savedInput(findings, g[2]);
                    if (data != null) {
                        Reproducer.crash(cli.reproducerPath, m, args, data);
                    } else if (g.length >= 3) {
                        System.err.println("jvmfuzz: no Java reproducer for finding " + g[2] + ": its input was not saved");
                    }
                }
            }
            System.err.println("jvmfuzz: " + c.getName() + "." + m.getName() + ": found " + exception
                    + (saved.isEmpty() ? "" : "; the input is saved as " + saved
                            + (cli != null ? "" : " (mvn test replays it)")));
            if (t != null && t.getClass().getName().equals(exception)) {
                throw t;
            }
            throw new AssertionError("jvmfuzz found " + exception + ": " + message
                    + (saved.isEmpty() ? "" : " (input: " + saved + ")"), t);
        }
    }

    /* The input the engine saved for finding `id` (findings/<id>/input), else null. */
    private static byte[] savedInput(Path findings, String id) {
        try {
            return id.isEmpty() ? null : java.nio.file.Files.readAllBytes(findings.resolve(id).resolve("input"));
        } catch (java.io.IOException | java.nio.file.InvalidPathException notSaved) {
            return null;
        }
    }

    /* A fuzz test's budget and per-execution timeout: its annotation, then the overrides. */
    static final class Budget {
        final double seconds;
        final long executions;
        final double timeout;

        private Budget(double seconds, long executions, double timeout) {
            this.seconds = seconds;
            this.executions = executions;
            this.timeout = timeout;
        }

        static Budget of(Method m) {
            Annotation a = annotation(m);
            String where = "@FuzzTest of " + m.getDeclaringClass().getName() + "." + m.getName();
            String duration = (String) element(a, "maxDuration", "5m");
            long executions = ((Number) element(a, "maxExecutions", 0L)).longValue();
            String timeout = (String) element(a, "timeout", "10s");
            String d = Config.get("JVMFUZZ_MAX_DURATION");
            String e = Config.get("JVMFUZZ_MAX_EXECUTIONS");
            String t = Config.get("JVMFUZZ_TIMEOUT");
            double seconds = Config.seconds(d != null ? d : duration, d != null ? "JVMFUZZ_MAX_DURATION" : where + ": maxDuration");
            if (e != null) {
                try {
                    executions = Long.parseLong(e.trim());
                } catch (NumberFormatException bad) {
                    throw new IllegalArgumentException("JVMFUZZ_MAX_EXECUTIONS `" + e + "`: give a whole number");
                }
            }
            double to = Config.seconds(t != null ? t : timeout, t != null ? "JVMFUZZ_TIMEOUT" : where + ": timeout");
            if (to <= 0) {
                throw new IllegalArgumentException(where + ": the timeout must be positive");
            }
            return new Budget(seconds, executions, to);
        }

        static Object element(Annotation a, String name, Object otherwise) {
            try {
                return a.annotationType().getMethod(name).invoke(a);
            } catch (ReflectiveOperationException e) {
                return otherwise;
            }
        }

        @Override
        public String toString() {
            String s = seconds > 0 ? "for " + (long) seconds + " s" : "no time limit";
            return executions > 0 ? s + " or " + executions + " executions" : s;
        }
    }

    /* Jazzer's @DictionaryEntries and @DictionaryFile as one dictionary file, or null. */
    static final class Dictionaries {
        private Dictionaries() {}

        static Path write(Method m, Path dir) throws IOException {
            StringBuilder d = new StringBuilder();
            for (Annotation a : m.getAnnotations()) {
                for (Annotation one : unpack(a)) {
                    String n = one.annotationType().getSimpleName();
                    if (n.equals("DictionaryEntries")) {
                        for (String e : (String[]) Budget.element(one, "value", new String[0])) {
                            d.append(dictionaryEntry(e)).append('\n');
                        }
                    } else if (n.equals("DictionaryFile")) {
                        String res = (String) Budget.element(one, "resourcePath", "");
                        try (java.io.InputStream in = m.getDeclaringClass().getResourceAsStream(res)) {
                            if (in == null) {
                                throw new IllegalArgumentException("@DictionaryFile(resourcePath = \"" + res
                                        + "\") of " + m + ": no such class-path resource");
                            }
                            d.append(new String(in.readAllBytes(), StandardCharsets.UTF_8)).append('\n');
                        }
                    }
                }
            }
            if (d.length() == 0) {
                return null;
            }
            Files.createDirectories(dir);
            Path p = dir.resolve("dictionary.txt");
            Files.write(p, d.toString().getBytes(StandardCharsets.UTF_8));
            return p;
        }

        /* An AFL/libFuzzer dictionary line: the UTF-8 bytes in quotes, \xNN for the rest. */
        static String dictionaryEntry(String entry) {
            StringBuilder b = new StringBuilder("\"");
            for (byte x : entry.getBytes(StandardCharsets.UTF_8)) {
                int c = x & 0xff;
                if (c == '"' || c == '\\') {
                    b.append('\\').append((char) c);
                } else if (c >= 0x20 && c < 0x7f) {
                    b.append((char) c);
                } else {
                    b.append(String.format("\\x%02x", c));
                }
            }
            return b.append('"').toString();
        }

        private static List<Annotation> unpack(Annotation a) {
            String n = a.annotationType().getSimpleName();
            if (n.equals("DictionaryEntriesList") || n.equals("DictionaryFileList")) {
                return Arrays.asList((Annotation[]) Budget.element(a, "value", new Annotation[0]));
            }
            return List.of(a);
        }
    }
}
