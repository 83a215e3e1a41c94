// Shows: public Percentile.EstimationType.evaluate(new double[0], 50, new KthSelector()) -> ArrayIndexOutOfBoundsException in KthSelector.select:114 for every type (Javadoc: OutOfRangeException if length out of range; Percentile.evaluate gives NaN). Output on 3.6.1: LEGACY.evaluate(...): java.lang.ArrayIndexOutOfBoundsException: Index 0 out of bounds for length 0 top=...KthSelector.select(KthSelector.java:114)
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.util.KthSelector;
public class PercentileEstimationEmpty {
    public static void main(String[] args) {
        System.out.println("new Percentile().evaluate(new double[0], 50) = " + new Percentile().evaluate(new double[0], 50));
        for (Percentile.EstimationType t : Percentile.EstimationType.values()) {
            try { System.out.println(t + ".evaluate(new double[0], 50, new KthSelector()) = " + t.evaluate(new double[0], 50, new KthSelector())); }
            catch (Exception e) { System.out.println(t + ".evaluate(new double[0], 50, new KthSelector()): " + e + " top=" + e.getStackTrace()[0]); }
        }
    }
}
