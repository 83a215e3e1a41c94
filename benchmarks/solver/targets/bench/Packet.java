package bench;

/**
 * A small binary packet format, decoded by hand (shifts and masks, as a protocol decoder does):
 *
 * <pre>
 *   0..3  magic "JVPK" (one big-endian int compare)
 *   4     version, 1 or 2
 *   5..6  payload length, big-endian u16: must equal the input's length minus 9
 *   7..8  checksum, big-endian u16: sum of payload[i] * (i + 1), mod 2^16
 *   9..   payload: a command byte, then its arguments
 * </pre>
 *
 * Commands 1-4 are a {@code tableswitch}; SET (3) reads a big-endian u32 argument and fails when
 * {@code (arg ^ 0x5A5A5A5A) * 9 + version == 1_234_567_891} (one argument per version, mod 2^32).
 */
public class Packet {
    public static int sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 10) {
            return;
        }
        int magic = (data[0] & 0xff) << 24 | (data[1] & 0xff) << 16 | (data[2] & 0xff) << 8 | (data[3] & 0xff);
        if (magic != 0x4A56504B) {
            return;
        }
        int version = data[4];
        if (version < 1 || version > 2) {
            return;
        }
        int length = (data[5] & 0xff) << 8 | (data[6] & 0xff);
        if (length != data.length - 9) {
            return;
        }
        int checksum = (data[7] & 0xff) << 8 | (data[8] & 0xff);
        int sum = 0;
        for (int i = 0; i < length; i++) {
            sum += (data[9 + i] & 0xff) * (i + 1);
        }
        if ((sum & 0xffff) != checksum) {
            return;
        }
        switch (data[9]) {
            case 1: // PING
                sink++;
                break;
            case 2: // ECHO
                if (length >= 2) {
                    sink += data[10];
                }
                break;
            case 3: { // SET
                if (length < 5) {
                    return;
                }
                int arg = (data[10] & 0xff) << 24 | (data[11] & 0xff) << 16 | (data[12] & 0xff) << 8 | (data[13] & 0xff);
                if ((arg ^ 0x5A5A5A5A) * 9 + version == 1_234_567_891) {
                    throw new IllegalStateException("packet: SET with the magic argument");
                }
                sink = arg;
                break;
            }
            case 4: // RESET
                if (length == 1) {
                    sink = 0;
                }
                break;
            default:
                break;
        }
    }
}
