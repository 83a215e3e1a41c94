import org.apache.commons.math3.fraction.Fraction;
import org.apache.commons.math3.fraction.FractionField;
import org.apache.commons.math3.linear.Array2DRowFieldMatrix;
import org.apache.commons.math3.linear.BlockFieldMatrix;
import org.apache.commons.math3.special.Gamma;

/** Run-75 commons-math3 3.6.1 bug reproducers; each case prints the exception it throws. */
public class Run75Bugs {
    interface Case { Object run() throws Throwable; }

    static void run(String name, Case c) {
        try {
            Object r = c.run();
            System.out.println(name + " -> returned " + r);
        } catch (Throwable t) {
            System.out.println(name + " -> " + t.getClass().getName()
                + (t.getMessage() == null ? "" : ": " + t.getMessage())
                + " at " + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?"));
        }
    }

    public static void main(String[] args) {
        // 4. BlockFieldMatrix.setSubMatrix(BlockFieldMatrix.java:789): FieldMatrix Javadoc promises NoDataException
        run("BlockFieldMatrix(2x2).setSubMatrix(new Fraction[0][], 0, 0)", () -> {
            new BlockFieldMatrix<Fraction>(FractionField.getInstance(), 2, 2)
                .setSubMatrix(new Fraction[0][], 0, 0);
            return null;
        });
        // contrast: the other FieldMatrix implementation throws the documented exception
        run("(contrast) Array2DRowFieldMatrix(2x2).setSubMatrix(new Fraction[0][], 0, 0)", () -> {
            new Array2DRowFieldMatrix<Fraction>(FractionField.getInstance(), 2, 2)
                .setSubMatrix(new Fraction[0][], 0, 0);
            return null;
        });
        // 5. Gamma.digamma(Gamma.java:447/466): recursion once per unit for negative x
        run("Gamma.digamma(-1.1517219314030583E164)", () -> Gamma.digamma(-1.1517219314030583E164));
        run("Gamma.digamma(-100000.5)", () -> Gamma.digamma(-100000.5));
        run("(contrast) Gamma.digamma(-1000.5)", () -> Gamma.digamma(-1000.5));
    }
}
