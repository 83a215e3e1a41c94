package contract;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Lists sized by a number the method computed, or by the one the caller gave: the JDK's
 * "Illegal Capacity" is the method's fault in the first case only.
 */
public final class Hulls {
    private Hulls() {}

    /**
     * Bug: the two halves share their end points, so the hull is sized two short of their sum;
     * for no points that is -2 (commons-math3's MonotoneChain.findHullVertices).
     */
    public static List<String> hull(Collection<String> points) {
        List<String> lower = new ArrayList<>(points);
        List<String> upper = new ArrayList<>(points);
        List<String> hull = new ArrayList<>(lower.size() + upper.size() - 2);
        hull.addAll(lower);
        return hull;
    }

    /**
     * Contract: a grid of as many rows and columns as the caller asked for (a matrix of two
     * counts each under the allocation limit can still ask for gigabytes).
     */
    public static int grid(int rows, int cols) {
        double[][] g = new double[rows][cols];
        return g.length > 0 ? g[0].length : 0;
    }

    /** Contract: room for as many points as the caller asked for. */
    public static List<String> reserve(int points) {
        return new ArrayList<>(points);
    }
}
