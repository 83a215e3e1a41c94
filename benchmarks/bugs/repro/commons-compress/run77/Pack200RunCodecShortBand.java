import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A hand-made 32-byte Pack200 segment. The segment header declares special formats (archive_options=1) with 2 bytes of
 * band_headers, and cp_Utf8_count=4, so the first band (cp_Utf8_prefix, DELTA5) holds 2 values. Its first value is the
 * escape -118, selecting codec specifier 117: a run codec with K=4 whose A and B codecs (band header bytes 1, 1) are BYTE1.
 * RunCodec.decodeInts(2, in) reads K=4 values with A, then asks B for n-K = -2 values; Codec.decodeInts allocates
 * new int[-2] -> NegativeArraySizeException at Codec.decodeInts(Codec.java:146) instead of a Pack200Exception/IOException.
 * Public entry: new Pack200CompressorInputStream(InputStream) (commons-compress 1.28.0).
 */
public class Pack200RunCodecShortBand {
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
            + "0101"                           // band_headers: run codec A = specifier 1 (BYTE1), B = specifier 1 (BYTE1)
            + "eb00" + "000000000000000000000000"); // cp_Utf8_prefix: escape -118 (specifier 117, run K=4), then filler
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
