/* An integral fuzz-test value within [min, max] (both included). */
package com.jvmfuzz.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target({ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface InRange {
    long min() default Long.MIN_VALUE;

    long max() default Long.MAX_VALUE;
}
