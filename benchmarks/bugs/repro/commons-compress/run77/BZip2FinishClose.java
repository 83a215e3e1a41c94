import java.io.ByteArrayOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
public class BZip2FinishClose {
    public static void main(String[] a) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        BZip2CompressorOutputStream out = new BZip2CompressorOutputStream(bos);
        out.write("hello".getBytes("US-ASCII"));
        out.finish();   // documented: finish compression without closing the underlying stream
        out.close();    // closing after finish -> NPE
        System.out.println("no failure, " + bos.size() + " bytes");
    }
}
