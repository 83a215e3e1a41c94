import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import org.apache.commons.compress.compressors.CompressorStreamFactory;

public class BlockLZ4EmptyClose {
    public static void main(String[] args) throws Exception {
        // Compress an empty input with the LZ4 block format: closing the stream without
        // writing anything fails in rewriteLastPairs with IndexOutOfBoundsException.
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        OutputStream out = new CompressorStreamFactory().createCompressorOutputStream(CompressorStreamFactory.LZ4_BLOCK, bos);
        out.close();
        System.out.println("ok, " + bos.size() + " bytes");
    }
}
