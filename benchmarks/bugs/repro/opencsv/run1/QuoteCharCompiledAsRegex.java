// AbstractCSVParser of opencsv 5.12.0, found by jvmfuzz (site
// com.jvmfuzz.shim.detectors.SecurityIssue@com.opencsv.AbstractCSVParser.<init>(AbstractCSVParser.java:81),
// regex-injection detector, filed as "bug").
// The constructor does  this.quoteMatcherPattern = Pattern.compile(quotecharAsString);
// i.e. it compiles the configured quote *character* as a regular expression without quoting it
// (Pattern.quote), and CSVParser.convertToCsvValue later uses it with replaceAll(quote + quote)
// without Matcher.quoteReplacement. The quote character is documented only as "The character to use
// for quoted elements"; CSVParser rejects only NUL/duplicate special characters. So:
//  * a regex metacharacter as quote ('*', '(', '[', '+', '?', '\\') makes CSVParserBuilder.build()
//    throw an undocumented PatternSyntaxException from AbstractCSVParser.<init>:81;
//  * '.', '|', '^' build fine but silently corrupt every written field containing the quote char;
//  * '$' builds, then writing a field containing '$' throws "Illegal group reference".
// The same constructor is reached through CsvToBeanBuilder.withQuoteChar(...).build() and
// RFC4180ParserBuilder.withQuoteChar(...).build() (RFC4180Parser also extends AbstractCSVParser).
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... QuoteCharCompiledAsRegex.java
// Expected output (opencsv 5.12.0, JDK 17):
//   quote '\'' -> a'b written as: 'a''b','c'
//   quote '*' -> java.util.regex.PatternSyntaxException: Dangling meta character '*' near index 0 * ^
//       at java.base/java.util.regex.Pattern.error(Pattern.java:2055) ... at com.opencsv.AbstractCSVParser.<init>(AbstractCSVParser.java:81)
//   quote '(' -> java.util.regex.PatternSyntaxException: Unclosed group near index 1 (
//       at java.base/java.util.regex.Pattern.error(Pattern.java:2055) ... at com.opencsv.AbstractCSVParser.<init>(AbstractCSVParser.java:81)
//   quote '\\' -> java.util.regex.PatternSyntaxException: Unexpected internal error near index 1 \
//       at java.base/java.util.regex.Pattern.error(Pattern.java:2055) ... at com.opencsv.AbstractCSVParser.<init>(AbstractCSVParser.java:81)
//   quote '.' -> a.b written as: ........,.c.          (correct would be .a..b.,.c.)
//   quote '|' -> a|b written as: |||a|||||b|||,|c|     (correct would be |a||b|,|c|)
//   quote '$' -> java.lang.IllegalArgumentException: Illegal group reference
//       at java.base/java.util.regex.Matcher.appendExpandedReplacement(Matcher.java:1067) ... at com.opencsv.CSVParser.convertToCsvValue(CSVParser.java:187)
import com.opencsv.CSVParserBuilder;
import com.opencsv.CSVWriterBuilder;
import com.opencsv.ICSVParser;
import com.opencsv.ICSVWriter;
import java.io.StringWriter;

public class QuoteCharCompiledAsRegex {
    static void attempt(char q) {
        String label = "quote '" + (q == '\'' ? "\\'" : q == '\\' ? "\\\\" : String.valueOf(q)) + "'";
        try {
            ICSVParser p = new CSVParserBuilder().withQuoteChar(q).withEscapeChar('#').build();
            StringWriter sw = new StringWriter();
            ICSVWriter w = new CSVWriterBuilder(sw).withParser(p).build();
            w.writeNext(new String[]{"a" + q + "b", "c"}, true);
            w.flush();
            System.out.println(label + " -> a" + q + "b written as: " + sw.toString().trim());
        } catch (Throwable t) {
            System.out.println(label + " -> " + t.toString().replace('\n', ' ') + "\n    at " + t.getStackTrace()[0]
                    + (t.getStackTrace()[0].getClassName().startsWith("java.") ? " ... " + firstOpencsvFrame(t) : ""));
        }
    }

    static String firstOpencsvFrame(Throwable t) {
        for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("com.opencsv")) return "at " + e;
        return "";
    }

    public static void main(String[] args) {
        for (char q : new char[]{'\'', '*', '(', '\\', '.', '|', '$'}) attempt(q);
    }
}
