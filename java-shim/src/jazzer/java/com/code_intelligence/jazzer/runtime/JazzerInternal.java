/*
 * Jazzer's API (com.code_intelligence.jazzer.api.Jazzer, from the harness's own jazzer-api jar)
 * looks up its run-time half by name in this package when it initialises, and is a no-op when
 * the classes are missing. jvmfuzz puts these classes on the boot class path, so a harness's
 * calls to the API reach the fuzzer. Method names and types are exactly those the API looks up
 * (jazzer-api 0.24 to 0.30): a class found with a method missing makes the API exit the JVM.
 */
package com.code_intelligence.jazzer.runtime;

import com.jvmfuzz.shim.fuzz.Runner;

public final class JazzerInternal {
    private JazzerInternal() {}

    /** {@code Jazzer.onFuzzTargetReady}: run once, after fuzzerInitialize, before the first input. */
    public static void registerOnFuzzTargetReadyCallback(Runnable callback) {
        Runner.onReady(callback);
    }

    /**
     * {@code Jazzer.reportFindingFromHook}: the finding is reported for the current input even
     * if the target catches what this throws.
     */
    public static void reportFindingFromHook(Throwable finding) {
        Runner.reportFromHook(finding);
    }
}
