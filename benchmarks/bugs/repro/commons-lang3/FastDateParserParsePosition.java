// FastDateFormat / FastDateParser of commons-lang3 3.22.0 (the newest release on 2026-11-26):
// parseObject(String, ParsePosition) returns null on a failed parse but leaves the ParsePosition
// index advanced past the digits it consumed. java.text.Format's contract is "if an error occurs,
// then the index of pos is not changed", and FastDateParser's own Javadoc tells callers to
// detect failure by checking whether the index moved. So every caller that relies on that
// contract treats the failure as success:
//  - FastDateFormat.parseObject("5x") (the inherited Format.parseObject(String)) returns null
//    instead of throwing ParseException (SimpleDateFormat throws);
//  - CompositeFormat.reformat, documented "@throws ParseException if the input cannot be parsed",
//    passes that null to the formatter and throws IllegalArgumentException("Unknown class: <null>");
//  - MessageFormat.parse with a FastDateFormat argument returns [null].
// Found by `fuzz --package org.apache.commons.lang3` (generated drivers, 2026-11-26).
//   javac -cp commons-lang3-3.22.0.jar FastDateParserParsePosition.java
//   java -cp commons-lang3-3.22.0.jar:. FastDateParserParsePosition
import java.text.MessageFormat;
import java.text.ParsePosition;
import java.text.SimpleDateFormat;
import java.util.Arrays;

import org.apache.commons.lang3.text.CompositeFormat;
import org.apache.commons.lang3.time.FastDateFormat;

@SuppressWarnings("deprecation")
public class FastDateParserParsePosition {
    interface Call {
        Object run() throws Exception;
    }

    static void call(String what, Call c) {
        try {
            Object r = c.run();
            System.out.println(what + ": " + (r instanceof Object[] ? Arrays.toString((Object[]) r) : r));
        } catch (Exception e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        FastDateFormat fast = FastDateFormat.getInstance("yyyy-MM-dd");
        SimpleDateFormat simple = new SimpleDateFormat("yyyy-MM-dd");
        ParsePosition p1 = new ParsePosition(0);
        call("SimpleDateFormat.parseObject(\"5x\", pos)", () -> simple.parseObject("5x", p1) + ", " + p1);
        ParsePosition p2 = new ParsePosition(0);
        call("FastDateFormat.parseObject(\"5x\", pos)", () -> fast.parseObject("5x", p2) + ", " + p2);
        call("SimpleDateFormat.parseObject(\"5x\")", () -> simple.parseObject("5x"));
        call("FastDateFormat.parseObject(\"5x\")", () -> fast.parseObject("5x"));
        call("new CompositeFormat(fast, fast).reformat(\"5x\")", () -> new CompositeFormat(fast, fast).reformat("5x"));
        call("new CompositeFormat(fast, fast).reformat(\"x\")", () -> new CompositeFormat(fast, fast).reformat("x"));
        MessageFormat mf = new MessageFormat("{0}");
        mf.setFormatByArgumentIndex(0, fast);
        call("MessageFormat(\"{0}\" with FastDateFormat).parse(\"5x\")", () -> mf.parse("5x"));
    }
}
