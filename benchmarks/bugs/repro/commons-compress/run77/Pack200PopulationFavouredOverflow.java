import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 189-byte mutated Pack200 archive whose method-metadata type_RS band (1 value) is escaped to a population codec; the
 * favoured-value list read from the stream has more entries than the band has values before its terminator, and
 * PopulationCodec.decodeInts stores favoured[++k] into new int[n] unchecked -> ArrayIndexOutOfBoundsException at
 * PopulationCodec.decodeInts(PopulationCodec.java:80).
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0), which unpacks the archive in its
 * constructor; corrupt input should fail with IOException (Pack200Exception), not an unchecked exception or Error.
 */
public class Pack200PopulationFavouredOverflow {
    static final String HEX = ""
        + "cafed00d0796d40000000000010e0003050200010000dc00340102010000000000000403000003030601021001010301"
        + "0405012829564929563c696e69743e494c3b6a6176612f6c616e672f4f626a6563746d70712f42527468697376616c75"
        + "65780603010802000702010106080301000002000000040001c1fd1cc1fddc25000001e802010c7307010102010c7308"
        + "e1fd1c000201060601010000040501020000000401010b0b0d010100000001e4b1ffb1ff000000ecdfd2c4d303";

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
