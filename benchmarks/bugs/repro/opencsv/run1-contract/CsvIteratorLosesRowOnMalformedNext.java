// CSVIterator of opencsv 5.12.0, found by jvmfuzz (site
// java.util.NoSuchElementException@CSVIterator.next(CSVIterator.java:69), filed as "contract"
// as Iterator.next's documented NoSuchElementException).
// CSVIterator reads one record ahead: next() saves the already-read record, then reads the
// following one and, if that read fails (a malformed record), throws NoSuchElementException
// and drops the saved, perfectly valid record. So hasNext() returns true - its Javadoc says
// "returns true if next() would return an element rather than throwing an exception" - and
// next() then throws "no such element" although an element exists; the valid first row is
// never delivered. CSVReader.readNext() on the same data returns the first row and only then
// reports the malformed second one. Reached through the normal entry point
// CSVReader.iterator() / for-each over a CSVReader.
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... CsvIteratorLosesRowOnMalformedNext.java
import com.opencsv.CSVReader;
import java.io.StringReader;
import java.util.Arrays;
import java.util.Iterator;

public class CsvIteratorLosesRowOnMalformedNext {
    public static void main(String[] args) throws Exception {
        String data = "a,b\nc,\"unterminated\n";

        CSVReader direct = new CSVReader(new StringReader(data));
        System.out.println("readNext #1 -> " + Arrays.toString(direct.readNext()));
        try {
            direct.readNext();
        } catch (Exception e) {
            System.out.println("readNext #2 -> " + e);
        }

        Iterator<String[]> it = new CSVReader(new StringReader(data)).iterator();
        System.out.println("iterator hasNext() -> " + it.hasNext());
        try {
            System.out.println("iterator next() -> " + Arrays.toString(it.next()));
        } catch (Exception e) {
            System.out.println("iterator next() -> " + e + "\n    at " + e.getStackTrace()[0]
                    + "\n    (row [a, b] was read but never returned)");
        }
    }
}
