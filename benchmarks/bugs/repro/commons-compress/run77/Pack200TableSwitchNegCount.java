import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * The pack of class r.Sw { static int sw(int x) { switch (x) { case 1..3 ... } } } (141 bytes), with the bc_case_count band
 * (one byte 0x03 at offset 123) replaced by 0xc2 0x00 0x01: a band-codec escape selecting canonical codec #2, BHSD(1,256,1) (signed),
 * followed by the value -1. BcBands.read trusts the negative case count (bc_label count = 1 + (-1) = 0), and TableSwitchForm then
 * reads its default label from the empty bc_label band -> ArrayIndexOutOfBoundsException at OperandManager.nextLabel(OperandManager.java:175).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the whole
 * Pack200 archive in its constructor and is documented to throw IOException when reading fails.
 */
public class Pack200TableSwitchNegCount {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
        "cafed00d0796d400000000000107000202020001000000340102010000000303061004022829564929493c696e69743e6a61" +
        "76612f6c616e672f4f626a656374722f537773770401020206060001000002000000040001c1fd1cc8fd1ce1fd1c00020206" +
        "060101000002030000e4b1ff1aaa10ac10ac10ac03acff03020a141e09010406000000f4e8d2c4d303");
        byte[] m = new byte[pack.length + 2];
        System.arraycopy(pack, 0, m, 0, 123);
        m[123] = (byte) 0xc2; m[124] = 0x00; m[125] = 0x01; // escape to signed codec, then case count -1 (was 0x03)
        System.arraycopy(pack, 124, m, 126, pack.length - 124);
        pack = m;
        try (InputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(pack))) {
            in.readAllBytes();
            System.out.println("no exception");
        } catch (IOException e) {
            System.out.println("IOException (expected behaviour): " + e);
        } catch (Throwable t) {
            System.out.println("UNEXPECTED " + t);
            for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("org.apache.commons.compress")) { System.out.println("top library frame: " + e); break; }
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(8, st.length); i++) System.out.println("    at " + st[i]);
            System.exit(1);
        }
    }
}
