import org.apache.commons.math3.stat.regression.MillerUpdatingRegression;
public class MillerPartialCorr {
  public static void main(String[] a) {
    MillerUpdatingRegression m = new MillerUpdatingRegression(3, false);
    System.out.println(m.getPartialCorrelations(-2)); // null (guard `in < -1 || in >= nvars` returns null)
    System.out.println(m.getPartialCorrelations(3));  // NegativeArraySizeException: guard placed after the allocations
  }
}
