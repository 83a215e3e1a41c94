/*
 * Comparison operands seen at run time, offered to drivers as predefined values (bucket 7 of
 * TypedValues). The comparison hooks (com.jvmfuzz.shim.fuzz.Cmp) report both operands of every
 * logged comparison; one of them usually comes from the input and changes every run, the other
 * is what the target expects. A value is promoted into the pool only after it has been seen
 * PROMOTE times, which lets constants through and keeps input-derived noise out. The pool is a
 * small copy-on-write array, so readers (one per typed value) never lock or copy.
 */
package com.jvmfuzz.shim.driver;

public final class Observed {
    private Observed() {}

    private static final int POOL = 64;
    private static final int SLOTS = 1024;
    private static final int PROMOTE = 3;

    private static final long[] longKeys = new long[SLOTS];
    private static final byte[] longHits = new byte[SLOTS];
    private static volatile long[] longs = new long[0];
    private static int longNext;

    private static final String[] stringKeys = new String[SLOTS];
    private static final byte[] stringHits = new byte[SLOTS];
    private static volatile String[] strings = new String[0];
    private static int stringNext;

    static long[] longs() {
        return longs;
    }

    static String[] strings() {
        return strings;
    }

    /** An integer operand of a comparison. */
    public static void number(long v) {
        if (v >= -1 && v <= 1) {
            return;
        }
        int h = (int) ((v * 0x9E3779B97F4A7C15L) >>> 54) & (SLOTS - 1);
        synchronized (longKeys) {
            if (longKeys[h] != v) {
                longKeys[h] = v;
                longHits[h] = 1;
                return;
            }
            if (longHits[h] == PROMOTE) {
                return;
            }
            if (++longHits[h] < PROMOTE) {
                return;
            }
            long[] cur = longs;
            long[] next;
            if (cur.length < POOL) {
                next = java.util.Arrays.copyOf(cur, cur.length + 1);
                next[cur.length] = v;
            } else {
                next = cur.clone();
                next[longNext++ % POOL] = v;
            }
            longs = next;
        }
    }

    /** A string operand of a comparison (equals, startsWith, Map.get, ...). */
    public static void string(String s) {
        if (s == null || s.isEmpty() || s.length() > 256) {
            return;
        }
        int h = s.hashCode() * 0x9E3779B9 >>> 22 & (SLOTS - 1);
        synchronized (stringKeys) {
            if (!s.equals(stringKeys[h])) {
                stringKeys[h] = s;
                stringHits[h] = 1;
                return;
            }
            if (stringHits[h] == PROMOTE || ++stringHits[h] < PROMOTE) {
                return;
            }
            String[] cur = strings;
            String[] next;
            if (cur.length < POOL) {
                next = java.util.Arrays.copyOf(cur, cur.length + 1);
                next[cur.length] = s;
            } else {
                next = cur.clone();
                next[stringNext++ % POOL] = s;
            }
            strings = next;
        }
    }
}
