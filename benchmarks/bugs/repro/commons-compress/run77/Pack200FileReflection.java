import java.io.*;
import java.nio.file.*;
import org.apache.commons.compress.compressors.pack200.Pack200CompressorInputStream;

/**
 * new Pack200CompressorInputStream(File) fails for every file on JDK 16+ (run without --add-opens): the File constructor goes
 * through Pack200UnpackerAdapter.unpack(File, ...), which wraps the file in a BufferedInputStream; Archive's
 * newBoundedInputStream sees a FilterInputStream and unwraps it by reflection (FieldUtils.readField(in, "in", true)), and
 * setAccessible on java.io.FilterInputStream.in throws java.lang.reflect.InaccessibleObjectException (an unchecked
 * exception; only IllegalAccessException is caught), top frame org.apache.commons.lang3.reflect.FieldUtils.getField(FieldUtils.java:206).
 * The same 382-byte valid pack (a one-class jar) unpacks fine through new Pack200CompressorInputStream(InputStream)
 * over a ByteArrayInputStream; an empty file and new Pack200CompressorInputStream(new BufferedInputStream(..)) fail the same way.
 */
public class Pack200FileReflection {
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
        "c7a3b11594bfc5a01810b56009080c0430644a8cfcc5034d663420e4d5036983f5098c60e4de4b4abbf64e5d6fe1ce4bb22f" +
        "ef0c28a18c73110003a8b50ee081fc1df8c90991989173c13dbfeaf89fef929696931f5d9f5f96a95b2c33b7d8f12fca9374" +
        "d893cc86bd7eafeb0341d518c8ef8b55f3dbb7c79b27fa0d1fc8b3a3c6010000");
        try (InputStream in = new Pack200CompressorInputStream(new ByteArrayInputStream(pack))) {
            System.out.println("via ByteArrayInputStream: unpacked " + in.readAllBytes().length + " bytes of jar");
        }
        Path p = Files.createTempFile("p200", ".pack");
        Files.write(p, pack);
        try (InputStream in = new Pack200CompressorInputStream(p.toFile())) {
            System.out.println("via File: unpacked " + in.readAllBytes().length + " bytes, no exception");
        } catch (IOException e) {
            System.out.println("IOException: " + e);
        } catch (Throwable t) {
            System.out.println("via File: UNEXPECTED " + t);
            for (StackTraceElement e : t.getStackTrace()) if (e.getClassName().startsWith("org.apache.commons")) { System.out.println("top library frame: " + e); break; }
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 4; i < Math.min(14, st.length); i++) System.out.println("    at " + st[i]);
            System.exit(1);
        } finally {
            Files.deleteIfExists(p);
        }
    }
}
