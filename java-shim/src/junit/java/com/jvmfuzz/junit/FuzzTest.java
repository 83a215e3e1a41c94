/*
 * The annotation of a fuzz test: a JUnit 5 test method whose parameters are the fuzzer's input
 * (byte[], a FuzzedDataProvider, or typed values). `mvn test` replays its saved inputs; with
 * JVMFUZZ_FUZZ=1 it is fuzzed (see FuzzTestExtension).
 */
package com.jvmfuzz.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(FuzzTestExtension.class)
@Tag("fuzz")
public @interface FuzzTest {
    /** How long to fuzz in fuzz mode: "30s", "5m", "1h30m" (a bare number is seconds). */
    String maxDuration() default "5m";

    /** Stop after this many executions instead (0: no limit; the first budget met wins). */
    long maxExecutions() default 0;

    /** One execution running longer than this is a finding, with every thread's stack. */
    String timeout() default "10s";

    /**
     * PER_TEST (the default): one test instance, and one pass through @BeforeEach/@AfterEach,
     * for the whole run. PER_EXECUTION: a new instance, post-processed and passed through the
     * before-each and after-each methods and callbacks, for every execution while fuzzing.
     */
    Lifecycle lifecycle() default Lifecycle.PER_TEST;
}
