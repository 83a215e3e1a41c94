import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A raw Pack200 segment (124 bytes, a mutated pack of a tiny class) whose code-attribute band gives a BCI index
 * (LineNumberTable start) beyond the method's instruction count; BCIRenumberedAttribute.renumber does
 * byteCodeOffsets.get(startPc) unchecked -> IndexOutOfBoundsException at BCIRenumberedAttribute.lambda$renumber$0(BCIRenumberedAttribute.java:80).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the whole
 * Pack200 archive in its constructor and is documented to throw IOException when reading fails.
 */
public class Pack200LineNumberBci {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
        "cafed00d0796d400000000000107000202020001000000340102010000000303061004012829564929493c696e69743e6a61" +
        "76612f6c616e672f4f626a656374722f5764770401020206060001000002000000040001c1fd1cc8fd1ce1fd1c00020e0606" +
        "010100d202030000e4b1ff1a1bacff000000f4e8d2c4d303");
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
