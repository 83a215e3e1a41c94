package bench;

// A copy of tests/java/fuzz-targets/src/fuzz/SolveChecksum.java (the solver's end-to-end test target).

/**
 * A packet whose header names a payload length that must match the data, and whose trailer is a
 * multiplicative hash of the payload: only then is the command byte read. The hash mixes every
 * byte (x * 31 + b), so neither the dictionary nor the value profile leads to a match; the
 * path condition states it exactly.
 */
public class SolveChecksum {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int len = data[0] & 0xff;
        if (len < 4 || len + 3 > data.length) {
            return;
        }
        int hash = 7;
        for (int i = 1; i <= len; i++) {
            hash = hash * 31 + (data[i] & 0xff);
        }
        int stored = (data[len + 1] & 0xff) << 8 | (data[len + 2] & 0xff);
        if ((hash & 0xffff) != stored) {
            return;
        }
        if (data[1] == 'X' && data[2] == (byte) (data[3] + 1)) {
            throw new IllegalStateException("checksummed command");
        }
    }
}
