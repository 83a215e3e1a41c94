/*
 * Comparison feedback for the fuzzer, two kinds:
 *
 * - String and byte[] operands of failed equals/startsWith/... calls (from Hooks), handed to a
 *   native that appends them to the fuzzer's CmpLog (LibAFL's input-to-state mutator copies the
 *   expected value into the input).
 * - Operands of integer-like comparisons, which the fuzzer's rewriter
 *   (agent/instrument/src/cmplog.rs) passes to the tiny static methods below right before the
 *   comparison: if_icmp*, if_acmp*, if* against 0, lcmp, fcmp*, dcmp*, switch keys, divisors.
 *   Each call (1) raises its site's cell in the value-profile map to 1 + the number of equal
 *   bits of the operands (LibAFL's MaxMapFeedback over that map rewards inputs that get closer
 *   to a constant) and (2) while the fuzzer traces an input, appends the operands to a native
 *   log that becomes LibAFL CmpLog values. Both are plain stores into native memory the
 *   fuzzer hands over as direct ByteBuffers: no allocation, no JNI call, small enough for the
 *   JIT to inline.
 *
 * Only the fuzzer binds the natives. Anywhere else (a reproducer run outside the fuzzer) the
 * buffers cannot be had, Buf.ON is false, and every method only does the comparison it stands
 * for (lcmp and friends) or nothing.
 */
package com.jvmfuzz.shim.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;


public final class Cmp {
    private Cmp() {}

    private static volatile boolean off;

