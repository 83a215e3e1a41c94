// Shows: copySubMatrix detects a too-small destination but builds the MatrixDimensionMismatchException from destination[0].length, so an empty destination gives ArrayIndexOutOfBoundsException. Output on 3.6.1: BlockRealMatrix.copySubMatrix(0,0,0,0,new double[0][]): java.lang.ArrayIndexOutOfBoundsException: Index 0 out of bounds for length 0 top=...AbstractRealMatrix.copySubMatrix(AbstractRealMatrix.java:351)
import org.apache.commons.math3.linear.*;
public class CopySubMatrixEmptyDest {
    public static void main(String[] args) {
        RealMatrix m = new BlockRealMatrix(2, 2);
        try { m.copySubMatrix(0, 0, 0, 0, new double[0][]); System.out.println("ok"); }
        catch (Exception e) { System.out.println("BlockRealMatrix.copySubMatrix(0,0,0,0,new double[0][]): " + e + " top=" + e.getStackTrace()[0]); }
        try { new Array2DRowRealMatrix(2, 2).copySubMatrix(0, 1, 0, 1, new double[0][]); System.out.println("ok"); }
        catch (Exception e) { System.out.println("Array2DRowRealMatrix.copySubMatrix(0,1,0,1,new double[0][]): " + e + " top=" + e.getStackTrace()[0]); }
        try { m.copySubMatrix(0, 1, 0, 1, new double[1][2]); }
        catch (Exception e) { System.out.println("destination 1x2 (too small, non-empty): " + e.getClass().getSimpleName()); }
    }
}
