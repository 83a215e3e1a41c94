import org.apache.commons.math3.stat.StatUtils;
public class StatModeRange {
  public static void main(String[] a) {
    // documented: @throws MathIllegalArgumentException if the indices are invalid
    StatUtils.mode(new double[] {1, 2, 3}, 2, 5); // ArrayIndexOutOfBoundsException instead
  }
}
