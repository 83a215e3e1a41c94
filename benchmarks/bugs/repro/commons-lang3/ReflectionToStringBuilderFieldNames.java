// ReflectionToStringBuilder.getExcludeFieldNames() and getIncludeFieldNames() of commons-lang3
// 3.22.0 (the newest release on 2026-11-26) return this.excludeFieldNames.clone() /
// this.includeFieldNames.clone() without a null check. Both fields are null until the matching
// setter is called with a non-null array (and setExcludeFieldNames(null) is documented to accept
// null), so the plain getters throw NullPointerException on a freshly built builder.
// Found by `fuzz --package org.apache.commons.lang3` (generated drivers, 2026-11-26).
//   javac -cp commons-lang3-3.22.0.jar ReflectionToStringBuilderFieldNames.java
//   java -cp commons-lang3-3.22.0.jar:. ReflectionToStringBuilderFieldNames
import java.util.Arrays;

import org.apache.commons.lang3.builder.ReflectionToStringBuilder;

public class ReflectionToStringBuilderFieldNames {
    interface Call {
        Object run();
    }

    static void call(String what, Call c) {
        try {
            Object r = c.run();
            System.out.println(what + ": " + (r instanceof String[] ? Arrays.toString((String[]) r) : r));
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        call("new ReflectionToStringBuilder(\"x\").getExcludeFieldNames()",
                () -> new ReflectionToStringBuilder("x").getExcludeFieldNames());
        call("new ReflectionToStringBuilder(\"x\").getIncludeFieldNames()",
                () -> new ReflectionToStringBuilder("x").getIncludeFieldNames());
        call("setExcludeFieldNames((String[]) null).getExcludeFieldNames()",
                () -> new ReflectionToStringBuilder("x").setExcludeFieldNames((String[]) null).getExcludeFieldNames());
        call("setExcludeFieldNames(\"a\").getExcludeFieldNames()",
                () -> new ReflectionToStringBuilder("x").setExcludeFieldNames("a").getExcludeFieldNames());
    }
}
