import org.apache.commons.math3.linear.Array2DRowFieldMatrix;
import org.apache.commons.math3.util.Decimal64;
import org.apache.commons.math3.util.Decimal64Field;
public class FieldMatrixEmptyCol {
  public static void main(String[] a) {
    Array2DRowFieldMatrix<Decimal64> m =
        new Array2DRowFieldMatrix<Decimal64>(Decimal64Field.getInstance(), new Decimal64[0]); // accepted, no exception
    System.out.println("rows=" + m.getRowDimension());
    System.out.println("cols=" + m.getColumnDimension()); // ArrayIndexOutOfBoundsException
  }
}
