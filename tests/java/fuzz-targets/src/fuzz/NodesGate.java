package fuzz;

import java.util.zip.CRC32;

/**
 * Two inputs no fuzzer reaches by itself in a test's time: each is gated by its CRC-32, which
 * neither mutation nor comparison operands lead to. In a linked campaign (tests/tests/fuzz_nodes.rs)
 * a node that was not seeded with them can only have them from another node.
 */
public class NodesGate {
    /** CRC-32 of "node seed: a corpus entry": new coverage, no finding. */
    static final long ENTRY = 0x53f3b00cL;
    /** CRC-32 of "node seed: the bug". */
    static final long BUG = 0xb6b3c6cdL;

    static int reached;

    public static void fuzzerTestOneInput(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        long v = crc.getValue();
        if (v == ENTRY) {
            reached++;
        }
        if (v == BUG) {
            throw new IllegalStateException("the gated bug");
        }
    }
}
