import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

// 115-byte Pack200 archive (one class) with two bytes changed (offset 26: 0x01 -> 0x04, offset 100: 0x04 -> 0x02):
// the signed DELTA5 band class_interface_count decodes a negative per-class count (-1) whose sum with the others is >= 0,
// and BandSet.decodeBandInt(String, InputStream, BHSDCodec, int[]) does new int[counts[i]] without a sign check.
// Expected: Pack200Exception. Actual: NegativeArraySizeException at BandSet.decodeBandInt(BandSet.java:161).
public class Pack200NegativeBandCount {
    static final String HEX = ""
        + "cafed00d0796d5000000000001000107000201010001000000310400000000000306040601102829563c696e69743e48"
        + "4848484d7941747472516a6176612f6c616e672f4f626a65637405010204000200680403000200000200c1fd1cc1fdfc"
        + "7c010203020200e4b1ff000000f0e1d2c4d303";

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
