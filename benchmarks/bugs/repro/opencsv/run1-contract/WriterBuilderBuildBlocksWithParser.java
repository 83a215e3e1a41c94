// CSVWriterBuilder of opencsv 5.12.0, found by jvmfuzz (site
// IllegalArgumentException@CSVWriterBuilder.withParser(CSVWriterBuilder.java:67), filed as
// "contract" as withParser's documented IllegalArgumentException).
// withParser is documented to throw "If a separator, quote or escape character has been set".
// None is set here; but build() (createCSVWriter) writes the defaults into the builder's own
// separator/quotechar/escapechar fields, so after one build() a builder on which the caller
// never called withSeparator/withQuoteChar/withEscapeChar refuses withParser. build() has a
// hidden side effect on the builder's configuration that contradicts the documented condition.
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... WriterBuilderBuildBlocksWithParser.java
import com.opencsv.CSVParserBuilder;
import com.opencsv.CSVWriterBuilder;
import java.io.StringWriter;

public class WriterBuilderBuildBlocksWithParser {
    public static void main(String[] args) {
        CSVWriterBuilder fresh = new CSVWriterBuilder(new StringWriter());
        fresh.withParser(new CSVParserBuilder().build());
        System.out.println("fresh builder: withParser -> ok, build() -> " + fresh.build().getClass().getSimpleName());

        CSVWriterBuilder used = new CSVWriterBuilder(new StringWriter());
        System.out.println("second builder: build() -> " + used.build().getClass().getSimpleName()
                + " (no separator/quote/escape set by the caller)");
        try {
            used.withParser(new CSVParserBuilder().build());
            System.out.println("second builder: withParser -> ok");
        } catch (IllegalArgumentException e) {
            System.out.println("second builder: withParser -> " + e + "\n    at " + e.getStackTrace()[0]);
        }
    }
}
