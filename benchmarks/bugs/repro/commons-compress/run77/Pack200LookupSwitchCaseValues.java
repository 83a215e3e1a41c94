import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 155-byte Pack200 archive of a class with two lookupswitch instructions (the second was a tableswitch, opcode aa changed to ab):
 * the first has bc_case_count 2, the second the 5-byte UNSIGNED5 value ff fc fc fc fc = 2^32-1, which decodes to int -1.
 * BcBands.read sizes bc_case_value as the sum of the counts (2 + -1 = 1) without rejecting the negative count, so the
 * first lookupswitch reads its second case value past the band -> ArrayIndexOutOfBoundsException at
 * OperandManager.nextCaseValues(OperandManager.java:143).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200LookupSwitchCaseValues {
    static final String HEX = ""
        + "cafed00d0796d400000000000107000202020001000000330102010000000303060101102829564929493c696e69743e"
        + "57666a6176612f6c616e672f4f626a6563740402020206040001020000020000040001c1fd1cc8fd1ce1fd1c00020206"
        + "060101000001010000e4b1ff1aab083ba7103ba7033b1aab04ac03acff02fffcfcfcfc02ce1ccd1c0709010508040401"
        + "0101000000d0e7d2c4d303";

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
