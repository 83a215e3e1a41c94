import java.io.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * A 383-byte Pack200 archive (a valid pack of a one-class jar, byte 282 replaced by db 01): the first value of a field
 * attribute band now falls in the band-codec escape range, selecting a run codec (specifier 117..140) whose nested
 * codec specifier is read from band_headers with in.read(); band_headers is empty, read() returns -1 and
 * CodecEncoding.getCodec(-1, ...) throws IllegalArgumentException("Encoding cannot be less than zero") at
 * CodecEncoding.getCodec(CodecEncoding.java:97) instead of EOFException / Pack200Exception (IOException).
 * Public entry: new Pack200CompressorInputStream(InputStream), documented to throw IOException when reading fails.
 */
public class Pack200CodecSpecifierEof {
    static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] pack = hex(
        "1f8b08000000000000ff4550cf4b0251109e79bfb415512aa41f76f39075b043b72d41c243b0e04192a4d32666cab645abfe" +
        "299d3af427e8a54b041111b51e92ea50d235a35b7f80ebf6f655f4bde19b79c33733ef8d3bee474327cf1000e789d034ca01" +
        "6115093290c6898c00188569802929d2428221e5948739e18854f01813827116c25429676ce58b6dd36a559dc5b4a197760c" +
        "ddd065b0992e29bf56b1ea76bd995524af869ed5b7cb527594c9a5f27ac53ab4ab0db36d662cd3ae65362cd371f276eba0b0" +
        "dba8569ac5e671ddaed9e64155a99bfb75478d2aec39518c1344240908f3188629610cc11b49d071c088be72a3ffd41c998d" +
        "c7a3b11594bfc5a01810b56009080c0430644a8cfcc5034d663420e4d5036983db01098c60e4de4b4abbf64e5d6fe1ce4bb2" +
        "2fef0c28a18c73110003a8b50ee081fc1df8c90991989173c13dbfeaf89fef929696931f5d9f5f96a95b2c33b7d8f12fca93" +
        "74d893cc86bd7eafeb0341d518c8ef8b55f3dbb7c79b27fa0d1fc8b3a3c6010000");
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
