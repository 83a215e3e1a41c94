import org.apache.commons.compress.archivers.tar.TarUtils;

public class TarFormatOctalZero {
    public static void main(String[] args) {
        byte[] buf = new byte[28];
        // Nonzero value into a field that is too small: the documented IllegalArgumentException
        try {
            TarUtils.formatLongOctalBytes(5L, buf, 0, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("value 5, length 0: " + e);
        }
        // Value 0 into the same field: the value==0 branch of formatUnsignedOctalString has
        // no fit check and writes before the field -> ArrayIndexOutOfBoundsException
        TarUtils.formatLongOctalBytes(0L, buf, 0, 0);
    }
}
