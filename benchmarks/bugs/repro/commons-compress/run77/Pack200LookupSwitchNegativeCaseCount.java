import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

// Pack200 archive of a class with a lookupswitch and a tableswitch; the lookupswitch's bc_case_count value (offset 125)
// is replaced by the 5-byte UNSIGNED5 encoding of 2^32-1, which decodes to int -1 (the tableswitch's +1 keeps bc_case_value's count at 0).
// Expected: Pack200Exception. Actual: NegativeArraySizeException at LookupSwitchForm.setByteCodeOperands(LookupSwitchForm.java:45).
public class Pack200LookupSwitchNegativeCaseCount {
    static final String HEX = ""
        + "cafed00d0796d400000000000107000202020001000000330102010000000303060101102829564929493c696e69743e"
        + "57666a6176612f6c616e672f4f626a6563740402020206040001020000020000040001c1fd1cc8fd1ce1fd1c00020206"
        + "060101000001010000e4b1ff1aab083ba7103ba7033b1aaa04ac03acfffffcfcfcfc0302ce1ccd1c0709010508040401"
        + "0101000000d0e7d2c4d303";

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
