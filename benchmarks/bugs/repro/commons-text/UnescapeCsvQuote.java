// A StringEscapeUtils.unescapeCsv failure of commons-text 1.15.0 (the newest release on
// 2026-11-26), found by `fuzz --package org.apache.commons.text` (generated drivers,
// 2026-11-26): a lone double quote starts and ends with a quote, so the unescaper strips both
// with subSequence(1, 0) (StringIndexOutOfBoundsException: begin 1, end 0, length 1).
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar UnescapeCsvQuote.java
//   java -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar:. UnescapeCsvQuote
import org.apache.commons.text.StringEscapeUtils;

public class UnescapeCsvQuote {
    public static void main(String[] args) {
        for (String input : new String[] {"\"\"", "\"a\"", "\""}) {
            try {
                System.out.println("unescapeCsv(" + input + "): " + StringEscapeUtils.unescapeCsv(input));
            } catch (RuntimeException e) {
                System.out.println("unescapeCsv(" + input + "): " + e);
            }
        }
    }
}
