import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 122-byte Pack200 archive with 2 band-header bytes (00 94; band_headers_size=2 in the segment header) whose cp_Utf8_prefix
 * band (5 values) starts with c5 01 (-131 in DELTA5 = codec encoding 130: a run codec with kx=1, kb=0 from the band headers,
 * so k=16, and B = population codec 148 from the band headers). RunCodec.decodeInts(5) calls bCodec.decodeInts(n - k = -11),
 * unchecked -> NegativeArraySizeException at PopulationCodec.decodeInts(PopulationCodec.java:65).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200RunCodecNegativeRemainder {
    static final String HEX = ""
        + "cafed00d0796d500000000000102010700020101000100000031010094c501000000000306040601102829563c696e69"
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
