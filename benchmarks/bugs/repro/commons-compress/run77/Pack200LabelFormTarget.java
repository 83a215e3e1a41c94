import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/** A 141-byte malformed Pack200 archive whose bc_label band points a branch outside the method's code. */
public class Pack200LabelFormTarget {
    static final String HEX = "cafed00d0796d400000000000107000202020001000000340102010000000303061004022829564929493c696e69743e6a6176612f6c616e672f4f626a656374722f537773770401020206060001000002000000040001c1fd1cc8fd1ce1fd1c00020206060101000042030000a4b1ff1aaa10accbac10ac03acff03020a141e09010406000000f4e8d2c4d303";
    public static void main(String[] a) throws Exception {
        byte[] in = new byte[HEX.length() / 2];
        for (int i = 0; i < in.length; i++) in[i] = (byte) Integer.parseInt(HEX.substring(2 * i, 2 * i + 2), 16);
        try (InputStream is = new Pack200CompressorInputStream(new ByteArrayInputStream(in))) {
            is.readAllBytes();
            System.out.println("no exception");
        }
    }
}
