/* How often a fuzz test's instance goes through JUnit's per-test lifecycle while fuzzed
 * (@FuzzTest's lifecycle; Jazzer's enum of the same name means the same). */
package com.jvmfuzz.junit;

public enum Lifecycle {
    /* One instance, one pass through @BeforeEach/@AfterEach, for the whole run. */
    PER_TEST,
    /* A new instance through the whole per-test lifecycle for every execution (PerExecution). */
    PER_EXECUTION,
}
