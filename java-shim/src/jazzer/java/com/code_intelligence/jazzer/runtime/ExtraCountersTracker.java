/*
 * The extra coverage counters of Jazzer's API (exploreState, maximize, minimize): each caller
 * id gets a run of cells in the fuzzer's value-profile map. libFuzzer counts every hit-count
 * bucket of a counter as a feature of its own, but that map rewards only a higher value than
 * before (LibAFL's MaxMapFeedback); so each counter has eight cells, one per bucket (the value's
 * highest bit), each set to 1: any bucket not seen before is new coverage. See JazzerInternal.
 */
package com.code_intelligence.jazzer.runtime;

import com.jvmfuzz.shim.fuzz.Cmp;
import java.util.concurrent.ConcurrentHashMap;

public final class ExtraCountersTracker {
    private ExtraCountersTracker() {}

    /* Caller id -> {first cell's site id, number of counters}; -1 when the map is full. Counter
     * k's bucket b is site first + 8 * k + b. */
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
            Cmp.counter(r[0] + 8 * k, 1);
        }
    }

    /** {@code exploreState}: counter {@code offset} takes {@code value} (as an unsigned byte). */
    public static void setCounter(int id, int offset, byte value) {
        int[] r = RANGES.get(id);
        int v = value & 0xff;
        if (r == null || r[0] < 0 || offset < 0 || offset >= r[1] || v == 0) {
            return;
        }
        Cmp.counter(r[0] + 8 * offset + (31 - Integer.numberOfLeadingZeros(v)), 1);
    }

    /* exploreState through the pre-0.26 API (tracePcIndir): 0.30's bucket layout, 32 counters. */
    static void explore(int id, int state) {
        int[] r = range(id ^ 0x5a17e000, 32);
        if (r[0] < 0) {
            return;
        }
        int s = state & 0xff;
        Cmp.counter(r[0] + 8 * (s >>> 3) + (s & 7), 1);
    }

    private static int[] range(int id, int n) {
        return RANGES.computeIfAbsent(id, k -> new int[] {n > 0 && n <= (1 << 20) ? Cmp.reserveSites(8 * n) : -1, Math.max(n, 0)});
    }
}
