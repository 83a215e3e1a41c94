// CSVReaderHeaderAware of opencsv 5.12.0, found by jvmfuzz (site
// java.lang.NullPointerException@com.opencsv.CSVReaderHeaderAware.initializeHeader(CSVReaderHeaderAware.java:140),
// filed as "bug").
// An empty CSV input (a zero-byte file) makes initializeHeader() do
//   String[] headers = super.readNextSilently();   // null at end of input
//   for (int i = 0; i < headers.length; i++)        // NullPointerException
// The public constructor CSVReaderHeaderAware(Reader) documents only
// "@throws IOException If there is an error when reading the header", and the builder documents a
// RuntimeException "if the header mapping cannot be initialized" (which it produces by wrapping the
// IOException for a malformed header). For empty input both instead fail with a raw NPE.
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:commons-text-1.13.1.jar:commons-beanutils-1.11.0.jar:\
//        commons-logging-1.3.5.jar:commons-collections-3.2.2.jar:commons-collections4-4.5.0.jar HeaderAwareEmptyInputNpe.java
// Expected output (opencsv 5.12.0, JDK 17):
//   new CSVReaderHeaderAware("a,b\n") -> OK, readMap() = null
//   new CSVReaderHeaderAware("") -> java.lang.NullPointerException: Cannot read the array length because "headers" is null
//       at com.opencsv.CSVReaderHeaderAware.initializeHeader(CSVReaderHeaderAware.java:140)
//   new CSVReaderHeaderAwareBuilder("").build() -> java.lang.NullPointerException: Cannot read the array length because "headers" is null
//       at com.opencsv.CSVReaderHeaderAware.initializeHeader(CSVReaderHeaderAware.java:140)
import com.opencsv.CSVReaderHeaderAware;
import com.opencsv.CSVReaderHeaderAwareBuilder;
import java.io.StringReader;

public class HeaderAwareEmptyInputNpe {
    interface Call { Object run() throws Exception; }

    static void attempt(String what, Call c) {
        try {
            Object r = c.run();
            System.out.println(what + " -> OK, " + r);
        } catch (Throwable t) {
            System.out.println(what + " -> " + t + "\n    at " + t.getStackTrace()[0]);
        }
    }

    public static void main(String[] args) {
        attempt("new CSVReaderHeaderAware(\"a,b\\n\")",
                () -> "readMap() = " + new CSVReaderHeaderAware(new StringReader("a,b\n")).readMap());
        attempt("new CSVReaderHeaderAware(\"\")", () -> new CSVReaderHeaderAware(new StringReader("")));
        attempt("new CSVReaderHeaderAwareBuilder(\"\").build()",
                () -> new CSVReaderHeaderAwareBuilder(new StringReader("")).build());
    }
}
