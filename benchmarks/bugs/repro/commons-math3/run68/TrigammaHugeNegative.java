// Shows Gamma.trigamma recursing once per unit for negative x (x+1==x for huge x: infinite recursion); output on 3.6.1 (-Xss512k): trigamma(-0.5) = 8.934802200544613 / trigamma(-5.486e303): java.lang.StackOverflowError at ...Gamma.trigamma(Gamma.java:498)
import org.apache.commons.math3.special.Gamma;
public class TrigammaHugeNegative {
    public static void main(String[] a) {
        System.out.println("trigamma(-0.5) = " + Gamma.trigamma(-0.5));
        try { System.out.println(Gamma.trigamma(-5.4861240687936887E303)); }
        catch (StackOverflowError e) { System.out.println("trigamma(-5.486e303): " + e + " at " + e.getStackTrace()[0]); }
    }
}
