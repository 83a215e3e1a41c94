package bench;

/**
 * One TLV record: {@code [type][len][payload: len bytes][sum hi][sum lo]}. The length byte must
 * equal the payload's size (the input's length minus 4), and a second field derived from the
 * payload, a 16-bit Adler-like sum ({@code a = 1 + sum of bytes mod 251}, {@code s = sum of the
 * a's mod 251}, stored as {@code s << 8 | a}), must match it. Only then is the record read: a
 * type 0x7E record whose first three payload bytes satisfy {@code 3 * p0 + p1 == p2 + 300} fails.
 * Changing any payload byte to satisfy that changes the sum, so the length, the sum and the
 * payload condition must hold together.
 */
public class TlvRecord {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        int type = data[0] & 0xff;
        int len = data[1] & 0xff;
        if (len != data.length - 4) {
            return;
        }
        int a = 1;
        int s = 0;
        for (int i = 0; i < len; i++) {
            a = (a + (data[2 + i] & 0xff)) % 251;
            s = (s + a) % 251;
        }
        int stored = (data[2 + len] & 0xff) << 8 | (data[3 + len] & 0xff);
        if (stored != (s << 8 | a)) {
            return;
        }
        if (type == 0x7E && len >= 3) {
            int p0 = data[2] & 0xff;
            int p1 = data[3] & 0xff;
            int p2 = data[4] & 0xff;
            if (3 * p0 + p1 == p2 + 300) {
                throw new IllegalStateException("tlv: record with matching length and sum");
            }
        }
    }
}
