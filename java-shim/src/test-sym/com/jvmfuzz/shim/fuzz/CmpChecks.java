package com.jvmfuzz.shim.fuzz;

/**
 * Hand-driven checks of the allocation limit (run by run.sh with -Djvmfuzz.mallocLimit=64 MiB,
 * which Cmp reads once). Exits non-zero on the first failure.
 */
public final class CmpChecks {
    private CmpChecks() {}

    private static void over(int rows, int cols, boolean expected) {
        boolean thrown;
        try {
            Cmp.alloc2(rows, cols, 8);
            thrown = false;
        } catch (OutOfMemoryError e) {
            thrown = e.getMessage().endsWith(Cmp.OVER_LIMIT);
        }
        if (thrown != expected) {
            System.err.println("CmpChecks FAILED: " + rows + " x " + cols + (expected ? " passed" : " refused"));
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        if (Long.getLong("jvmfuzz.mallocLimit", 0L) != 64L << 20) {
            System.err.println("CmpChecks FAILED: run with -Djvmfuzz.mallocLimit=67108864");
            System.exit(1);
        }
        over(1024, 1024, false);
        over(8192, 1024, true);
        // Each row's header counts: 4M empty rows are 64 MiB of headers.
        over(1 << 22, 0, false);
        over((1 << 22) + 1, 0, true);
        over(1, (64 << 17) - 2, false);
        // The product of two counts near Integer.MAX_VALUE (rows x (cols x 8 + 16)) overflows a
        // long: still over the limit, not the JVM's "Requested array size exceeds VM limit".
        over(Integer.MAX_VALUE, Integer.MAX_VALUE, true);
        over(Integer.MAX_VALUE, 1, true);
        over(1, Integer.MAX_VALUE, true);
        // Negative and empty outer counts are the JVM's to judge.
        over(-1, Integer.MAX_VALUE, false);
        over(0, Integer.MAX_VALUE, false);
        over(Integer.MAX_VALUE, -1, false);
        System.out.println("OK: CmpChecks");
    }
}
