import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 187-byte mutated Pack200 archive (found by mutating the pack of a small class) in which a method's descriptor, decoded
 * from the cp bands, contains no '(' ... ')'. BcBands.unpack computes max_locals with SegmentUtils.countInvokeInterfaceArgs(descriptor),
 * whose countArgs throws IllegalArgumentException("No arguments") at SegmentUtils.countArgs(SegmentUtils.java:42).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200DescriptorWithoutParens {
    static final String HEX = ""
        + "cafed00d0796d40000000000010e00030502000100000034010201000000000000040300000303060102100101030104"
        + "05012829564928563c696e69743e494c3b6a6176612f6c616e672f4f626a6563746d70712f42527468697376616c7565"
        + "780603010802000702010106080301000002000000040001c1fd1cc1fddc2500000102010c7307010102010c7308e1fd"
        + "1c000201060601010000040501020000000401010b0b0d010100000001e4b1ffb1ff000000ecdfd2c4d303";

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
