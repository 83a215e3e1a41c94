// Shows: HermiteRuleFactory.getRule(5000) / GaussIntegratorFactory.hermite(5000) -> StackOverflowError (rules built by one recursion frame per point, BaseRuleFactory.getRuleInternal). Output on 3.6.1: HermiteRuleFactory.getRule(5000): java.lang.StackOverflowError top=...BaseRuleFactory.getRuleInternal(BaseRuleFactory.java:94)
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.analysis.integration.gauss.HermiteRuleFactory;
public class GaussHermiteStackOverflow {
    public static void main(String[] args) {
        try { new HermiteRuleFactory().getRule(5000); System.out.println("ok"); }
        catch (StackOverflowError e) { System.out.println("HermiteRuleFactory.getRule(5000): " + e + " top=" + e.getStackTrace()[0]); }
        try { new GaussIntegratorFactory().hermite(5000); System.out.println("ok"); }
        catch (StackOverflowError e) { System.out.println("GaussIntegratorFactory.hermite(5000): " + e); }
    }
}
