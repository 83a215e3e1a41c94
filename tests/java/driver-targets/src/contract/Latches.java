package contract;

/** Latches awaited as a stream's callbacks. */
public final class Latches {
    private Latches() {}

    /** Contract: the latches the caller gave (each documents its IllegalStateException). */
    public static int total(java.util.List<Latch> latches) {
        return latches.stream().mapToInt(Latch::await).sum();
    }

    /** Bug: latches of its own, never opened, awaited the same way. */
    public static int fresh(int n) {
        return java.util.stream.IntStream.range(0, Math.min(Math.max(n, 0), 4))
                .mapToObj(i -> new Latch())
                .mapToInt(Latch::await)
                .sum();
    }
}
