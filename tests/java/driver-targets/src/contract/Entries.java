package contract;

/**
 * Values read at an index of the caller's (commons-math3's ArrayFieldVector.getEntry, whose
 * interface promises an OutOfRangeException): an index outside is the caller's, unless the
 * method promised its own report for it and let the JVM's fault out instead.
 */
public final class Entries {
    private Entries() {}

    /** Contract: the value at an index; an index outside is the caller's. */
    public static int at(int[] values, int index) {
        return values == null ? 0 : values[index];
    }

    /**
     * Bug: the same, though it promises its own report for an index outside.
     *
     * @throws OutOfRangeException if the index is outside the values
     */
    public static int entry(int[] values, int index) {
        return values == null ? 0 : values[index];
    }

    /**
     * Bug: whether the values ascend, by a check helper that reads the first of no values
     * (commons-math3's MathArrays.checkOrder); values out of order are its contract.
     */
    public static boolean sorted(int[] values) {
        if (values != null) {
            checkSorted(values);
        }
        return true;
    }

    private static void checkSorted(int[] values) {
        int last = values[0];
        for (int v : values) {
            if (v < last) {
                throw new IllegalArgumentException("not in order: " + v + " after " + last);
            }
            last = v;
        }
    }
}
