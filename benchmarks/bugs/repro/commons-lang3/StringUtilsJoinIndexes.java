// StringUtils.join with a start/end index, commons-lang3 3.22.0 (the newest release on
// 2026-11-26). The Javadoc of join(Object[], String, int, int) says it throws
// ArrayIndexOutOfBoundsException if startIndex < 0, startIndex >= array.length, endIndex < 0 or
// endIndex > array.length, and the primitive overloads check their indexes and throw it. But:
//  - join(Object[], String|char, int, int) passes startIndex to Stream.skip: a negative start
//    throws IllegalArgumentException("-1") and an end past the array is silently ignored;
//  - join(char[], char, int, int) checks only startIndex >= 0 and endIndex <= length, then
//    computes endIndex - startIndex, which overflows for a start past the end and a very negative
//    end: the positive difference sizes a StringBuilder and it throws NegativeArraySizeException;
//  - join(List, char, int, int) returns "" for any endIndex < startIndex, except where
//    endIndex - startIndex overflows to a positive count: List.subList then throws
//    IllegalArgumentException (found 2026-11-26, later the same day); join(List, String, int,
//    int) does the same (found 2026-11-26, a later run).
// Found by `fuzz --package org.apache.commons.lang3` (generated drivers, 2026-11-26).
//   javac -cp commons-lang3-3.22.0.jar StringUtilsJoinIndexes.java
//   java -cp commons-lang3-3.22.0.jar:. StringUtilsJoinIndexes
import org.apache.commons.lang3.StringUtils;

public class StringUtilsJoinIndexes {
    interface Call {
        Object run();
    }

    static void call(String what, Call c) {
        try {
            System.out.println(what + ": \"" + c.run() + "\"");
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        Object[] objects = {"a", "b"};
        call("join(int[] {1, 2}, ',', -1, 2) (for comparison)", () -> StringUtils.join(new int[] {1, 2}, ',', -1, 2));
        call("join(Object[] {\"a\", \"b\"}, \",\", -1, 2)", () -> StringUtils.join(objects, ",", -1, 2));
        call("join(Object[] {\"a\", \"b\"}, ',', -1, 2)", () -> StringUtils.join(objects, ',', -1, 2));
        call("join(Object[] {\"a\", \"b\"}, \",\", 0, 5)", () -> StringUtils.join(objects, ",", 0, 5));
        call("join(char[] {'a'}, ',', 10000, Integer.MIN_VALUE)",
                () -> StringUtils.join(new char[] {'a'}, ',', 10000, Integer.MIN_VALUE));
        java.util.List<Object> none = new java.util.ArrayList<>();
        call("join(List [], ',', 7, 3) (for comparison)", () -> StringUtils.join(none, ',', 7, 3));
        call("join(List [], ',', 7, Integer.MIN_VALUE)", () -> StringUtils.join(none, ',', 7, Integer.MIN_VALUE));
        call("join(List [], \",\", 7, Integer.MIN_VALUE)", () -> StringUtils.join(none, ",", 7, Integer.MIN_VALUE));
    }
}
