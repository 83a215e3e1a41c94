import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

// 166-byte Pack200 archive of a class with one try/catch (packed by commons-compress itself), with one byte of the
// code_handler bands changed (offset 112: 0x02 -> 0x00) so the handler's BCI range points past the method's bytecodes.
// Expected: IOException/Pack200Exception. Actual: IndexOutOfBoundsException at ExceptionTableEntry.renumber(ExceptionTableEntry.java:65).
public class Pack200ExceptionTableRenumber {
    static final String HEX = ""
        + "cafed00d0796d4000000000001080003020200010000003301020100000014030306010110102829564929493c696e69"
        + "743e53666a6176612f6c616e672f4f626a65637452756e74696d65457863657074696f6e040201020206040001020000"
        + "020000040001c1fd1cc0fd1ce1fd1c00009b0005010306060101000001010000e4b1ff1b056c3ca74d033c1bab08ac10"
        + "ac1bacff0202c6000705060104000000d4e5d2c4d303";

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
