/*
 * Jazzer's @FuzzTest (jazzer-junit), same name and elements, so tests written for Jazzer's
 * JUnit integration run unchanged when jvmfuzz-junit replaces jazzer-junit on the test class
 * path. It runs them through jvmfuzz's extension; JAZZER_FUZZ=1 works like JVMFUZZ_FUZZ=1.
 */
package com.code_intelligence.jazzer.junit;

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
@ExtendWith(com.jvmfuzz.junit.FuzzTestExtension.class)
@Tag("jazzer")
public @interface FuzzTest {
    String maxDuration() default "5m";

    long maxExecutions() default 0;

    Lifecycle lifecycle() default Lifecycle.PER_TEST;
}
