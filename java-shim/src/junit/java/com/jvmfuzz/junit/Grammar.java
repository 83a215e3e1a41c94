/*
 * A String, CharSequence or byte[] fuzz-test value derived from a grammar: an ANTLR 4 .g4 file
 * or a LibAFL Nautilus .json file, its path relative to the project folder (where Maven runs
 * the tests). The input's bytes choose the derivation, so every value is well-formed.
 */
package com.jvmfuzz.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target({ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Grammar {
    /** The grammar file, e.g. {@code "src/test/resources/sql.g4"}. */
    String value();

    /** The rule values derive from; empty: the grammar's first parser rule. */
    String start() default "";
}
