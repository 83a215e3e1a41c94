// ConverterDate of opencsv 5.12.0, found by jvmfuzz (site
// NullPointerException@ConverterDate.getChronology(ConverterDate.java:265), filed as "contract"
// as an argument check of java.util.Objects.requireNonNull).
// The Javadoc of @CsvDate#chronology() says: "If a blank string or empty string is specified,
// the chronology is taken from the locale", and @CsvBindByName#locale() says "The default is
// indicated by an empty string". With no locale given, AbstractCsvConverter stores a null
// locale, and getChronology("", null) calls Chronology.ofLocale(null) -> NullPointerException.
// A plain annotated bean read through CsvToBeanBuilder (the normal entry point) fails; the same
// happens for a java.util.Date field, for which the chronology is documented to be ignored.
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... ConverterDateBlankChronologyNpe.java
import com.opencsv.bean.CsvBindByName;
import com.opencsv.bean.CsvDate;
import com.opencsv.bean.CsvToBeanBuilder;
import java.io.StringReader;
import java.time.LocalDate;
import java.util.Date;
import java.util.List;

public class ConverterDateBlankChronologyNpe {
    public static class Temporal {
        @CsvBindByName(column = "d")
        @CsvDate(value = "yyyy-MM-dd", chronology = "")
        public LocalDate d;
        public String toString() { return "Temporal[d=" + d + "]"; }
    }

    public static class OldDate {
        @CsvBindByName(column = "d")
        @CsvDate(value = "yyyy-MM-dd", chronology = "")
        public Date d;
        public String toString() { return "OldDate[d=" + d + "]"; }
    }

    public static class WithLocale {
        @CsvBindByName(column = "d", locale = "en-US")
        @CsvDate(value = "yyyy-MM-dd", chronology = "")
        public LocalDate d;
        public String toString() { return "WithLocale[d=" + d + "]"; }
    }

    @SuppressWarnings("unchecked")
    static void attempt(Class<?> type) {
        try {
            List<?> beans = new CsvToBeanBuilder<Object>(new StringReader("d\n2020-01-31\n"))
                    .withType((Class<Object>) type).build().parse();
            System.out.println(type.getSimpleName() + " -> " + beans);
        } catch (Throwable t) {
            System.out.println(type.getSimpleName() + " -> " + t);
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getClassName().startsWith("com.opencsv")) { System.out.println("    at " + e); break; }
            }
        }
    }

    public static void main(String[] args) {
        attempt(WithLocale.class);   // locale given: works
        attempt(Temporal.class);     // default locale: NPE
        attempt(OldDate.class);      // java.util.Date, chronology documented as ignored: NPE
    }
}
