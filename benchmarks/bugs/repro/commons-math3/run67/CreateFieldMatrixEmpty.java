// Shows: MatrixUtils.createFieldMatrix(new Fraction[0][]) reads data[0] -> ArrayIndexOutOfBoundsException; Javadoc promises NoDataException (Array2DRowFieldMatrix(T[][]) gives it). Output on 3.6.1: java.lang.ArrayIndexOutOfBoundsException: Index 0 out of bounds for length 0 top=...MatrixUtils.createFieldMatrix(MatrixUtils.java:159)
import org.apache.commons.math3.fraction.Fraction;
import org.apache.commons.math3.linear.*;
public class CreateFieldMatrixEmpty {
    public static void main(String[] args) {
        try { new Array2DRowFieldMatrix<Fraction>(new Fraction[0][]); }
        catch (Exception e) { System.out.println("new Array2DRowFieldMatrix(new Fraction[0][]): " + e.getClass().getSimpleName()); }
        try { MatrixUtils.createFieldMatrix(new Fraction[0][]); System.out.println("ok"); }
        catch (Exception e) { System.out.println("MatrixUtils.createFieldMatrix(new Fraction[0][]): " + e + " top=" + e.getStackTrace()[0]); }
    }
}
