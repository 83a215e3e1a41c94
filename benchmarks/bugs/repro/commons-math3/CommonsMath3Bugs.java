// commons-math3 3.6.1 (org.apache.commons.math3, the newest release of commons-math3, 2016),
// found by `fuzz --package org.apache.commons.math3` (generated drivers; run 63, the library's
// first run), triaged from the sources and confirmed on 3.6.1. Each line is a call a user can
// make, beside a call that shows what the library does or promises for its neighbours:
//  1. ArrayFieldVector.getEntry past the end: ArrayIndexOutOfBoundsException where
//     FieldVector.getEntry promises OutOfRangeException (setEntry and ArrayRealVector do so).
//  2. Mean.evaluate(values, weights, begin, length) with a negative begin, or a range past the
//     end: ArrayIndexOutOfBoundsException; the Javadoc promises MathIllegalArgumentException,
//     which the unweighted evaluate throws.
//  3. Percentile.evaluate(values, begin, length) with a range whose end overflows int: an
//     OutOfMemoryError or an ArrayIndexOutOfBoundsException where MathIllegalArgumentException
//     is promised (Mean.evaluate returns 0.0).
//  4. MathArrays.isMonotonic / checkOrder of an empty array, and so GaussIntegrator of empty
//     points: ArrayIndexOutOfBoundsException (one element is monotonic).
//  5. MathArrays.linearCombination of two empty arrays: ArrayIndexOutOfBoundsException (MATH-1005
//     fixed the one-element case in 3.2).
//  6. new MersenneTwister(new int[0]): ArrayIndexOutOfBoundsException, where Well19937c accepts
//     an empty seed.
//  7. BesselJ.value(-2.5, 1.0): NegativeArraySizeException, where value(-1.5, 1.0) gives the
//     documented MathIllegalArgumentException.
//  8. new GaussIntegratorFactory().legendre(3000): StackOverflowError (the rules are built
//     recursively, one frame per point; Hipparchus #61).
//  9. new VectorialCovariance(46341, true): NegativeArraySizeException from an int overflow of
//     dimension * (dimension + 1) / 2, a size that fits an int.
// 10. new BigFractionFormat().parse("") and new Vector1DFormat().parse(""):
//     StringIndexOutOfBoundsException where MathParseException is promised (parse("x") gives it).
// 11. new NaturalRanking().rank(new double[0]): ArrayIndexOutOfBoundsException.
// 12. new AdamsMoultonIntegrator(0, 1e-6, 1.0, new double[] {1e-8}, new double[] {1e-8}):
//     NegativeArraySizeException; the scalar-tolerance constructor checks nSteps.
// 13. new KolmogorovSmirnovTest().kolmogorovSmirnovTest({0, 1e-10}, {1e7, 1e7}): MathInternalError
//     ("please fill a bug report"): the jitter that breaks ties is sized from the smallest gap
//     (MATH-1405; found in run 64).
//   java -Xss1m -cp commons-math3-3.6.1.jar CommonsMath3Bugs.java
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.fraction.BigFractionFormat;
import org.apache.commons.math3.fraction.Fraction;
import org.apache.commons.math3.geometry.euclidean.oned.Vector1DFormat;
import org.apache.commons.math3.linear.ArrayFieldVector;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.ode.nonstiff.AdamsMoultonIntegrator;
import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.special.BesselJ;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.VectorialCovariance;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.util.MathArrays;

public class CommonsMath3Bugs {
    interface Call {
        Object run() throws Exception;
    }

    static void attempt(String what, Call c) {
        try {
            System.out.println(what + ": returned " + c.run());
        } catch (Throwable e) {
            System.out.println(what + ": threw " + e.getClass().getName() + ": "
                    + String.valueOf(e.getMessage()).split("\n")[0]);
        }
    }

    public static void main(String[] args) {
        Fraction[] two = {Fraction.ONE, Fraction.TWO};
        attempt("1. new ArrayFieldVector<Fraction>({1, 2}).getEntry(2)", () -> new ArrayFieldVector<Fraction>(two).getEntry(2));
        attempt("   new ArrayRealVector(2).getEntry(2) (for comparison)", () -> new ArrayRealVector(2).getEntry(2));
        double[] v = {1, 2, 3};
        double[] w = {1, 1, 1};
        attempt("2. new Mean().evaluate({1,2,3}, {1,1,1}, -1, 2)", () -> new Mean().evaluate(v, w, -1, 2));
        attempt("   new Mean().evaluate({1,2,3}, -1, 2) (for comparison)", () -> new Mean().evaluate(v, -1, 2));
        attempt("3. new Percentile().evaluate({1,2,3}, Integer.MAX_VALUE, 2)", () -> new Percentile().evaluate(v, Integer.MAX_VALUE, 2));
        attempt("   new Percentile().evaluate({1,2,3}, 2, 5) (for comparison)", () -> new Percentile().evaluate(v, 2, 5));
        attempt("4. MathArrays.isMonotonic(new double[0], INCREASING, true)",
                () -> MathArrays.isMonotonic(new double[0], MathArrays.OrderDirection.INCREASING, true));
        attempt("   MathArrays.isMonotonic({1}, INCREASING, true) (for comparison)",
                () -> MathArrays.isMonotonic(new double[] {1}, MathArrays.OrderDirection.INCREASING, true));
        attempt("5. MathArrays.linearCombination(new double[0], new double[0])",
                () -> MathArrays.linearCombination(new double[0], new double[0]));
        attempt("6. new MersenneTwister(new int[0]).nextInt()", () -> new MersenneTwister(new int[0]).nextInt());
        attempt("   new Well19937c(new int[0]).nextInt() (for comparison)", () -> new Well19937c(new int[0]).nextInt());
        attempt("7. BesselJ.value(-2.5, 1.0)", () -> BesselJ.value(-2.5, 1.0));
        attempt("   BesselJ.value(-1.5, 1.0) (for comparison)", () -> BesselJ.value(-1.5, 1.0));
        attempt("8. new GaussIntegratorFactory().legendre(3000)", () -> new GaussIntegratorFactory().legendre(3000));
        attempt("9. new VectorialCovariance(46341, true)", () -> new VectorialCovariance(46341, true));
        attempt("10. new BigFractionFormat().parse(\"\")", () -> new BigFractionFormat().parse(""));
        attempt("    new Vector1DFormat().parse(\"\")", () -> new Vector1DFormat().parse(""));
        attempt("    new BigFractionFormat().parse(\"x\") (for comparison)", () -> new BigFractionFormat().parse("x"));
        attempt("11. new NaturalRanking().rank(new double[0])", () -> new NaturalRanking().rank(new double[0]));
        attempt("12. new AdamsMoultonIntegrator(0, 1e-6, 1.0, {1e-8}, {1e-8})",
                () -> new AdamsMoultonIntegrator(0, 1e-6, 1.0, new double[] {1e-8}, new double[] {1e-8}));
        attempt("13. new KolmogorovSmirnovTest().kolmogorovSmirnovTest({0, 1e-10}, {1e7, 1e7})",
                () -> new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new double[] {0, 1e-10}, new double[] {1e7, 1e7}));
        attempt("    the same of {0, 1} and {2, 2} (for comparison)",
                () -> new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new double[] {0, 1}, new double[] {2, 2}));
    }
}
