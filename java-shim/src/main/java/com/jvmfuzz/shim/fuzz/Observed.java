/*
 * Comparison operands seen at run time, offered to generated drivers as predefined values
 * (bucket 7 of com.jvmfuzz.shim.driver.TypedValues). Cmp reports both operands of logged
 * comparisons while `enabled` (set when drivers are registered); one of them usually comes from the input and changes every run, the other
 * is what the target expects. A value is promoted into the pool only after it has been seen
 * PROMOTE times, which lets constants through and keeps input-derived noise out. The pool is a
 * small copy-on-write array, so readers (one per typed value) never lock or copy.
 *
 * What an execution reads is the snapshot published when it began (beginExecution, called by
 * each new TypedValues), never a pool that grows while it runs: a finding's values then depend
 * on its input and that snapshot only. The fuzzer saves the snapshot beside a driver finding
 * (dump), and `fuzz repro` puts it back (load) before replaying the input in a fresh JVM,
 * whose pools are empty.
 */
package com.jvmfuzz.shim.fuzz;

public final class Observed {
    private Observed() {}

    /** Set by the drivers' runtime: nothing is recorded for ordinary harnesses. */
    public static volatile boolean enabled;

    private static final Pool LONGS = new Pool();
    private static final Pool STRINGS = new Pool();
    private static final long[] NO_LONGS = new long[0];

    /* Typed snapshots of the pools, remade only when a pool changes... */
    private static volatile long[] nextLongs = NO_LONGS;
    private static volatile String[] nextStrings = new String[0];
    /* ...and the ones executions read, published when an execution begins. */
    private static volatile long[] longs = NO_LONGS;
    private static volatile String[] strings = new String[0];
    /* A loaded snapshot (fuzz repro): kept for every execution. */
    private static volatile boolean frozen;

    /** Publishes the pools' newest snapshot for the execution that begins. */
    public static void beginExecution() {
        if (!frozen) {
            longs = nextLongs;
            strings = nextStrings;
        }
    }

    /** The snapshot executions read now, one value per line ("L <long>", "S <base64 UTF-8>"). */
    public static String dump() {
        StringBuilder b = new StringBuilder();
        for (long l : longs) {
            b.append("L ").append(l).append('\n');
        }
        java.util.Base64.Encoder e = java.util.Base64.getEncoder();
        for (String s : strings) {
            b.append("S ").append(e.encodeToString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8))).append('\n');
        }
        return b.toString();
    }

    /** Makes a dumped snapshot the one every following execution reads. */
    public static void load(String dump) {
        java.util.List<Long> ls = new java.util.ArrayList<>();
        java.util.List<String> ss = new java.util.ArrayList<>();
        java.util.Base64.Decoder d = java.util.Base64.getDecoder();
        for (String line : dump.split("\n")) {
            if (line.startsWith("L ")) {
                ls.add(Long.parseLong(line.substring(2).trim()));
            } else if (line.startsWith("S ")) {
                ss.add(new String(d.decode(line.substring(2).trim()), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        long[] l = new long[ls.size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = ls.get(i);
        }
        longs = l;
        strings = ss.toArray(new String[0]);
        frozen = true;
    }

    public static long[] longs() {
        return longs;
    }

    public static String[] strings() {
        return strings;
    }

    /** An integer operand of a comparison. */
    public static void number(long v) {
        if (v >= -1 && v <= 1) {
            return;
        }
        if (LONGS.offer(v, (int) ((v * 0x9E3779B97F4A7C15L) >>> 54))) {
            Object[] p = LONGS.pool;
            long[] l = new long[p.length];
            for (int i = 0; i < p.length; i++) {
                l[i] = (Long) p[i];
            }
            nextLongs = l;
        }
    }

    /** A string operand of a comparison (equals, startsWith, Map.get, ...). */
    public static void string(String s) {
        if (s == null || s.isEmpty() || s.length() > 256) {
            return;
        }
        if (STRINGS.offer(s, s.hashCode() * 0x9E3779B9 >>> 22)) {
            Object[] p = STRINGS.pool;
            nextStrings = java.util.Arrays.copyOf(p, p.length, String[].class);
        }
    }

    /** Sightings counted in a small direct-mapped table; values seen PROMOTE times join the pool. */
    private static final class Pool {
        private static final int SIZE = 64;
        private static final int SLOTS = 1024;
        private static final int PROMOTE = 3;

        private final Object[] keys = new Object[SLOTS];
        private final byte[] hits = new byte[SLOTS];
        volatile Object[] pool = new Object[0];
        private int next;

        /** Returns true when the pool changed. */
        synchronized boolean offer(Object v, int hash) {
            int h = hash & (SLOTS - 1);
            if (!v.equals(keys[h])) {
                keys[h] = v;
                hits[h] = 1;
                return false;
            }
            if (hits[h] == PROMOTE || ++hits[h] < PROMOTE) {
                return false;
            }
            Object[] cur = pool;
            Object[] grown;
            if (cur.length < SIZE) {
                grown = java.util.Arrays.copyOf(cur, cur.length + 1);
                grown[cur.length] = v;
            } else {
                grown = cur.clone();
                grown[next++ % SIZE] = v;
            }
            pool = grown;
            return true;
        }
    }
}
