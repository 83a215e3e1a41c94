import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * The pack of a class t.T (280 bytes) with one byte of packed bytecode changed (offset 248: 0xcd putfield_this -> 0xe8
 * invokespecial_new_init) so that an invokespecial_new_init is not preceded by a 'new'; NewInitMethodRefForm asks
 * OperandManager.getNewClass(), which throws java.lang.Error("New class not set yet").
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the whole
 * Pack200 archive in its constructor and is documented to throw IOException when reading fails.
 */
public class Pack200NewInitWithoutNew {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
        "cafed00d0796d400000000000211000407050101000100340202000100000000001413060306070003040406010201011010" +
        "03030302010128295649294c3b4c3b29563c696e69743e494c3b65666a6176612f6c616e672f4f626a65637452756e74696d" +
        "65457863657074696f6e742f5424496e68697324307678090101010a020000090202010101fdfcfcfcfc021e011308070002" +
        "02010106010002030006010000000004030202000200d03d050701c0fd1cc1fd1cc0fd1ce0fd1ce1fd1c000003029b000401" +
        "020606060101010000000302040201030000000500000808040209090d0e0d070d100302020102000001000200012a2bcde4" +
        "b1ffe4b1ffbb59e7b04d01b0ff010000000000000000f4e9d2c4d3000303");
        pack[248] = (byte) 0xe8; // was 0xcd (putfield_this);
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
