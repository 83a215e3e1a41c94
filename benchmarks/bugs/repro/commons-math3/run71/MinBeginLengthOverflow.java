import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Min;

// Min.evaluate(values, begin, length) documents MathIllegalArgumentException for invalid
// index parameters, but MathArrays.verifyValues checks "begin + length > values.length"
// with int arithmetic; begin + length overflows to a negative number and the check passes.
public class MinBeginLengthOverflow {
    public static void main(String[] a) {
        double[] v = {1.0, 3.0, 2.0};
        // control: an invalid range without overflow is rejected as documented
        try { StatUtils.min(v, 2, 5); }
        catch (Throwable t) { System.out.println("StatUtils.min(v,2,5): " + t.getClass().getName()); }
        // overflow: begin past the end -> raw AIOOBE
        try { System.out.println(StatUtils.min(v, 5, Integer.MAX_VALUE)); }
        catch (Throwable t) { System.out.println("StatUtils.min(v,5,MAX_VALUE): " + t); }
        try { System.out.println(new Min().evaluate(v, 5, Integer.MAX_VALUE)); }
        catch (Throwable t) { System.out.println("new Min().evaluate(v,5,MAX_VALUE): " + t); }
        // overflow with begin inside the array: silently returns v[1] = 3.0 though v[0] = 1.0 is the minimum, no exception
        System.out.println("StatUtils.min(v,1,MAX_VALUE) = " + StatUtils.min(v, 1, Integer.MAX_VALUE));
    }
}
