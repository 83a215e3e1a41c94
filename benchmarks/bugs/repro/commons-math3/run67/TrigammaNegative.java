// Shows: Gamma.trigamma recurses once per unit for negative x: trigamma(-10000.5) -> StackOverflowError (and never terminates for |x|>=2^53 where x+1==x). Output on 3.6.1: trigamma(-10.5) = 9.778757739814745; trigamma(-10000.5): java.lang.StackOverflowError top=...Gamma.trigamma(Gamma.java:498)
import org.apache.commons.math3.special.Gamma;
public class TrigammaNegative {
    public static void main(String[] args) {
        System.out.println("trigamma(-10.5) = " + Gamma.trigamma(-10.5));
        for (double x : new double[] {-1e4 - 0.5, -1e5 - 0.5, -1e6 - 0.5, -1e17}) {
            try { System.out.println("trigamma(" + x + ") = " + Gamma.trigamma(x)); }
            catch (StackOverflowError e) { System.out.println("trigamma(" + x + "): " + e + " top=" + e.getStackTrace()[0]); }
        }
    }
}
