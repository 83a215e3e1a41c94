/*
 * The Java half of the fuzzer's harness driver. The fuzzer (Rust, over JNI) calls runInput once
 * per execution, which calls the target's fuzzerTestOneInput through a constant method handle
 * (or, for inputs too long for its buffer, the harness method directly); this class does what
 * is easier in Java:
 * choosing the harness signature, building the argument (our FuzzedDataProvider, or a proxy of
 * Jazzer's interface), the optional fuzzerInitialize/fuzzerTearDown, deciding whether a
 * Throwable is a finding, and rendering stack traces and thread dumps as text.
 */
package com.jvmfuzz.shim.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;

public final class Runner {
    private Runner() {}

    static final String METHOD = "fuzzerTestOneInput";
    static final String JAZZER_FDP = "com.code_intelligence.jazzer.api.FuzzedDataProvider";
    /* The JUnit integration's copy of Jazzer's interface (jvmfuzz-junit.jar), same layout. */
    static final String JUNIT_FDP = "com.jvmfuzz.junit.FuzzedDataProvider";

    private static final int BYTES = 0;
    private static final int FDP = 1;
    private static final int JAZZER = 2;

    private static int mode = BYTES;
    /* The harness method's parameter type (setup). */
    private static Class<?> parameter;
    /* Jazzer-interface harnesses: one provider (Jazzer's layout) and its proxy, reset per input. */
    private static JazzerLayout jazzerData;
    private static Object jazzerProxy;
    private static ClassLoader loader;
    private static Class<?>[] ignored = new Class<?>[0];
    /* The thread that runs the harness (the fuzzer's), for timeout reports. */
    private static volatile Thread harnessThread;

    /** The thread that runs the harness (null before `setup`). */
    static Thread harnessThread() {
        return harnessThread;
    }
    /* Jazzer.onFuzzTargetReady callbacks, run once after fuzzerInitialize. */
    private static final java.util.List<Runnable> READY = new java.util.ArrayList<>();
    private static boolean readyRan;
    /* Jazzer.reportFindingFromHook during the current execution (first one wins). */
    private static volatile Throwable hookFinding;

    /** Jazzer.onFuzzTargetReady: runs at once if the target is already running. */
    public static void onReady(Runnable callback) {
        boolean now;
        synchronized (READY) {
            now = readyRan;
            if (!now) {
                READY.add(callback);
            }
        }
        if (now) {
            callback.run();
        }
    }

