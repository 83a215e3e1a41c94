package contract;

/** Rows of values, all as long as the first (commons-math3's BlockRealMatrix(double[][])). */
public final class Lattice {
    private final int width;

    /** Bug: reads the first row of no rows (an empty table needs its own refusal). */
    public Lattice(double[][] rows) {
        this.width = rows[0].length;
    }

    public int width() {
        return width;
    }
}
