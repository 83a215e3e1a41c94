/* A collection, map or array fuzz-test value whose size is within [min, max]. */
package com.jvmfuzz.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target({ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface WithSize {
    int min() default 0;

    int max() default 1000;
}
