// The deprecated StrBuilder of commons-text 1.15.0 (the newest release on 2026-11-26) grows its
// buffer with int arithmetic that overflows for sizes near Integer.MAX_VALUE: where
// TextStringBuilder (its replacement) throws OutOfMemoryError, StrBuilder throws
// NegativeArraySizeException, IllegalArgumentException or ArrayIndexOutOfBoundsException.
// Found by `fuzz --package org.apache.commons.text` (generated drivers, 2026-11-26).
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar StrBuilderOverflow.java
//   java -Xmx512m -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar:. StrBuilderOverflow
import org.apache.commons.text.StrBuilder;
import org.apache.commons.text.TextStringBuilder;

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
        call("StrBuilder.appendPadding(MAX - 2, 'x')", () -> new StrBuilder("&").appendPadding(max - 2, 'x'));
        call("StrBuilder.appendFixedWidthPadLeft(1, MAX, ' ')", () -> new StrBuilder("ab").appendFixedWidthPadLeft(1, max, ' '));
        call("StrBuilder.appendFixedWidthPadRight(\"x\", MAX, ' ')", () -> new StrBuilder("abc").appendFixedWidthPadRight("x", max, ' '));
        call("TextStringBuilder.appendPadding(MAX - 2, 'x')", () -> new TextStringBuilder("&").appendPadding(max - 2, 'x'));
        call("TextStringBuilder.appendFixedWidthPadLeft(1, MAX, ' ')", () -> new TextStringBuilder("ab").appendFixedWidthPadLeft(1, max, ' '));
    }
}