    /**
     * Jazzer.reportFindingFromHook: the current input's finding, even if the target catches
     * what this throws (the fuzzer is told through Hooks.pending).
     */
    public static void reportFromHook(Throwable finding) {
        if (hookFinding == null) {
            hookFinding = finding;
        }
        Hooks.pending = finding;
        Runner.<RuntimeException>sneakyThrow(finding);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * Called before the harness class is loaded, so that what its static initializer does is
     * judged as its runs are: a connection it opens, or an HttpClient it builds (which keeps
     * the proxy selector of its birth, where connections are judged), under Jazzer's rule of no
     * connection until the harness allows some.
     */
    public static void beforeHarness() {
        OtherThreads.install();
        if (Boolean.getBoolean("jvmfuzz.watchConnections")) {
            com.jvmfuzz.shim.detectors.ServerSideRequestForgery.watchConnections();
        }
    }

    /**
     * Chooses the harness method of `harness` and remembers how to call it. Returns its JNI
     * descriptor; throws IllegalArgumentException with a user-facing message if there is none.
     */
    public static String setup(Class<?> harness, String[] ignoredNames) throws ClassNotFoundException {
        loader = harness.getClassLoader();
        harnessThread = Thread.currentThread();
        // A thread attached through JNI has no context class loader; a program's main thread
        // has the application's, and libraries look classes and resources up through it.
        if (harnessThread.getContextClassLoader() == null) {
            harnessThread.setContextClassLoader(loader != null ? loader : ClassLoader.getSystemClassLoader());
        }
        ignored = new Class<?>[ignoredNames.length];
        for (int i = 0; i < ignoredNames.length; i++) {
            ignored[i] = Class.forName(ignoredNames[i], false, loader);
        }
        for (Method m : harness.getDeclaredMethods()) {
            if (!m.getName().equals(METHOD) || !Modifier.isStatic(m.getModifiers())
                    || m.getParameterCount() != 1) {
                continue;
            }
            Class<?> p = m.getParameterTypes()[0];
            parameter = p;
            if (p == byte[].class) {
                mode = BYTES;
                return "([B)V";
            }
            if (p == FuzzedDataProvider.class) {
                mode = FDP;
                return "(Lcom/jvmfuzz/shim/fuzz/FuzzedDataProvider;)V";
            }
            if (p.getName().equals(JAZZER_FDP) && p.isInterface()) {
                mode = JAZZER;
                jazzerData = new JazzerLayout();
                jazzerProxy = JazzerAdapter.wrap(p, loader, jazzerData);
                return "(L" + JAZZER_FDP.replace('.', '/') + ";)V";
            }
        }
        throw new IllegalArgumentException(harness.getName() + " has no method `public static void "
                + METHOD + "(byte[])` (or taking com.jvmfuzz.shim.fuzz.FuzzedDataProvider or "
                + JAZZER_FDP + ")");
    }

    /* dataProvider's Jazzer interface, layout and proxy (one interface per run). */
    private static Class<?> providerType;
    private static JazzerLayout providerData;
    private static Object providerProxy;

    /**
     * A data provider over `data` of type `type`: ours, or Jazzer's interface or the JUnit
     * integration's copy of it (a proxy with Jazzer's data layout). For callers that are not a harness, such as a JUnit fuzz test
     * taking a provider parameter. Null if `type` is neither.
     */
    public static synchronized Object dataProvider(Class<?> type, byte[] data) {
        if (type == FuzzedDataProvider.class) {
            return new FuzzedDataProvider(data);
        }
        if (!(type.getName().equals(JAZZER_FDP) || type.getName().equals(JUNIT_FDP)) || !type.isInterface()) {
            return null;
        }
        if (providerType != type) {
            providerData = new JazzerLayout();
            providerProxy = JazzerAdapter.wrap(type, type.getClassLoader(), providerData);
            providerType = type;
        }
        providerData.reset(data);
        return providerProxy;
    }

    /**
     * Trace mode (com.jvmfuzz.shim.sym.TraceRunner): a new harness argument of parameter type
     * `type` over `data`: data itself, our provider, or a fresh proxy with Jazzer's layout
     * (defined in the interface's loader, never the trace loader, so it is not traced). Null
     * if `type` is none of them.
     */
    public static Object traceArgument(Class<?> type, byte[] data) {
        if (type == byte[].class) {
            return data;
        }
        if (type == FuzzedDataProvider.class) {
            return new FuzzedDataProvider(data);
        }
        if ((type.getName().equals(JAZZER_FDP) || type.getName().equals(JUNIT_FDP)) && type.isInterface()) {
            JazzerLayout layout = new JazzerLayout();
            layout.reset(data);
            return JazzerAdapter.wrap(type, type.getClassLoader(), layout);
        }
        return null;
    }

    /**
     * After a trace-mode execution: forgets what hooks and exit calls reported during it, so
     * the next fuzzing execution does not inherit it (trace runs never report findings).
     */
    public static void forgetExecution() {
        hookFinding = null;
        Hooks.pending = null;
        Hooks.exitCall = null;
    }

    /**
     * The finding a hook reported during the last call (Jazzer.reportFindingFromHook, a bug
     * detector), even if the target caught what the hook threw; null if none. Clears it, for
     * callers that run inputs outside the fuzzer (a JUnit regression run).
     */
    public static Throwable takeHookFinding() {
        Throwable t = hookFinding;
        hookFinding = null;
        Hooks.pending = null;
        return t;
    }

    /** The harness argument for one execution. */
    public static Object argument(byte[] data) {
        if (mode == FDP) {
            return new FuzzedDataProvider(data);
        }
        if (mode == JAZZER) {
            jazzerData.reset(data);
            return jazzerProxy;
        }
        return data;
    }

    /* The fast path: the fuzzer's input buffer (fastPath) and the harness method. */
    private static java.nio.ByteBuffer input;
    private static java.lang.invoke.MethodHandle fastTarget;

    /**
     * Sets up runInput for the harness setup chose the method of: `buffer` is the fuzzer's
     * input buffer (a direct buffer over memory it owns for the life of the process, made
     * once), `harness` the harness class.
     */
    public static void fastPath(Class<?> harness, java.nio.ByteBuffer buffer) throws ReflectiveOperationException {
        if (fastTarget != null) {
            // Call.TARGET is fixed once read: one harness per JVM takes this path.
            throw new IllegalStateException("runInput is set up for another harness");
        }
        Method m = harness.getDeclaredMethod(METHOD, parameter);
        m.setAccessible(true);
        fastTarget = java.lang.invoke.MethodHandles.lookup().unreflect(m)
                .asType(java.lang.invoke.MethodType.methodType(void.class, Object.class));
        input = buffer;
        // Initialised here, after both are set: Call.TARGET is then a constant to the JIT.
        Call.TARGET.type();
    }

    /**
     * One execution on the fast path: the harness gets the input buffer's first `length`
     * bytes. A byte[] harness gets them as an array made here (an allocation in Java is a
     * pointer bump; JNI's NewByteArray and SetByteArrayRegion would be two trips into the VM
     * per execution); a Jazzer-interface harness gets the one provider, which reads the
     * buffer itself (native memory, no copy); a harness taking our own provider gets a new one
     * over an array. Returns whether Hooks.pending is set (an exit call, a hook's finding), so
     * that the fuzzer asks check only then. What the harness throws reaches the fuzzer as it
     * was.
     */
    public static boolean runInput(int length) throws Throwable {
        Object argument;
        if (mode == JAZZER) {
            jazzerData.reset(input, length);
            argument = jazzerProxy;
        } else {
            byte[] data = new byte[length];
            // Relative reads (the shim is built for Java 11; absolute bulk ones came in 13);
            // only the harness thread moves the position.
            input.position(0);
            input.get(data, 0, length);
            argument = mode == FDP ? new FuzzedDataProvider(data) : data;
        }
        Call.TARGET.invokeExact(argument);
        return Hooks.pending != null;
    }

    /*
     * Where the frames of the harness's call end: before runInput and the method-handle frames
     * above it. Those are no part of a finding, and the JDK names the method handles' classes
     * by address (LambdaForm$DMH/0x...), which differs from one JVM to the next: a finding's
     * identity must not. Under `fuzz` runInput is the bottom frame; in a test JVM (the JUnit
     * integration) the engine's native call, the extension and JUnit's own frames lie below
     * it, and they are no part of a finding either.
     */
    static int fastPathEnd(StackTraceElement[] frames) {
        int end = frames.length;
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].getClassName().equals(Runner.class.getName())
                    && frames[i].getMethodName().equals("runInput")) {
                end = i + 1;
                break;
            }
        }
        if (end == 0 || !frames[end - 1].getClassName().equals(Runner.class.getName())
                || !frames[end - 1].getMethodName().equals("runInput")) {
            return frames.length;
        }
        end--;
        while (end > 0 && frames[end - 1].getClassName().startsWith("java.lang.invoke.")) {
            end--;
        }
        // Thrown by runInput itself (an OutOfMemoryError making the array): its frame stays.
        return end == 0 ? frames.length : end;
    }

    /* The harness method as a static final, which the JIT inlines through (fastPath). */
    private static final class Call {
        static final java.lang.invoke.MethodHandle TARGET = fastTarget;
    }

    /**
     * Calls fuzzerInitialize(String[]) or fuzzerInitialize() if the harness has one, then the
     * callbacks given to Jazzer.onFuzzTargetReady, as Jazzer does.
     */
    public static void initialize(Class<?> harness, String[] args) throws Throwable {
        Method m = find(harness, "fuzzerInitialize", String[].class);
        Object[] a = new Object[] {args};
        if (m == null) {
            m = find(harness, "fuzzerInitialize");
            a = new Object[0];
        }
        invoke(m, a);
        Runnable[] callbacks;
        synchronized (READY) {
            readyRan = true;
            callbacks = READY.toArray(new Runnable[0]);
            READY.clear();
        }
        for (Runnable r : callbacks) {
            r.run();
        }
    }

    /** Calls fuzzerTearDown() if the harness has one. */
    public static void tearDown(Class<?> harness) throws Throwable {
        try {
            invoke(find(harness, "fuzzerTearDown"), new Object[0]);
        } finally {
            String unprinted = OtherThreads.summary();
            if (!unprinted.isEmpty()) {
                System.err.print("jvmfuzz: exceptions that ended other threads, by site (each printed once):\n"
                        + unprinted);
            }
        }
    }

    private static Method find(Class<?> c, String name, Class<?>... params) {
        try {
            Method m = c.getDeclaredMethod(name, params);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static void invoke(Method m, Object[] args) throws Throwable {
        if (m == null) {
            return;
        }
        m.setAccessible(true);
        try {
            m.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * After one execution, with the Throwable that escaped (or null): the finding as text
     * (see describe; for generated drivers, a contract exception's text starts with a
     * CONTRACT line giving the reason), or null when there is nothing to report. Clears the
     * exit flag. A HEAP_FULL line comes first when the Throwable left the heap full.
     */
    public static String check(Throwable t) {
        String found = sort(t);
        return found != null && heapFull(t) ? HEAP_FULL + found : found;
    }

    /* The first line of a finding whose OutOfMemoryError left the heap full (see heapFull). */
    static final String HEAP_FULL = "#heap-full\n";

    /*
     * Whether an OutOfMemoryError of the JVM's own (not the allocation limit's) left the heap
     * full of live objects: state kept across runs that grows with each (a static cache a run
     * installed, holding every array later runs allocate), which only a new JVM ends; every
     * run after it would crawl through collections. One huge allocation that failed leaves the
     * heap as it was. Collects first: only after such an error, so rarely.
     */
    static boolean heapFull(Throwable t) {
        if (!(t instanceof OutOfMemoryError)) {
            return false;
        }
        String m = t.getMessage();
        if (m != null && m.endsWith(Cmp.OVER_LIMIT)) {
            return false;
        }
        Runtime r = Runtime.getRuntime();
        System.gc();
        long used = r.totalMemory() - r.freeMemory();
        return used > r.maxMemory() / 4 * 3;
    }

    /* check's work before the heap is looked at. */
    private static String sort(Throwable t) {
        Hooks.pending = null;
        Throwable hooked = hookFinding;
        if (hooked != null) {
            // Reported from a hook (Jazzer's API): the finding, whatever escaped.
            hookFinding = null;
            Hooks.exitCall = null;
            trimFuzzerFrames(hooked);
            if (com.jvmfuzz.shim.driver.Expected.active) {
                // Generated drivers: sorted and told apart by throwing site, as the rest.
                String why = com.jvmfuzz.shim.driver.Expected.classify(hooked);
                if (why != null && why.isEmpty()) {
                    return null;
                }
                String text = describeAt(hooked, com.jvmfuzz.shim.driver.Expected.site(hooked));
                return why == null ? text : CONTRACT + why.replace('\n', ' ') + "\n" + text;
            }
            return describe(hooked);
        }
        String exit = Hooks.exitCall;
        if (exit != null) {
            Hooks.exitCall = null;
            if (!(t instanceof FuzzerExit)) {
                // The target swallowed our FuzzerExit: report the call itself.
                t = new FuzzerExit("the target called " + exit);
            }
        }
        String contract = null;
        if (t != null && com.jvmfuzz.shim.driver.Expected.active && !(t instanceof FuzzerExit)) {
            // Sorted and sited by the library's frames alone.
            trimFuzzerFrames(t);
            // Generated drivers: a bug, the method's contract (reported as such), or nothing.
            for (Class<?> c : ignored) {
                if (c.isInstance(t)) {
                    return null;
                }
            }
            contract = com.jvmfuzz.shim.driver.Expected.classify(t);
            if (contract != null && contract.isEmpty()) {
                return null;
            }
            String text = describeAt(t, com.jvmfuzz.shim.driver.Expected.site(t));
            return contract == null ? text : CONTRACT + contract.replace('\n', ' ') + "\n" + text;
        }
        if (t == null) {
            return null;
        }
        for (Class<?> c : ignored) {
            if (c.isInstance(t) && !(t instanceof FuzzerExit)) {
                return null;
            }
        }
        return describe(t);
    }

    /* The first line of a contract exception's description (see check). */
    static final String CONTRACT = "#contract ";

    /**
     * Line 1: exception class; line 2: message (one line); line 3: the full printStackTrace
     * length L in chars; then L chars of printStackTrace; then one line per frame of `t`
     * itself ("class.method(File:line)"), which is what findings are deduplicated by.
     */
    public static String describe(Throwable t) {
        return describeAt(t, null);
    }

    /*
     * describe, with the frames replaced by `site` alone when given: findings of generated
     * drivers are told apart by exception type and throwing site, whatever the caller.
     */
    static String describeAt(Throwable t, StackTraceElement site) {
        trimFuzzerFrames(t);
        StringBuilder sb = new StringBuilder();
        sb.append(t.getClass().getName()).append('\n');
        String msg = String.valueOf(t.getMessage()).replace('\n', ' ').replace('\r', ' ');
        if (msg.length() > 500) {
            msg = msg.substring(0, 500) + "...";
        }
        sb.append(wellFormed(msg)).append('\n');
        String full = wellFormed(stackText(t));
        sb.append(full.length()).append('\n').append(full);
        StackTraceElement[] frames = site != null ? new StackTraceElement[] {site} : t.getStackTrace();
        for (StackTraceElement e : frames) {
            sb.append(e.getClassName()).append('.').append(e.getMethodName()).append('(')
                    .append(e.getFileName()).append(':').append(e.getLineNumber()).append(")\n");
        }
        return sb.toString();
    }

    /*
     * s with every unpaired surrogate replaced by U+FFFD. The report crosses JNI as modified
     * UTF-8, where a lone surrogate is a sequence Rust decodes into several replacement
     * characters: the stack text's length, counted here, would no longer match there, and the
     * frames after it (the finding's identity) would be cut wrongly.
     */
    static String wellFormed(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1));
            if (pair) {
                if (b != null) {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean lone = Character.isSurrogate(c);
            if (lone && b == null) {
                b = new StringBuilder(s.length()).append(s, 0, i);
            }
            if (b != null) {
                b.append(lone ? '\uFFFD' : c);
            }
        }
        return b == null ? s : b.toString();
    }

    /*
     * The bridges jvmfuzz adds for method hooks (`jvmfuzz$hook$N`) are not the target's code,
     * nor are runInput and the method-handle frames under the harness method: a finding's
     * frames, its throwing site included, are the same whichever way the fuzzer called the
     * harness. The bridges are numbered in the order the JVM loads the hooked calls, so a
     * site that named one would change from one JVM to the next. Done for the Throwable, its
     * causes and its suppressed exceptions alike (a cause's trace still folds into the top
     * one's, "... N more").
     */
    static void trimFuzzerFrames(Throwable t) {
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.ArrayDeque<Throwable> todo = new java.util.ArrayDeque<>();
        todo.add(t);
        while (!todo.isEmpty() && seen.size() < 64) {
            Throwable x = todo.poll();
            if (!seen.add(x)) {
                continue;
            }
            StackTraceElement[] frames = x.getStackTrace();
            StackTraceElement[] own = withoutFuzzerFrames(frames);
            if (own != frames) {
                try {
                    x.setStackTrace(own);
                } catch (RuntimeException immutable) {
                    // A Throwable built without a writable stack trace keeps it.
                }
            }
            if (x.getCause() != null) {
                todo.add(x.getCause());
            }
            for (Throwable sup : x.getSuppressed()) {
                todo.add(sup);
            }
        }
    }

    /*
     * `frames` without the bridges, the redirects' replacements (a call to Map.get shows as
     * the program made it, not through Hooks.mapGet) and the fast path's frames (itself if it
     * has none).
     */
    static StackTraceElement[] withoutFuzzerFrames(StackTraceElement[] frames) {
        int end = fastPathEnd(frames);
        StackTraceElement[] out = null;
        int n = 0;
        for (int i = 0; i < end; i++) {
            StackTraceElement e = frames[i];
            if (e.getMethodName().startsWith("jvmfuzz$hook$") || isRedirectCall(frames, i, end)) {
                if (out == null) {
                    out = java.util.Arrays.copyOf(frames, end);
                    n = i;
                }
                continue;
            }
            if (out != null) {
                out[n++] = e;
            }
        }
        if (out != null) {
            return java.util.Arrays.copyOf(out, n);
        }
        return end == frames.length ? frames : java.util.Arrays.copyOf(frames, end);
    }

    /* A redirect's replacement, called from the program's frame below it. Its helpers
     * (Hooks.bracket, ...) stay: what fails there is the fuzzer's, and must show as such. */
    private static boolean isRedirectCall(StackTraceElement[] frames, int i, int end) {
        return isShimHooks(frames[i].getClassName()) && (i + 1 >= end || !isShimHooks(frames[i + 1].getClassName()));
    }

    private static boolean isShimHooks(String className) {
        return className.equals(Hooks.class.getName()) || className.equals(KotlinHooks.class.getName());
    }

    static String stackText(Throwable t) {
        StringWriter w = new StringWriter();
        try (PrintWriter p = new PrintWriter(w)) {
            t.printStackTrace(p);
        } catch (Throwable e) {
            // A user Throwable whose toString throws: keep what we have.
            w.write("\n(printStackTrace failed: " + e.getClass().getName() + ")\n");
        }
        return w.toString();
    }

    /**
     * A timeout in describe's format: "timeout", the message, all threads' stacks (the
     * harness thread first), then the hang's identity: the harness thread's frames from the
     * loop it is stuck in down, without line numbers (see stuckSample), or with generated
     * drivers the loop's throwing site alone (Expected.stallSite: whatever the caller, as for
     * exceptions). With generated drivers, after a CONTRACT line when the method under test
     * waits or works as long as its caller asked (Expected.stalled; the fuzzer drops it for a
     * run past the memory limit).
     */
    public static String timeoutReport(String message, int shared) {
        StringBuilder sb = new StringBuilder();
        sb.append("timeout\n").append(message.replace('\n', ' ')).append('\n');
        Thread h = harnessThread;
        if (shared < 0) {
            shared = stuckSample(-1);
        }
        StackTraceElement[] frames = stuck;
        StringBuilder full = new StringBuilder();
        if (h != null) {
            full.append("harness thread \"").append(h.getName()).append("\":\n");
            for (StackTraceElement f : frames) {
                full.append("\tat ").append(f).append('\n');
            }
            full.append("\nall threads:\n");
        }
        // The frames every sample shared: the innermost of them is the loop.
        int loop = frames.length - Math.min(shared, frames.length);
        // The hang's identity starts at the target's code: probes caught draining their ring
        // (com.jvmfuzz.shim) on top of the same loop must not make it another finding.
        int top = 0;
        while (top < frames.length - 1 && frames[top].getClassName().startsWith("com.jvmfuzz.shim.")) {
            top++;
        }
        loop = Math.max(Math.min(loop, frames.length - 1), top);
        if (h != null && frames.length > 0) {
            StackTraceElement l = frames[loop];
            full.insert(0, "stuck in " + l.getClassName() + "." + l.getMethodName()
                    + ": every sample the watchdog took of the harness thread was inside it\n\n");
        }
        full.append(threadDump());
        String text = wellFormed(full.toString());
        sb.append(text.length()).append('\n').append(text);
        boolean drivers = com.jvmfuzz.shim.driver.Expected.active && h != null;
        StackTraceElement site = drivers ? com.jvmfuzz.shim.driver.Expected.stallSite(frames, loop) : null;
        String why = stuckWhy;
        if (site != null) {
            sb.append(site.getClassName()).append('.').append(site.getMethodName()).append('\n');
            // A driver stall (the driver's own code) is no finding and has no site to count.
            if (why == null || !why.startsWith(com.jvmfuzz.shim.driver.Expected.DRIVER_STALL)) {
                com.jvmfuzz.shim.driver.Expected.countStall(site, why != null, stuckIn);
            }
        } else {
            for (int i = loop; i < frames.length; i++) {
                sb.append(frames[i].getClassName()).append('.').append(frames[i].getMethodName()).append('\n');
            }
        }
        // Generated drivers: a method that waits or works as long as its caller asked.
        return why == null ? sb.toString() : CONTRACT + why.replace('\n', ' ') + "\n" + sb;
    }

    /**
     * The harness thread's stack, a "    at frame" line each ("" before the harness runs): the
     * watchdog's report of a fuzzing thread that no stop reaches (watchdog.rs, Stuck). Counts
     * nothing, unlike timeoutReport.
     */
    public static String harnessStack() {
        Thread h = harnessThread;
        StringBuilder sb = new StringBuilder();
        if (h != null) {
            for (StackTraceElement f : h.getStackTrace()) {
                sb.append("    at ").append(f).append('\n');
            }
        }
        return sb.toString();
    }

    /* The harness thread's stack when the watchdog first sampled a stuck run (stuckSample),
     * and why it is the contract (Expected.stalled), judged then; null: a bug. */
    private static StackTraceElement[] stuck = new StackTraceElement[0];
    private static String stuckWhy;
    /* The driver method the stuck run was in (Expected.running), then. */
    private static int stuckIn = -1;

    /* The frames from the target's code down: probes caught draining their ring
     * (com.jvmfuzz.shim) on top of a loop are not the target's. */
    private static StackTraceElement[] ownFrames(StackTraceElement[] frames) {
        int top = 0;
        while (top < frames.length - 1 && frames[top].getClassName().startsWith("com.jvmfuzz.shim.")) {
            top++;
        }
        return java.util.Arrays.copyOfRange(frames, top, frames.length);
    }

    /**
     * Samples a stuck run's stack for timeoutReport, on the watchdog's thread. With a negative
     * `shared`, the first sample: kept, and its depth returned. Else how many of the first
     * sample's bottom frames (by class and method), of the `shared` every earlier sample kept,
     * this one keeps too; the innermost of those the samples keep is the loop the run is stuck
     * in. One sample is no identity: a stop lands wherever the loop happens to be (in a helper
     * it calls, the helper's helper), and one hang would be as many findings as its loop has
     * callees. The watchdog takes a sample only into account when the run was still the same
     * after it (watchdog.rs).
     */
    public static int stuckSample(int shared) {
        Thread h = harnessThread;
        StackTraceElement[] st = h != null ? h.getStackTrace() : new StackTraceElement[0];
        st = withoutFuzzerFrames(st);
        if (shared < 0) {
            stuck = st;
            // Judged now: the driver's record of the run's arguments is only the stuck run's
            // while it runs, and it may end (and the next begin) before the report.
            stuckWhy = com.jvmfuzz.shim.driver.Expected.active && h != null
                    ? com.jvmfuzz.shim.driver.Expected.stalled(ownFrames(st)) : null;
            stuckIn = com.jvmfuzz.shim.driver.Expected.running();
            return st.length;
        }
        StackTraceElement[] first = stuck;
        int n = 0;
        while (n < shared && n < st.length && n < first.length) {
            StackTraceElement a = first[first.length - 1 - n];
            StackTraceElement b = st[st.length - 1 - n];
            if (!a.getClassName().equals(b.getClassName()) || !a.getMethodName().equals(b.getMethodName())) {
                break;
            }
            n++;
        }
        return n;
    }

    /** Stack traces of every live Java thread, for timeout findings. */
    public static String threadDump() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement f : e.getValue()) {
                sb.append("\tat ").append(f).append('\n');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
