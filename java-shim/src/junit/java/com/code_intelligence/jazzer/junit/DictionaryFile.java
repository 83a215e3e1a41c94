/* Jazzer's dictionary file for a fuzz test (jazzer-junit): a class-path resource in AFL/libFuzzer format. */
package com.code_intelligence.jazzer.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Repeatable(DictionaryFileList.class)
public @interface DictionaryFile {
    String resourcePath();
}
