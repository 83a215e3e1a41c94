/*
 * The comparison callbacks of Jazzer's API (guideTowardsEquality, guideTowardsContainment, and
 * exploreState in jazzer-api before 0.26): the operands go to the fuzzer's comparison log, as
 * those of the String and byte[] comparisons jvmfuzz redirects do. See JazzerInternal.
 */
package com.code_intelligence.jazzer.runtime;

import com.jvmfuzz.shim.fuzz.Cmp;

public final class TraceDataFlowNativeCallbacks {
    private TraceDataFlowNativeCallbacks() {}

    /** {@code guideTowardsEquality(String, String, id)}; {@code result} 0 means equal. */
    public static void traceStrcmp(String a, String b, int result, int id) {
        if (result != 0 && a != null && b != null) {
            Cmp.api(a, b);
        }
    }

    /** {@code guideTowardsContainment(haystack, needle, id)}. */
    public static void traceStrstr(String haystack, String needle, int id) {
        if (haystack != null && needle != null && !haystack.contains(needle)) {
            Cmp.api(haystack, needle);
        }
    }

    /** {@code guideTowardsEquality(byte[], byte[], id)}; {@code result} 0 means equal. */
    public static void traceMemcmp(byte[] a, byte[] b, int result, int id) {
        if (result != 0 && a != null && b != null) {
            Cmp.api(a, b);
        }
    }

    /** {@code exploreState(state, id)} before jazzer-api 0.26: each (id, state) pair is a cell of its own. */
    public static void tracePcIndir(int id, int state) {
        ExtraCountersTracker.explore(id, state);
    }
}
