import java.util.Locale;
import org.apache.commons.validator.routines.*;

/** BigDecimalValidator/PercentValidator/CurrencyValidator.validate(String) documents
 *  "@return The parsed BigDecimal if valid or null if invalid", but the string "NaN"
 *  (or the infinity symbol) makes them throw NumberFormatException from BigDecimal.valueOf(double). */
public class BigDecimalNaNRepro {
    static void tryIt(String what, java.util.concurrent.Callable<Object> c) {
        try { System.out.println(what + " -> " + c.call()); }
        catch (Throwable t) { System.out.println(what + " -> THROWS " + t); }
    }
    public static void main(String[] a) {
        tryIt("BigDecimalValidator.validate(\"NaN\", US)", () -> BigDecimalValidator.getInstance().validate("NaN", Locale.US));
        tryIt("BigDecimalValidator.validate(\"\\u221E\", US)", () -> BigDecimalValidator.getInstance().validate("\u221E", Locale.US));
        tryIt("BigDecimalValidator.isValid(\"NaN\", US)", () -> BigDecimalValidator.getInstance().isValid("NaN", Locale.US));
        tryIt("PercentValidator.validate(\"NaN\", US)", () -> PercentValidator.getInstance().validate("NaN", Locale.US));
        tryIt("CurrencyValidator.validate(\"NaN\", US)", () -> CurrencyValidator.getInstance().validate("NaN", Locale.US));
        tryIt("BigDecimalValidator.validate(\"12.5\", US)", () -> BigDecimalValidator.getInstance().validate("12.5", Locale.US));
        tryIt("DoubleValidator.validate(\"NaN\", US)", () -> DoubleValidator.getInstance().validate("NaN", Locale.US));
        tryIt("BigIntegerValidator.validate(\"NaN\", US)", () -> BigIntegerValidator.getInstance().validate("NaN", Locale.US));
        tryIt("LongValidator.validate(\"NaN\", US)", () -> LongValidator.getInstance().validate("NaN", Locale.US));
    }
}
