// Shows: ComplexFormat with a FractionFormat/BigFractionFormat (parses "1/2 + 1/3i" fine) leaks StringIndexOutOfBoundsException: -1 on parse("") instead of the documented MathParseException (default format gives MathParseException). Output on 3.6.1: FractionFormat, parse(""): java.lang.StringIndexOutOfBoundsException: String index out of range: -1
import org.apache.commons.math3.complex.ComplexFormat;
import org.apache.commons.math3.fraction.BigFractionFormat;
import org.apache.commons.math3.fraction.FractionFormat;
public class ComplexFormatFractionEmpty {
    public static void main(String[] args) {
        System.out.println("parse(\"1/2 + 1/3i\") = " + new ComplexFormat(new FractionFormat()).parse("1/2 + 1/3i"));
        try { new ComplexFormat().parse(""); } catch (Exception e) { System.out.println("default format, parse(\"\"): " + e.getClass().getSimpleName()); }
        try { new ComplexFormat(new FractionFormat()).parse(""); } catch (Exception e) { System.out.println("FractionFormat, parse(\"\"): " + e); }
        try { new ComplexFormat(new BigFractionFormat()).parse(""); } catch (Exception e) { System.out.println("BigFractionFormat, parse(\"\"): " + e); }
    }
}
