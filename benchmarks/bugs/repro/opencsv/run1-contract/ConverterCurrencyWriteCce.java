// ConverterCurrency of opencsv 5.12.0, found by jvmfuzz (site
// ClassCastException@ConverterCurrency.convertToWrite(ConverterCurrency.java:61), filed as
// "contract" as a cast of an Object parameter).
// The method's own Javadoc documents this exact case:
//   "@throws CsvDataTypeMismatchException If the value is not a {@link java.util.Currency}"
// but the code does an unchecked cast `Currency c = (Currency) value;`, so a non-Currency value
// raises ClassCastException instead of the documented CsvDataTypeMismatchException (which
// opencsv's writers would otherwise route through their exception handling).
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... ConverterCurrencyWriteCce.java
import com.opencsv.bean.ConverterCurrency;
import java.util.Currency;
import java.util.Locale;

public class ConverterCurrencyWriteCce {
    public static void main(String[] args) {
        ConverterCurrency c = new ConverterCurrency(Locale.ROOT);
        try {
            System.out.println("convertToWrite(EUR) -> " + c.convertToWrite(Currency.getInstance("EUR")));
            System.out.println("convertToWrite(\"EUR\") -> " + c.convertToWrite("EUR"));
        } catch (Throwable t) {
            System.out.println("convertToWrite(\"EUR\") -> " + t + "\n    at " + t.getStackTrace()[0]
                    + "\n    (documented: CsvDataTypeMismatchException)");
        }
    }
}
