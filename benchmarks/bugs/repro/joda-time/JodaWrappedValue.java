// joda-time 2.15.1 (the newest release Maven Central serves here on 2026-11-30), found by
// `fuzz --package org.joda.time` (generated drivers; run 53) and shrunk by hand.
// FieldUtils.getWrappedValue(value, minValue, maxValue) documents only minValue < maxValue, but
// for the whole int range (Integer.MIN_VALUE to MAX_VALUE) its wrapRange = max - min + 1 is
// 2^32, 0 in an int, and value % wrapRange throws ArithmeticException "/ by zero" for every
// value (the four-argument overload goes through it). A narrower range wraps as documented.
//   java -cp joda-time-2.15.1.jar JodaWrappedValue.java
import org.joda.time.field.FieldUtils;

public class JodaWrappedValue {
    static void attempt(String what, java.util.function.IntSupplier s) {
        try {
            System.out.println(what + ": " + s.getAsInt());
        } catch (Throwable e) {
            System.out.println(what + ": threw " + e);
        }
    }

    public static void main(String[] args) {
        attempt("getWrappedValue(5, MIN_VALUE, MAX_VALUE)",
                () -> FieldUtils.getWrappedValue(5, Integer.MIN_VALUE, Integer.MAX_VALUE));
        attempt("getWrappedValue(-5, MIN_VALUE, MAX_VALUE)",
                () -> FieldUtils.getWrappedValue(-5, Integer.MIN_VALUE, Integer.MAX_VALUE));
        attempt("getWrappedValue(0, -49, MIN_VALUE, MAX_VALUE)",
                () -> FieldUtils.getWrappedValue(0, -49, Integer.MIN_VALUE, Integer.MAX_VALUE));
        attempt("getWrappedValue(-5, -10, 10) (for comparison)", () -> FieldUtils.getWrappedValue(-5, -10, 10));
    }
}
