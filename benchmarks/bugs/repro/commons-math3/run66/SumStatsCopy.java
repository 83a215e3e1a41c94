import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.descriptive.moment.SecondMoment;
public class SumStatsCopy {
  public static void main(String[] a) {
    SummaryStatistics s = new SummaryStatistics();
    s.setSumLogImpl(new SecondMoment()); // any StorelessUnivariateStatistic is allowed by the setter
    s.addValue(1.0);
    System.out.println("n=" + s.getN());
    s.copy(); // ClassCastException: cannot be cast to SumOfLogs
  }
}
