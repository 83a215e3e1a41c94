// Three bugs of joda-time 2.15.1 (the newest release Maven Central serves here on 2026-11-30),
// found by `fuzz --package org.joda.time` (generated drivers) and shrunk by hand. Each line says
// what the call threw, beside a call that works:
//   1. new DateTimeZoneBuilder().writeTo("UTC", out): ClassCastException. toDateTimeZone("UTC")
//      answers DateTimeZone.UTC, a UTCDateTimeZone, which writeTo's FixedDateTimeZone check
//      misses, and it casts it to PrecalculatedZone. Any other id is written.
//   2. DateTimeFormat.fullDateTime().parseDateTime(text): NullPointerException in
//      StyleFormatter.parseInto. The full style's pattern holds a zone name, so the formatter
//      has no parser, and parseInto uses the missing one; a formatter without a parser
//      otherwise says UnsupportedOperationException "Parsing not supported".
//   3. new DateTimeFormatterBuilder().append(printer, new DateTimeParser[0]):
//      ArrayIndexOutOfBoundsException (index 0, length 0); the Javadoc promises
//      IllegalArgumentException for a bad parser array, and checks only null and length 1.
//   java -cp joda-time-2.15.1.jar JodaThree.java
import java.io.ByteArrayOutputStream;
import org.joda.time.format.DateTimeFormat;
import org.joda.time.format.DateTimeFormatterBuilder;
import org.joda.time.format.DateTimeParser;
import org.joda.time.tz.DateTimeZoneBuilder;

public class JodaThree {
    interface Call {
        Object run() throws Exception;
    }

    static void attempt(String what, Call c) {
        try {
            c.run();
            System.out.println(what + ": ok");
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        attempt("writeTo(\"Europe/Foo\")", () -> { new DateTimeZoneBuilder().writeTo("Europe/Foo", new ByteArrayOutputStream()); return null; });
        attempt("writeTo(\"UTC\")", () -> { new DateTimeZoneBuilder().writeTo("UTC", new ByteArrayOutputStream()); return null; });
        attempt("mediumDateTime().parseDateTime(\"x\")", () -> DateTimeFormat.mediumDateTime().parseDateTime("x"));
        attempt("fullDateTime().parseDateTime(\"x\")", () -> DateTimeFormat.fullDateTime().parseDateTime("x"));
        attempt("append(printer, one null parser)", () -> new DateTimeFormatterBuilder().append(DateTimeFormat.fullDate().getPrinter(), new DateTimeParser[] {null}));
        attempt("append(printer, no parser)", () -> new DateTimeFormatterBuilder().append(DateTimeFormat.fullDate().getPrinter(), new DateTimeParser[0]));
    }
}
