import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;

// Same recursive construction in LegendreHighPrecisionRuleFactory (BigDecimal rules).
public class LegendreHighPrecisionStackOverflow {
    static StackTraceElement firstMath(Throwable e) {
        for (StackTraceElement f : e.getStackTrace()) if (f.getClassName().endsWith("LegendreHighPrecisionRuleFactory")) return f;
        return null;
    }

    public static void main(String[] a) {
        int n = a.length > 0 ? Integer.parseInt(a[0]) : 13622;
        try {
            new GaussIntegratorFactory().legendreHighPrecision(n);
            System.out.println("legendreHighPrecision(" + n + ") ok");
        } catch (StackOverflowError e) {
            System.out.println("legendreHighPrecision(" + n + "): " + e + " top frame: " + e.getStackTrace()[0]
                + ", first LegendreHighPrecisionRuleFactory frame: " + firstMath(e));
        }
    }
}
