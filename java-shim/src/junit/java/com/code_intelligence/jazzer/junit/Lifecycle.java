/* Jazzer's fuzz-test lifecycle (jazzer-junit), for source compatibility. jvmfuzz runs every
 * fuzz test PER_TEST: one test instance for all executions. */
package com.code_intelligence.jazzer.junit;

public enum Lifecycle {
    PER_TEST,
    PER_EXECUTION,
}
