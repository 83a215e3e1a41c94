import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A hand-made 28-byte Pack200 segment. The segment header declares special formats (archive_options=1) with 2 bytes of
 * band_headers, and cp_Utf8_count=4. The first band (cp_Utf8_prefix, DELTA5, 2 values) starts with the escape value -117,
 * which selects codec specifier 116 (an arbitrary BHSD codec whose parameters come from band_headers). The band header
 * bytes 0x28 0x3f describe B=6, H=64: CodecEncoding.getCodec passes them unchecked ("it's checked in the Codec
 * constructor") to new BHSDCodec(6, 64, 0, 0), which throws IllegalArgumentException("1<=b<=5") at BHSDCodec.<init>(BHSDCodec.java:135)
 * instead of a Pack200Exception/IOException.
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0).
 */
public class Pack200BandCodecBadB {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
            "cafed00d" + "07" + "96" + "01"   // magic, minver 7, majver 150, options = have_special_formats
            + "02" + "00"                      // band_headers_size 2, attr_definition_count 0
            + "04" + "00000000000000"          // cp_Utf8 4; String, Class, Signature, Descr, Field, Method, IMethod = 0
            + "00000000"                       // ic_count, default minver, default majver, class_count = 0
            + "283f"                           // band_headers: codec 116 parameters -> B=6, H=64, S=0, D=0
            + "e900" + "0000000000000000");    // cp_Utf8_prefix: escape -117 (specifier 116), then filler
        run(pack);
    }

    static void run(byte[] pack) {
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
