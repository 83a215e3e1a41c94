import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;

// Gauss-Legendre rules are computed recursively (computeRule(n) -> getRuleInternal(n-1) -> ...),
// one pair of frames per point, so a legal numberOfPoints overflows the stack.
public class LegendreStackOverflow {
    public static void main(String[] a) {
        int n = a.length > 0 ? Integer.parseInt(a[0]) : 13873;
        try {
            new GaussIntegratorFactory().legendre(n, 0.0, 1.0);
            System.out.println("legendre(" + n + ", 0, 1) ok");
        } catch (StackOverflowError e) {
            System.out.println("legendre(" + n + ", 0, 1): " + e + " top frame: " + e.getStackTrace()[0]);
        }
    }
}
