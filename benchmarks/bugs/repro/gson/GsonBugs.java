// gson 2.15.0 (the newest release Maven Central serves here on 2026-11-30), found by
// `fuzz --package com.google.gson` (generated drivers; runs 55 and 57; the first three among the
// findings run 55 judged contract), and confirmed by hand (each has an open report
// upstream, none fixed in a release):
//  1. Gson.fromJson of a non-number as double, Double, float or Float throws the JDK's
//     NumberFormatException, where Gson.fromJson documents JsonSyntaxException for a text that
//     is no valid representation, and the int, long, BigDecimal and BigInteger adapters wrap it
//     so (google/gson#3108).
//  2. new JsonStreamParser("").hasNext() throws JsonIOException (an EOFException) instead of
//     answering false: a stream of no elements cannot be iterated (google/gson#1575).
//  3. Gson.toJsonTree of a finite number past double's range (new BigDecimal("1E400")) in strict
//     mode throws IllegalArgumentException "JSON forbids NaN and infinities", where toJson
//     writes 1E+400 (google/gson#3035).
//  4. Gson.fromJson("[1,null]", int[].class) (any primitive array) throws a bare
//     IllegalArgumentException from Array.set instead of JsonSyntaxException (found in run 57
//     as a bug; google/gson#3108 covers it too).
//   java -cp gson-2.15.0.jar GsonBugs.java
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonStreamParser;
import com.google.gson.Strictness;
import java.math.BigDecimal;

public class GsonBugs {
    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": returned");
        } catch (Throwable e) {
            System.out.println(what + ": threw " + e.getClass().getName() + ": "
                    + String.valueOf(e.getMessage()).split("\n")[0]);
        }
    }

    public static void main(String[] args) {
        Gson gson = new Gson();
        attempt("1. fromJson(\"\\\"abc\\\"\", double.class)", () -> gson.fromJson("\"abc\"", double.class));
        attempt("   fromJson(\"\\\"abc\\\"\", int.class) (for comparison)", () -> gson.fromJson("\"abc\"", int.class));
        attempt("2. new JsonStreamParser(\"\").hasNext()", () -> new JsonStreamParser("").hasNext());
        Gson strict = new GsonBuilder().setStrictness(Strictness.STRICT).create();
        attempt("3. strict toJsonTree(1E400)", () -> strict.toJsonTree(new BigDecimal("1E400")));
        attempt("   strict toJson(1E400) (for comparison)", () -> System.out.print(strict.toJson(new BigDecimal("1E400")) + " "));
        attempt("4. fromJson(\"[1,null]\", int[].class)", () -> gson.fromJson("[1,null]", int[].class));
        attempt("   fromJson(\"[1,null]\", Integer[].class) (for comparison)", () -> gson.fromJson("[1,null]", Integer[].class));
    }
}