    static void strings(String a, String b) {
        if (Observed.enabled) {
            // Generated drivers offer compared strings as predefined values.
            Observed.string(a);
            Observed.string(b);
        }
        Spans.compared(a, b);
        bytes(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /* While tracing: the traced input's bytes [at, at + old) would decode as `wanted` (Spans). */
    static void splice(int at, int old, byte[] wanted) {
        if (off) {
            return;
        }
        try {
            logSplice(at, old, wanted);
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static native void logSplice(int at, int old, byte[] wanted);

    /* While tracing: a value wanted where the text had nothing (Regex), offered for insertion. */
    static void wanted(String wanted) {
        if (off) {
            return;
        }
        try {
            logWanted(wanted.getBytes(StandardCharsets.UTF_8));
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static native void logWanted(byte[] wanted);

    /* The delimiters `st` was made with (read past the module system by the fuzzer), or null. */
    static String tokenizerDelimiters(java.util.StringTokenizer st) {
        if (off) {
            return null;
        }
        try {
            return readDelimiters(st);
        } catch (LinkageError e) {
            return null;
        }
    }

    private static native String readDelimiters(java.util.StringTokenizer st);

    static void bytes(byte[] a, byte[] b) {
        if (off) {
            return;
        }
        try {
            logBytes(a, b);
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static native void logBytes(byte[] a, byte[] b);

    /* First of n new value-profile site ids (ids the rewriter did not take), or -1. */
    private static native int reserve(int n);

    // ---- Jazzer's API (com.code_intelligence.jazzer.runtime) ----

    /**
     * {@code Jazzer.guideTowardsEquality}/{@code guideTowardsContainment} on strings, and the
     * bug detectors' payloads: {@code b} is the value wanted, also kept apart for the mutators.
     */
    public static void api(String a, String b) {
        strings(a, b);
        guided(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code Jazzer.guideTowardsEquality} on byte arrays. */
    public static void api(byte[] a, byte[] b) {
        bytes(a, b);
        guided(a, b);
    }

    private static void guided(byte[] actual, byte[] wanted) {
        if (off) {
            return;
        }
        try {
            logGuided(actual, wanted);
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static native void logGuided(byte[] actual, byte[] wanted);

    /** The least time between two missed keys collected outside tracing: at most 5,000 a second. */
    private static final long KEY_GAP_NANOS = 200_000;
    private static long lastKey;

    /**
     * A repeatable run ({@code --seed} with {@code --runs}: -Djvmfuzz.repeatable=true) counts
     * instead of timing: one miss in KEY_GAP_CALLS outside tracing. Timed, which misses were
     * collected depended on the machine's speed, and so did the mutations they feed.
     */
    private static final boolean BY_COUNT = Boolean.getBoolean("jvmfuzz.repeatable");
    private static final int KEY_GAP_CALLS = 16;
    private static int keyCalls;

    /* Whether this execution is traced (its comparisons logged for input-to-state). */
    static boolean tracingNow() {
        return !off && Buf.ON && Buf.tracing();
    }

    /**
     * Whether missed keys are collected now: always while the fuzzer traces an input (its
     * input-to-state stage), and besides at most one each KEY_GAP_NANOS. A slow target (log4j:
     * a few thousand executions a second, a lookup each) has all its misses collected: the
     * traced ones alone seldom pair the word an input holds with the keyword it needs
     * (benchmarks/README.md, bug detectors). A fast one that misses keys on every execution
     * does not pay a JNI call for each (it cost fuzz.MapKeys a third of its executions). A
     * repeatable run (BY_COUNT) takes one call in KEY_GAP_CALLS instead of timing.
     */
    static boolean collectingKeys() {
        if (off || !Buf.ON) {
            return false;
        }
        if (Buf.tracing()) {
            return true;
        }
        if (BY_COUNT) {
            return keyCalls++ % KEY_GAP_CALLS == 0;
        }
        long now = System.nanoTime();
        if (now - lastKey < KEY_GAP_NANOS) {
            return false;
        }
        lastKey = now;
        return true;
    }

    /**
     * A lookup key a map does not hold, and up to three keys it does (its neighbours and one
     * at random): the mutators may put one of those where the input holds the missing key,
     * whatever the lengths (fuzzer/src/recent.rs, {@code KeySplice}).
     */
    static void keyMiss(String key, Object a, Object b, Object c) {
        if (off) {
            return;
        }
        try {
            logKeys(key.getBytes(StandardCharsets.UTF_8), utf8(a), utf8(b), utf8(c));
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static byte[] utf8(Object s) {
        return s instanceof String ? ((String) s).getBytes(StandardCharsets.UTF_8) : null;
    }

    private static native void logKeys(byte[] key, byte[] a, byte[] b, byte[] c);

    /** First of {@code n} value-profile sites for the API's extra counters, or -1 (no fuzzer). */
    public static int reserveSites(int n) {
        if (off || !Buf.ON) {
            return -1;
        }
        try {
            return reserve(n);
        } catch (LinkageError e) {
            return -1;
        }
    }

    /** Raises an extra counter's cell to {@code value} (1..255). */
    public static void counter(int site, int value) {
        if (Buf.ON && site >= 0) {
            Buf.max(site, value);
        }
    }

    /* Which buffer: 0 value-profile map, 1 trace log, 2 switch case tables, 3 the site ->
     * cell table of the value-profile map. Null if the fuzzer has none. */
    private static native ByteBuffer buffer(int which);

    // ---- called by rewritten code (see agent/instrument/src/cmplog.rs) ----

    /** {@code if_icmp*}. */
    public static void i(int a, int b, int site) {
        if (Buf.ON) {
            Buf.max(site, 33 - Integer.bitCount(a ^ b));
            if (Buf.tracing()) {
                Buf.log(Buf.INT, a, b, site);
                observe(a, b);
            }
        }
    }

    /* Operands of traced comparisons (one traced run per corpus entry) feed the generated
     * drivers' predefined values. */
    private static void observe(long a, long b) {
        if (Observed.enabled) {
            Observed.number(a);
            Observed.number(b);
        }
    }

    /*
     * Operands of an integral comparison inside a JDK call (Integer.compare, Long.compareTo,
     * Character.equals, ...; see Hooks), logged while tracing like an if_icmp's. A call has no
     * site id of its own: the second operand (the constant, in `compare(input, KEY)`) names
     * the group, so each compared value keeps its own room in the log.
     */
    static void call(long a, long b, boolean wide) {
        if (Buf.ON && a != b && Buf.tracing()) {
            Buf.log(wide ? Buf.LONG : Buf.INT, a, b, -2 - (int) ((b ^ (b >>> 31)) & 0x3fffffff));
            observe(a, b);
        }
    }

    /** {@code if*} (against 0), {@code idiv}/{@code irem} (the divisor against 0). */
    public static void z(int a, int site) {
        if (Buf.ON) {
            Buf.max(site, 33 - Integer.bitCount(a));
            if (Buf.tracing()) {
                Buf.log(Buf.INT, a, 0, site);
            }
        }
    }

    /** {@code ldiv}/{@code lrem}: the divisor against 0. */
    public static void lz(long a, int site) {
        if (Buf.ON) {
            Buf.max(site, 65 - Long.bitCount(a));
            if (Buf.tracing()) {
                Buf.log(Buf.LONG, a, 0, site);
            }
        }
    }

    /** {@code if_acmp*}: only equality means anything for references. */
    public static void a(Object a, Object b, int site) {
        if (Buf.ON) {
            Buf.max(site, a == b ? 2 : 1);
        }
    }

    /** {@code tableswitch}/{@code lookupswitch}: {@code table} locates the case constants. */
    public static void sw(int key, int table) {
        if (Buf.ON) {
            Buf.cases(key, table);
            if (Buf.tracing()) {
                Buf.log(Buf.SWITCH, key, 0, table);
            }
        }
    }

    /*
     * Bytes one array may take, from the fuzzer's --malloc-limit-mb (-Djvmfuzz.mallocLimit, in
     * bytes); none without it. Final, so the JIT folds the check below into a compare of the
     * count with a constant.
     */
    private static final long ALLOC_LIMIT = allocLimit();

    /**
     * Bytes the last allocation over the limit asked for (the message names only its count,
     * for the contract rules to match with arguments): Expected tells an allocation the
     * drivers' budget refused from one no JVM should make.
     */
    public static volatile long overLimitBytes;

    /** How {@link #alloc}'s message ends (the driver's contract rules look for it). */
    public static final String OVER_LIMIT = " elements is over the fuzzer's allocation limit (--malloc-limit-mb)";

    private static long allocLimit() {
        long limit = Long.getLong("jvmfuzz.mallocLimit", 0L);
        return limit > 0 ? limit : Long.MAX_VALUE;
    }

    /**
     * Before {@code newarray}/{@code anewarray} and the JDK calls an int sizes (cmplog.rs,
     * SIZED_CALLS): {@code count} elements of {@code bytes} each over the limit throw an
     * OutOfMemoryError at once instead of zeroing gigabytes first (libFuzzer's
     * -malloc_limit_mb). The message names the count and nothing else numeric, so the driver's
     * contract rules can match it against the arguments. Returns {@code count}.
     */
    public static int alloc(int count, int bytes) {
        if ((long) count * bytes > ALLOC_LIMIT) {
            overLimitBytes = (long) count * bytes;
            throw overLimit(String.valueOf(count));
        }
        return count;
    }

    /*
     * The OutOfMemoryError of an array of `count` elements over the limit, with the stack of
     * alloc's or alloc2's caller: thrown where the allocation is, as the JVM's own would be.
     */
    private static OutOfMemoryError overLimit(String count) {
        OutOfMemoryError e = new OutOfMemoryError("Java heap space: an array of " + count + OVER_LIMIT);
        StackTraceElement[] st = e.getStackTrace();
        if (st.length > 2) {
            e.setStackTrace(java.util.Arrays.copyOfRange(st, 2, st.length));
        }
        return e;
    }

    /**
     * Before {@code multianewarray} of two or more dimensions, with copies of its last two
     * counts: {@code rows} arrays of {@code cols} elements of {@code bytes} each (and their
     * headers) over the limit throw an OutOfMemoryError at once, as {@link #alloc} does for one
     * array. Negative counts are left to the JVM's NegativeArraySizeException.
     */
    public static void alloc2(int rows, int cols, int bytes) {
        // Divided, not multiplied: rows x (cols x bytes + 16) of two counts near
        // Integer.MAX_VALUE overflows a long.
        if (rows > 0 && cols >= 0 && ALLOC_LIMIT != Long.MAX_VALUE && (long) cols * bytes + 16 > ALLOC_LIMIT / rows) {
            overLimitBytes = (long) rows * ((long) cols * bytes + 16);
            throw overLimit(rows + " x " + cols);
        }
    }

    /** Replaces {@code lcmp}'s operands: logs them, returns {@code lcmp}'s result. */
    public static int lcmp(long a, long b, int site) {
        if (Buf.ON) {
            Buf.max(site, 65 - Long.bitCount(a ^ b));
            if (Buf.tracing()) {
                Buf.log(Buf.LONG, a, b, site);
                observe(a, b);
            }
        }
        return Long.compare(a, b);
    }

    /** {@code fcmpl} (NaN gives -1). */
    public static int fcmpl(float a, float b, int site) {
        f(a, b, site);
        return a > b ? 1 : a == b ? 0 : -1;
    }

    /** {@code fcmpg} (NaN gives 1). */
    public static int fcmpg(float a, float b, int site) {
        f(a, b, site);
        return a < b ? -1 : a == b ? 0 : 1;
    }

    /** {@code dcmpl} (NaN gives -1). */
    public static int dcmpl(double a, double b, int site) {
        d(a, b, site);
        return a > b ? 1 : a == b ? 0 : -1;
    }

    /** {@code dcmpg} (NaN gives 1). */
    public static int dcmpg(double a, double b, int site) {
        d(a, b, site);
        return a < b ? -1 : a == b ? 0 : 1;
    }

    private static void f(float a, float b, int site) {
        if (Buf.ON) {
            int x = Float.floatToRawIntBits(a);
            int y = Float.floatToRawIntBits(b);
            Buf.max(site, 33 - Integer.bitCount(x ^ y));
            if (Buf.tracing()) {
                Buf.log(Buf.INT, x, y, site);
            }
        }
    }

    private static void d(double a, double b, int site) {
        if (Buf.ON) {
            long x = Double.doubleToRawLongBits(a);
            long y = Double.doubleToRawLongBits(b);
            Buf.max(site, 65 - Long.bitCount(x ^ y));
            if (Buf.tracing()) {
                Buf.log(Buf.LONG, x, y, site);
            }
        }
    }

    /*
     * The native buffers, in a holder class: initialised on the first logged comparison, which
     * runs after the fuzzer bound Cmp's natives (FindClass of Cmp, needed to bind them,
     * already initialises Cmp itself). Layouts are fuzzer/src/cmp_values.rs's.
     */
    static final class Buf {
        private Buf() {}

        static final int INT = 0;
        static final int LONG = 1;
        static final int SWITCH = 2;

        /* Trace log: int count at 0 (the fuzzer writes 0 to start tracing an execution and
         * CAP to stop), entries of {int kind, int site, long a, long b} from HEADER on. */
        static final int HEADER = 64;
        static final int ENTRY = 24;

        static final ByteBuffer VP;
        /* Site -> cell of VP: int at 0 = cells handed out, int at 4 * (1 + site) = 1 + the
         * site's cell (0: none yet). A site gets a cell on its first comparison, so the map
         * the fuzzer walks after every execution is as long as the sites reached so far. */
        static final ByteBuffer IDX;
        static final ByteBuffer LOG;
        static final ByteBuffer CASES;
        static final int CAP;
        static final boolean ON;

        static {
            ByteBuffer vp = get(0);
            ByteBuffer log = get(1);
            ByteBuffer cases = get(2);
            ByteBuffer idx = get(3);
            boolean on = vp != null && log != null && cases != null && idx != null && log.capacity() > HEADER;
            VP = on ? vp : ByteBuffer.allocate(0);
            IDX = on ? idx.order(ByteOrder.nativeOrder()) : ByteBuffer.allocate(0);
            LOG = on ? log.order(ByteOrder.nativeOrder()) : ByteBuffer.allocate(0);
            CASES = on ? cases.order(ByteOrder.nativeOrder()) : ByteBuffer.allocate(0);
            CAP = on ? (log.capacity() - HEADER) / ENTRY : 0;
            ON = on;
        }

        private static ByteBuffer get(int which) {
            try {
                return buffer(which);
            } catch (LinkageError e) {
                return null;
            }
        }

        /* Site ids are below the number the fuzzer reserved, so within IDX; cells are fewer
         * than sites, so within VP. */
        static void max(int site, int v) {
            int cell = IDX.getInt(4 + 4 * site) - 1;
            if (cell < 0) {
                cell = assign(site);
            }
            if ((VP.get(cell) & 0xff) < v) {
                VP.put(cell, (byte) v);
            }
        }

        /* Sets the site's cell to 1; false if it was set already (the map is emptied before
         * every execution). */
        static boolean mark(int site) {
            int cell = IDX.getInt(4 + 4 * site) - 1;
            if (cell < 0) {
                cell = assign(site);
            }
            if (VP.get(cell) != 0) {
                return false;
            }
            VP.put(cell, (byte) 1);
            return true;
        }

        private static synchronized int assign(int site) {
            int c = IDX.getInt(4 + 4 * site);
            if (c == 0) {
                c = IDX.getInt(0) + 1;
                IDX.putInt(4 + 4 * site, c);
                IDX.putInt(0, c);
            }
            return c - 1;
        }

        static boolean tracing() {
            return LOG.getInt(0) < CAP;
        }

        /* Which traced execution this is (the fuzzer counts them at byte 4 of the header). */
        static int traceNumber() {
            return LOG.getInt(4);
        }

        /* Whether an execution is traced, its integer log full or not (byte 8 of the header). */
        static boolean traced() {
            return LOG.getInt(8) != 0;
        }

        static void log(int kind, long a, long b, int site) {
            ByteBuffer l = LOG;
            int n = l.getInt(0);
            if (n < 0 || n >= CAP) {
                return;
            }
            l.putInt(0, n + 1);
            int o = HEADER + n * ENTRY;
            l.putInt(o, kind);
            l.putInt(o + 4, site);
            l.putLong(o + 8, a);
            l.putLong(o + 16, b);
        }

        /* Case table at byte offset t: int n, int first value-profile cell, n case keys. */
        static void cases(int key, int t) {
            ByteBuffer c = CASES;
            int n = c.getInt(t);
            int cell = c.getInt(t + 4);
            for (int k = 0; k < n; k++) {
                max(cell + k, 33 - Integer.bitCount(key ^ c.getInt(t + 8 + 4 * k)));
            }
        }
    }
}
