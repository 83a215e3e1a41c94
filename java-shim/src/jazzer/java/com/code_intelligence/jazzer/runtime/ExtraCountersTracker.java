/*
 * The extra coverage counters of Jazzer's API (exploreState, maximize, minimize): each caller
 * id gets a run of cells in the fuzzer's value-profile map, where a higher value in a cell than
 * any input reached before makes the input interesting (LibAFL's MaxMapFeedback). See
 * JazzerInternal.
 */
package com.code_intelligence.jazzer.runtime;

import com.jvmfuzz.shim.fuzz.Cmp;
import java.util.concurrent.ConcurrentHashMap;

public final class ExtraCountersTracker {
    private ExtraCountersTracker() {}

    /* Caller id -> {first cell's site id, number of counters}; -1 when the map is full. */
    private static final ConcurrentHashMap<Integer, int[]> RANGES = new ConcurrentHashMap<>();

    /** Gives {@code id} {@code numCounters} counters (once; later calls keep the first size). */
    public static void ensureCountersAllocated(int id, int numCounters) {
        range(id, numCounters);
    }

    /** {@code maximize}/{@code minimize}: counters 0..=to are set (each new level is new coverage). */
    public static void setCounterRange(int id, int to) {
        int[] r = RANGES.get(id);
        if (r == null || r[0] < 0) {
            return;
        }
        for (int k = 0; k <= to && k < r[1]; k++) {
            Cmp.counter(r[0] + k, 1);
        }
    }

    /** {@code exploreState}: counter {@code offset} takes {@code value} (as an unsigned byte). */
    public static void setCounter(int id, int offset, byte value) {
        int[] r = RANGES.get(id);
        if (r == null || r[0] < 0 || offset < 0 || offset >= r[1]) {
            return;
        }
        Cmp.counter(r[0] + offset, value & 0xff);
    }

    /* exploreState through the pre-0.26 API (tracePcIndir): 0.30's bucket layout, 32 counters. */
    static void explore(int id, int state) {
        int[] r = range(id ^ 0x5a17e000, 32);
        if (r[0] < 0) {
            return;
        }
        int s = state & 0xff;
        Cmp.counter(r[0] + (s >>> 3), 1 << (s & 7));
    }

    private static int[] range(int id, int n) {
        return RANGES.computeIfAbsent(id, k -> new int[] {n > 0 ? Cmp.reserveSites(n) : -1, Math.max(n, 0)});
    }
}
