package fuzz;

import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Two inputs no fuzzer reaches by itself in a test's time: each is gated by its CRC-32 and its
 * CRC-32C, which neither mutation nor comparison operands lead to. In a linked campaign
 * (tests/tests/fuzz_nodes.rs) a node that was not seeded with them can only have them from
 * another node. One 32-bit checksum was not enough: at 450k executions a second a node's 45 s
 * make about 20 million inputs, a 1 in 200 chance of a match, and CI met it.
 */
public class NodesGate {
    /** CRC-32 and CRC-32C of "node seed: a corpus entry": new coverage, no finding. */
    static final long ENTRY = 0x53f3b00cL;
    static final long ENTRY_C = 0xd201ada9L;
    /** CRC-32 and CRC-32C of "node seed: the bug". */
    static final long BUG = 0xb6b3c6cdL;
    static final long BUG_C = 0xa82567f0L;

    static int reached;

    public static void fuzzerTestOneInput(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        long v = crc.getValue();
        CRC32C crcC = new CRC32C();
        crcC.update(data);
        long c = crcC.getValue();
        if (v == ENTRY && c == ENTRY_C) {
            reached++;
        }
        if (v == BUG && c == BUG_C) {
            throw new IllegalStateException("the gated bug");
        }
    }
}
