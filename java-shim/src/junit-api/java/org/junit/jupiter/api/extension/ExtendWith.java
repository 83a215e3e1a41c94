package org.junit.jupiter.api.extension;

import java.lang.annotation.*;

@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface ExtendWith {
    Class<? extends Extension>[] value();
}
