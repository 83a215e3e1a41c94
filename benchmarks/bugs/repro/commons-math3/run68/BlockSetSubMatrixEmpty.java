// Shows BlockRealMatrix.setSubMatrix(new double[0][],0,0) leaks AIOOBE where RealMatrix documents NoDataException; output on 3.6.1: "Array2DRowRealMatrix: ...NoDataException: matrix must have at least one row" / "BlockRealMatrix: java.lang.ArrayIndexOutOfBoundsException: Index 0 out of bounds for length 0"
import org.apache.commons.math3.linear.*;
public class BlockSetSubMatrixEmpty {
    public static void main(String[] a) {
        try { new Array2DRowRealMatrix(2, 2).setSubMatrix(new double[0][], 0, 0); }
        catch (Throwable t) { System.out.println("Array2DRowRealMatrix: " + t); }
        try { new BlockRealMatrix(2, 2).setSubMatrix(new double[0][], 0, 0); }
        catch (Throwable t) { System.out.println("BlockRealMatrix: " + t); }
    }
}
