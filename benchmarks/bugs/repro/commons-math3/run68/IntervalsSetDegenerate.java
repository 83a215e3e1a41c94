// Shows IntervalsSet(lo,hi,tol) with hi-lo<=1e-10 (e.g. [0,0], documented as allowed: lower "lesser or equal" upper) makes getBoundarySize() throw MathInternalError (SubOrientedPoint.split hardcodes 1e-10, Characterization has no HYPER case); output on 3.6.1: [0,1] -> 0.0; [0,0] tol 1e-10, [0,0] tol 0, [0,1e-11] tol 1e-12, [5,5] tol 1e-3 -> MathInternalError "internal error, please fill a bug report"
import org.apache.commons.math3.geometry.euclidean.oned.IntervalsSet;
public class IntervalsSetDegenerate {
    static void run(double lo, double hi, double tol) {
        try { System.out.println("[" + lo + "," + hi + "] tol " + tol + ": boundarySize=" + new IntervalsSet(lo, hi, tol).getBoundarySize()); }
        catch (Throwable t) { System.out.println("[" + lo + "," + hi + "] tol " + tol + ": " + t); }
    }
    public static void main(String[] a) {
        run(0, 1, 1e-10);
        run(0, 0, 1e-10);
        run(0, 0, 0.0);
        run(0, 1e-11, 1e-12);
        run(5, 5, 1e-3);
    }
}
