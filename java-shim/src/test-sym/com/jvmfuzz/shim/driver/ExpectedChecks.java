package com.jvmfuzz.shim.driver;

import java.util.Arrays;
import java.util.List;

/**
 * Hand-driven checks of the driver runtime's pure helpers (run by run.sh before SymTest; in the
 * shim's package to reach them). Exits non-zero on the first failure.
 */
public final class ExpectedChecks {
    private ExpectedChecks() {}

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("ExpectedChecks FAILED: " + what);
            System.exit(1);
        }
    }

    private static void anchored(String pattern, String caller, boolean expected) {
        List<String> forms = Arrays.asList(Expected.unanchored(pattern));
        check(forms.contains(caller) == expected, pattern + " -> " + forms + (expected ? " lacks " : " has ") + caller);
    }

    private interface Reflective {
        void run() throws ReflectiveOperationException;
    }

    private static void reflected(Reflective r, String member) {
        try {
            r.run();
            check(false, "the JDK opened " + member);
        } catch (ReflectiveOperationException | RuntimeException e) {
            check(e.getClass().getName().equals("java.lang.reflect.InaccessibleObjectException"), String.valueOf(e));
            check(member.equals(Expected.reflectedMember(e.getMessage())), e.getMessage() + " -> "
                    + Expected.reflectedMember(e.getMessage()) + ", not " + member);
        }
    }

    private static void quoted(String message, String word, String text, boolean expected) {
        int at = message.indexOf(word);
        check(Expected.stretchIn(message, at, at + word.length(), List.of(text), new String[] {"; this is a bug in "})
                == expected,
                message + " quoting " + text + (expected ? ": not seen" : ": seen"));
    }

    public static void main(String[] args) {
        // A message naming an integer argument in hexadecimal: Pattern.compile's real message
        // for the flags -1 names -1, not a number the library computed.
        String flags;
        try {
            java.util.regex.Pattern.compile("a", -1);
            flags = "";
        } catch (IllegalArgumentException e) {
            flags = e.getMessage();
        }
        check(!Expected.computedNumber(flags, new long[] {-1}, new String[0]), flags + " names -1");
        check(Expected.computedNumber(flags, new long[] {5}, new String[0]), flags + " names no 5");
        check(Expected.namesInHex("Unknown flag 0x100", new long[] {256}), "0x100 is 256");
        check(!Expected.namesInHex("Unknown flag 0x100", new long[] {100}), "0x100 is not 100");
        check(!Expected.namesInHex("no hex 100", new long[] {100}), "no hex");
        // A set-up field named for a local: the same name, or its last camel-case words.
        check(Expected.namedFor("recursiveTypeTree", "typeTree"), "recursiveTypeTree for typeTree");
        check(Expected.namedFor("history", "History"), "history for History");
        check(!Expected.namedFor("headerMap", "map"), "headerMap for map: one word");
        check(!Expected.namedFor("xtypeTree", "typeTree"), "xtypeTree for typeTree: no word boundary");
        check(!Expected.namedFor("typeTree", "recursiveTypeTree"), "a longer local");
        // The member of a real InaccessibleObjectException's message: a field, a method, a
        // constructor of the JDK (whose simple name is its class's).
        reflected(() -> String.class.getDeclaredField("value").setAccessible(true), "value");
        reflected(() -> String.class.getDeclaredMethod("isLatin1").setAccessible(true), "isLatin1");
        reflected(() -> String.class.getDeclaredConstructor(byte[].class, byte.class).setAccessible(true), "String");
        check(Expected.reflectedMember("module java.base does not open java.lang") == null, "another form");
        check(Expected.reflectedMember(null) == null, "no message");
        // A word of a message inside a token it quotes from the caller's text; not the
        // library's sentence at the message's start, nor the word alone.
        quoted("Failed parsing 'ogle.gskn.internal.bindjaz' as BigInteger; at path $", "internal",
                "\u0000ogle.gskn.internal.bindjaz.Zer", true);
        quoted("Expected an int but was .google.gson.internal.bind.X at path $", "internal",
                "com.google.gson.internal.bind.X", true);
        quoted("internal error: lost the field at position 4", "internal", "internal error: lost the field", false);
        quoted("lost: internal state", "internal", "internal", false);
        quoted("lost: internal state", "internal", "other text", false);
        // The library's own sentence, which the fuzzer also wrote into its text.
        quoted("Unexpected 5; this is a bug in X", "bug", "xx; this is a bug in Xyy", false);
        // One library: the root of the packages under test when it is shorter than three
        // segments (jsoup's subpackages), else the first three segments.
        check(Expected.commonRoot(List.of("org.jsoup", "org.jsoup.nodes", "org.jsoup.select")).equals("org.jsoup"),
                "root of jsoup's packages");
        check(Expected.commonRoot(List.of("org.apache.commons.text", "org.apache.commons.text.lookup"))
                .equals("org.apache.commons.text"), "root of commons-text's packages");
        check(Expected.commonRoot(List.of("org.a", "org.b")).isEmpty(), "a top-level domain is no root");
        check(Expected.commonRoot(List.of("contract")).equals("contract"), "a one-segment package is its root");
        check(Expected.library("org.jsoup.nodes.Node", "org.jsoup").equals("org.jsoup"), "jsoup's nodes");
        check(Expected.library("org.jsoup.helper.Validate", "org.jsoup").equals("org.jsoup"), "jsoup's helper");
        check(Expected.library("org.jsoupx.Other", "org.jsoup").equals("org.jsoupx"), "a package sharing a prefix");
        check(Expected.library("org.other.a.b.C", "org.jsoup").equals("org.other.a"), "outside the root");
        check(Expected.library("org.apache.commons.text.lookup.X", "org.apache.commons.text").equals("org.apache.commons"),
                "a root of three segments changes nothing");
        // A number the message names as it is: an integer argument, whatever the String
        // arguments hold (jsoup's HttpConnection.proxy("1", -16777216): the "1" once cut the
        // port apart, and the JDK's "port out of range" looked computed).
        check(!Expected.computedNumber("port out of range:-16777216", new long[] {-16777216}, new String[] {"1"}),
                "the port is the argument");
        check(Expected.computedNumber("count is negative: -2", new long[] {-1}, new String[] {"x"}), "-2 is computed");
        check(!Expected.computedNumber("bad value a12", new long[] {5}, new String[] {"a12"}),
                "12 only inside the String argument: not computed");
        anchored("^ab", "ab", true);
        anchored("ab$", "ab", true);
        anchored("^ab$", "ab", true);
        // A caller's pattern ending in '$' behind a leading anchor (CI's contract run, 2026-11-27:
        // "^" + "enen(#nnja$$$$$$$$" was taken for the library's own pattern).
        anchored("^enen(#nnja$$$$$$$$", "enen(#nnja$$$$$$$$", true);
        anchored("a$$", "a$", true);
        anchored("ab\\$", "ab\\", false); // an escaped dollar is no anchor
        anchored("^", "", true);
        anchored("$", "", true);
        anchored("^$", "", true);
        anchored("xab", "ab", false);
        // The allocation limit's count is scaled from an argument (times 2: new char[2 * n]).
        check(Expected.scaled(1000, 2000), "2000 = 1000 * 2");
        check(!Expected.scaled(1000, 2001), "2001 is no multiple of 1000");
        // new char[n * 4] in int arithmetic: 0x50000000 * 4 wraps to 0x40000000.
        check(Expected.scaled(0x50000000L, 0x40000000L), "a count that wrapped in int arithmetic");
        check(!Expected.scaled(1520410527L, 1061108247L), "2 * m - 1001 for a negative m is no scale of another value");
        // A buffer grown to its size plus the caller's count: (19 + 16777200) * 2 (appendPadding).
        check(Expected.grown(16777200, 33554438), "(size + length) * 2 is grown from the caller's length");
        check(!Expected.grown(3, 33554438), "a small value grows nothing over the limit");
        // A matrix of the caller's counts, or one more of each (a cache of counts + 1).
        String matrix = "Java heap space: an array of 15164 x 15164 elements is over the fuzzer's allocation limit";
        check(Expected.matrixFrom(matrix, new long[] {15163, 15163}, 2) == 15163, "[n + 1][m + 1] of the caller's n, m");
        check(Expected.matrixFrom(matrix, new long[] {15164, 7}, 2) == 15164, "[n][n] of the caller's n");
        check(Expected.matrixFrom(matrix, new long[] {15163, 15163}, 1) == 15163, "only the first n values count");
        check(Expected.matrixFrom(matrix, new long[] {15000, 3}, 2) == Long.MIN_VALUE, "counts the method computed");
        check(Expected.matrixFrom("an array of 15164 elements", new long[] {15164}, 1) == Long.MIN_VALUE,
                "one dimension is not a matrix");
        check(!Expected.grown(1520410527L, 1061108247L), "a count below the value is not grown from it");
        leftovers();
        System.out.println("ExpectedChecks: OK");
    }

    /* Leftovers: a site's first executor is spared, its second is shut down, and a rejection
     * by one shut down here is recognised (and spares its site from then on). */
    private static void leftovers() {
        java.util.concurrent.ExecutorService first = java.util.concurrent.Executors.newSingleThreadExecutor();
        java.util.concurrent.ExecutorService second = java.util.concurrent.Executors.newSingleThreadExecutor();
        Leftovers.started(null, null, new Object[0], 7, first);
        check(!Leftovers.pending(), "a site's first executor is recorded");
        Leftovers.started(null, null, new Object[0], 7, second);
        check(Leftovers.pending(), "a site's second executor is not recorded");
        check(Leftovers.stopAll() == 1 && second.isShutdown() && !first.isShutdown(), "stopAll stopped the wrong ones");
        check(!Leftovers.pending(), "stopAll left something recorded");
        Throwable rejected = null;
        try {
            second.submit(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            rejected = e;
        }
        check(rejected != null && Leftovers.rejectedByUs(rejected), "a rejection by a stopped executor: " + rejected);
        check(!Leftovers.rejectedByUs(new java.util.concurrent.RejectedExecutionException("full")), "any rejection");
        java.util.concurrent.ExecutorService third = java.util.concurrent.Executors.newSingleThreadExecutor();
        Leftovers.started(null, null, new Object[0], 7, third);
        check(!Leftovers.pending(), "a site whose executor was rejected after a stop is spared");
        Thread waiter = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // stopped
            }
        });
        waiter.start();
        Leftovers.started(null, waiter, new Object[0], 8, null);
        Leftovers.started(null, waiter, new Object[0], 8, null);
        check(Leftovers.stopAll() == 1, "a live thread counts once stopped");
        try {
            waiter.join(10_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        check(!waiter.isAlive(), "the thread was not interrupted");
        first.shutdownNow();
        third.shutdownNow();

        // A ThreadPoolExecutor is named without being asked; a rejection wrapped in another
        // exception is recognised too.
        java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(
                1, 1, 0, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>());
        Leftovers.started(null, pool, new Object[0], 9, null);
        Leftovers.started(null, pool, new Object[0], 9, null);
        check(Leftovers.stopAll() == 1 && pool.isShutdown(), "the pool was not stopped");
        Throwable wrapped = null;
        try {
            pool.execute(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            wrapped = new IllegalStateException("wrapped", e);
        }
        check(wrapped != null && Leftovers.rejectedByUs(wrapped), "a wrapped rejection by a stopped pool: " + wrapped);

        // The last index an access reached and the array's length, from the JVM's fault and
        // the JDK's checks that stand for one; none from other JDK checks.
        fault("a VarHandle's int at 0 of a byte[2]", () -> java.lang.invoke.MethodHandles
                .byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.BIG_ENDIAN).set(new byte[2], 0, 1), 3, 2);
        fault("a VarHandle's short at 7 of a byte[1]", () -> java.lang.invoke.MethodHandles
                .byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.BIG_ENDIAN).set(new byte[1], 7, (short) 1), 8, 1);
        fault("getChars of 6 into a char[2]", () -> "abcdef".getChars(0, 6, new char[2], 0), 5, 2);
        fault("arraycopy of 5 to 1 of a byte[3]", () -> System.arraycopy(new byte[5], 0, new byte[3], 1, 5), 5, 3);
        fault("arraycopy of 5 objects to 1 of an Object[3]",
                () -> System.arraycopy(new Object[5], 0, new Object[3], 1, 5), 5, 3);
        fault("the JVM's fault", () -> {
            int[] a = new int[3];
            a[a.length + 1] = 1;
        }, 4, 3);
        fault("a String's charAt", () -> "abc".charAt(5), -1, -1);
        fault("a List's get", () -> new java.util.ArrayList<String>().get(2), -1, -1);
        // A static initialiser's object does not use up its site's first pass.
        java.util.concurrent.ExecutorService inInit = InitMakes.POOL;
        java.util.concurrent.ExecutorService lazy = java.util.concurrent.Executors.newSingleThreadExecutor();
        Leftovers.started(null, null, new Object[0], 10, lazy);
        check(!Leftovers.pending(), "a site's first object after a static initialiser's was recorded");
        inInit.shutdownNow();
        lazy.shutdownNow();
    }

    /* What Expected.arrayFault makes of the exception `access` throws: {index, length}, or
     * -1, -1 for none. */
    private static void fault(String what, Runnable access, long index, long length) {
        try {
            access.run();
            check(false, what + ": no exception");
        } catch (IndexOutOfBoundsException e) {
            long[] f = Expected.arrayFault(e, e.getStackTrace());
            long[] got = f == null ? new long[] {-1, -1} : f;
            check(got[0] == index && got[1] == length, what + ": " + Arrays.toString(got) + " from " + e.getMessage());
        }
    }

    /* Makes its pool in its static initialiser, through the hook's site 10. */
    private static final class InitMakes {
        static final java.util.concurrent.ExecutorService POOL = make();

        private static java.util.concurrent.ExecutorService make() {
            java.util.concurrent.ExecutorService e = java.util.concurrent.Executors.newSingleThreadExecutor();
            Leftovers.started(null, null, new Object[0], 10, e);
            return e;
        }
    }
}
