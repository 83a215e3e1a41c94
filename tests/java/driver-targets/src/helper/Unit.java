package helper;

/**
 * A class outside the package contract's tests fuzz: its constructor rejects some scales, so
 * the drivers of contract.Rules.scaled fail while they build one. That is this package's
 * business, a set-up failure, never a finding of package contract.
 */
public final class Unit {
    private final int scale;

    public Unit(int scale) {
        if (scale % 7 == 3) {
            throw new IllegalStateException("no unit of scale " + scale);
        }
        this.scale = scale;
    }

    public int scale() {
        return scale;
    }
}
