// The deprecated org.apache.commons.lang3.text.StrBuilder of commons-lang3 3.22.0 (the newest
// release on 2026-11-26) grows its buffer with int arithmetic that overflows for sizes near
// Integer.MAX_VALUE (the same defect as commons-text's StrBuilder): ensureCapacity computes
// capacity * 2 and throws NegativeArraySizeException above 2^30 instead of growing less or
// throwing OutOfMemoryError; appendFixedWidthPadRight/PadLeft compute size + width, which
// overflows, so no growth happens and Arrays.fill gets a negative end (IllegalArgumentException);
// appendPadding writes past the buffer (ArrayIndexOutOfBoundsException). The Javadoc allows any
// width ("zero or negative has no effect").
// Found by `fuzz --package org.apache.commons.lang3` (generated drivers, 2026-11-26).
//   javac -cp commons-lang3-3.22.0.jar StrBuilderOverflow.java
//   java -Xmx512m -cp commons-lang3-3.22.0.jar:. StrBuilderOverflow
import org.apache.commons.lang3.text.StrBuilder;

@SuppressWarnings("deprecation")
public class StrBuilderOverflow {
    interface Call {
        Object run();
    }

    static void call(String what, Call c) {
        try {
            c.run();
            System.out.println(what + ": returned");
        } catch (RuntimeException | OutOfMemoryError e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE;
        call("StrBuilder.ensureCapacity(2^30 + 1)", () -> new StrBuilder().ensureCapacity((1 << 30) + 1));
        call("StrBuilder(\"ab\").appendFixedWidthPadRight(\"\", MAX - 1, ' ')",
                () -> new StrBuilder("ab").appendFixedWidthPadRight("", max - 1, ' '));
        call("StrBuilder(\"ab\").appendFixedWidthPadLeft(\"\", MAX - 1, ' ')",
                () -> new StrBuilder("ab").appendFixedWidthPadLeft("", max - 1, ' '));
        call("StrBuilder(\"ab\").appendPadding(MAX - 1, ' ')", () -> new StrBuilder("ab").appendPadding(max - 1, ' '));
    }
}
