package contract;

/** A part built over a Segment: it needs the segment read. */
public final class Bands {
    private final Segment segment;

    public Bands(Segment segment) {
        this.segment = segment;
    }

    /** The constant at i, doubled when positive. */
    public int constant(int i) {
        int v = segment.pool().get(i);
        return v > 0 ? 2 * v : v;
    }

    /** The spare constant for i, plus one: the method's own null for a negative i. */
    public int spareConstant(int i) {
        Segment.Pool extra = segment.spare(i);
        return extra.get(0) + 1;
    }
}
