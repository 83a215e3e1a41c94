package contract;

import java.util.List;

/**
 * A total over a typed list of pairs (commons-math3's EnumeratedDistribution over a
 * List<Pair<T, Double>>): a driver built from the erased signature may hand the constructor
 * pairs of other types, and the cast javac put in fails in the set-up of any method of the
 * object. A driver defect, never a finding.
 */
public final class Weights {
    /** A pair of values (commons-math3's Pair). */
    public static final class Pair<K, V> {
        public final K key;
        public final V value;

        public Pair(K key, V value) {
            this.key = key;
            this.value = value;
        }
    }

    private final double total;

    public Weights(List<Pair<String, Double>> pairs) {
        double t = 0;
        for (Pair<String, Double> p : pairs) {
            t += p.value;
        }
        this.total = t;
    }

    public double total() {
        return total > 0 ? total : 0;
    }
}
