package contract;

/**
 * Built before the Lattice it relaxes: an integer of its set-up call (often 0) must not be
 * taken for the Lattice constructor's when that fails reading index 0 (SymmLQ built before a
 * BlockRealMatrix over no rows made the matrix's bug a "bounds check on the argument 0").
 */
public final class Relaxer {
    private final int rounds;

    public Relaxer(int rounds) {
        this.rounds = rounds;
    }

    /** Sums the lattice's width over the rounds. */
    public long relax(Lattice lattice) {
        return (long) lattice.width() * Math.max(0, Math.min(rounds, 8));
    }
}
