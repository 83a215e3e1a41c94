import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

// 115-byte Pack200 archive (one class); one byte of the bc_codes band changed (offset 103: 0xe4 -> 0xf6), an opcode
// that Pack200 does not define, so ByteCodeForm.get(0xf6) returns null and is dereferenced.
// Expected: Pack200Exception. Actual: NullPointerException at ByteCode.getByteCode(ByteCode.java:37).
public class Pack200UndefinedBytecode {
    static final String HEX = ""
        + "cafed00d0796d5000000000001000107000201010001000000310100000000000306040601102829563c696e69743e48"
        + "4848484d7941747472516a6176612f6c616e672f4f626a65637405010204000200680403000200000200c1fd1cc1fdfc"
        + "7c010203040200f6b1ff000000f0e1d2c4d303";

    public static void main(String[] args) throws Exception {
        byte[] b = new byte[HEX.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(HEX.substring(2 * i, 2 * i + 2), 16);
        }
        try (Pack200CompressorInputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(b))) {
            byte[] buf = new byte[8192];
            while (in.read(buf) > 0) {
                // drain
            }
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (the documented failure): " + e);
        }
    }
}
