package grammarbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * commons-csv 1.14.1: the input parsed with CSVFormat.DEFAULT, RFC4180 and DEFAULT with the
 * first record as header, every record iterated and read. Documented bad-input exceptions:
 * IOException from parse (CSVException, a malformed file, is one) and UncheckedIOException from
 * the record iterator (it wraps the IOException of the lexer: e.g. EOF inside a quoted field);
 * with a header, IllegalArgumentException for a missing (empty) header name (the javadoc of
 * CSVFormat.Builder#setAllowMissingColumnNames and CSVParser's constructor). Anything else
 * escaping is a finding.
 */
public class CsvFuzzer {
    private static final CSVFormat HEADER =
        CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

    public static void fuzzerTestOneInput(byte[] data) {
        parse(data);
    }

    /** Whether the input parses with CSVFormat.DEFAULT (the replay counts these). */
    public static boolean parse(byte[] data) {
        String s = new String(data, StandardCharsets.UTF_8);
        boolean ok = parse(s, CSVFormat.DEFAULT, false);
        parse(s, CSVFormat.RFC4180, false);
        parse(s, HEADER, true);
        return ok;
    }

    private static boolean parse(String s, CSVFormat format, boolean header) {
        CSVParser parser;
        try {
            parser = CSVParser.parse(s, format);
        } catch (IOException | UncheckedIOException e) {
            return false;
        } catch (IllegalArgumentException e) {
            if (header) {
                return false; // a header name is missing
            }
            throw e;
        }
        try {
            for (CSVRecord r : parser) {
                for (int i = 0; i < r.size(); i++) {
                    r.get(i);
                }
                r.isConsistent();
                if (header) {
                    r.toMap();
                }
            }
        } catch (UncheckedIOException e) {
            return false; // a malformed record
        }
        return true;
    }
}
