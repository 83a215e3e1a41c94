import java.util.Locale;
import org.apache.commons.validator.routines.*;

/** BigIntegerValidator, BigDecimalValidator and PercentValidator.validate(String) document
 *  "@return The parsed ... if valid or null if invalid", but a number with an exponent past
 *  what BigInteger holds ("2487E5555555555") makes them throw ArithmeticException ("BigInteger
 *  would overflow supported range") from BigDecimal.toBigInteger or setScale: DecimalFormat,
 *  set to parse BigDecimals, accepts the exponent. */
public class BigNumberExponentRepro {
    static void tryIt(String what, java.util.concurrent.Callable<Object> c) {
        try { System.out.println(what + " -> " + c.call()); }
        catch (Throwable t) { System.out.println(what + " -> THROWS " + t); }
    }
    public static void main(String[] a) {
        tryIt("BigIntegerValidator.validate(\"2487E5555555555\", US)", () -> BigIntegerValidator.getInstance().validate("2487E5555555555", Locale.US));
        tryIt("BigIntegerValidator.isValid(\"2487E5555555555\", US)", () -> BigIntegerValidator.getInstance().isValid("2487E5555555555", Locale.US));
        tryIt("PercentValidator.validate(\"-32200000E-32200000000\", US)", () -> PercentValidator.getInstance().validate("-32200000E-32200000000", Locale.US));
        tryIt("BigIntegerValidator.validate(\"2487E5\", US)", () -> BigIntegerValidator.getInstance().validate("2487E5", Locale.US));
        tryIt("LongValidator.validate(\"2487E5555555555\", US)", () -> LongValidator.getInstance().validate("2487E5555555555", Locale.US));
    }
}
