import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 122-byte Pack200 archive with 2 band-header bytes (06 3f; band_headers_size=2) whose cp_Utf8_prefix band starts with
 * e9 00 (-117 in DELTA5 = codec encoding 116, an arbitrary BHSD codec described by the band headers). The header byte 0x06
 * gives s = (0x06 >> 1) & 3 = 3, which CodecEncoding.getCodec passes unchecked to new BHSDCodec(b, h, s, d)
 * -> IllegalArgumentException("0<=s<=2") at BHSDCodec.<init>(BHSDCodec.java:141).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200BandHeaderInvalidS {
    static final String HEX = ""
        + "cafed00d0796d50000000000010201070002010100010000003101063fe900000000000306040601102829563c696e69"
        + "743e484848484d7941747472516a6176612f6c616e672f4f626a65637405010204000200680403000200fefcfcfcfc02"
        + "00c1fd1cc1fdfc7c010203040200e4b1ff000000f0e1d2c4d303";

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
