// Shows getFittedModel() before fit() throws NPE though its Javadoc says it returns null if no fit has been performed yet; output on 3.6.1: getFittedModel(): java.lang.NullPointerException: ... because "this.fittedModel" is null
import org.apache.commons.math3.distribution.fitting.MultivariateNormalMixtureExpectationMaximization;
public class MixtureEMFittedModelNull {
    public static void main(String[] a) {
        MultivariateNormalMixtureExpectationMaximization em =
            new MultivariateNormalMixtureExpectationMaximization(new double[][] {{1, 2}, {3, 4}, {5, 7}});
        try { System.out.println("getFittedModel() = " + em.getFittedModel()); }
        catch (Throwable t) { System.out.println("getFittedModel(): " + t); }
    }
}
