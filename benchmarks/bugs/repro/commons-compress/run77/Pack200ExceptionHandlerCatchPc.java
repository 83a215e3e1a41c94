import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * 166-byte Pack200 archive of a class with one try/catch (packed by commons-compress itself), with one byte of the
 * code handler bands changed (offset 114: 0x00 -> 0x0b) so the handler's catch PC index (endPC + handlerPC) lies past the
 * method's instruction offsets. ExceptionTableEntry.renumber does byteCodeOffsets.get(handlerPcIndex) unchecked
 * -> IndexOutOfBoundsException at ExceptionTableEntry.renumber(ExceptionTableEntry.java:67) instead of an IOException.
 * Public entry: new Pack200CompressorInputStream(InputStream), documented to throw IOException.
 */
public class Pack200ExceptionHandlerCatchPc {
    static final String HEX = ""
        + "cafed00d0796d4000000000001080003020200010000003301020100000014030306010110102829564929493c696e69"
        + "743e53666a6176612f6c616e672f4f626a65637452756e74696d65457863657074696f6e040201020206040001020000"
        + "020000040001c1fd1cc0fd1ce1fd1c00029b0005010306060101000001010000e4b1ff1b056c3ca74d033c1bab08ac10"
        + "ac1bacff0202c6000705060104000000d4e5d2c4d303";

    public static void main(String[] args) throws Exception {
        byte[] b = new byte[HEX.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(HEX.substring(2 * i, 2 * i + 2), 16);
        b[114] = 0x0b; // was 0x00
        try (InputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(b))) {
            in.readAllBytes();
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (expected behaviour): " + e);
        } catch (Throwable t) {
            System.out.println("UNEXPECTED " + t);
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(8, st.length); i++) System.out.println("    at " + st[i]);
            System.exit(1);
        }
    }
}
