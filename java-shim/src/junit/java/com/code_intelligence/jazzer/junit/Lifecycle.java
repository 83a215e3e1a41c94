/* Jazzer's fuzz-test lifecycle (jazzer-junit), for source compatibility: PER_EXECUTION gives
 * every execution its own test instance and per-test lifecycle (com.jvmfuzz.junit.PerExecution). */
package com.code_intelligence.jazzer.junit;

public enum Lifecycle {
    PER_TEST,
    PER_EXECUTION,
}
