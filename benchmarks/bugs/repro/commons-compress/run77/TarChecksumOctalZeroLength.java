import java.util.Arrays;
import org.apache.commons.compress.archivers.tar.TarUtils;

/**
 * TarUtils.formatCheckSumOctalBytes documents "@throws IllegalArgumentException if the value (and trailer) will not fit in
 * the buffer". For value 0 and a field of length 0 it calls formatUnsignedOctalString(0, buf, offset, -2), whose value==0
 * branch writes buffer[offset + length - 1] with no fit check: with an empty buffer ArrayIndexOutOfBoundsException (index -3)
 * at TarUtils.formatUnsignedOctalString(TarUtils.java:295); with offset 5 in a byte[8] it first writes '0' into buf[2], before
 * the field, and then fails in Arrays.fill. A nonzero value correctly gets IllegalArgumentException.
 * Public entry: TarUtils.formatCheckSumOctalBytes (public static API).
 */
public class TarChecksumOctalZeroLength {
    public static void main(String[] args) {
        try {
            TarUtils.formatCheckSumOctalBytes(5L, new byte[8], 0, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("value 5, length 0: documented " + e);
        }
        byte[] buf = new byte[8];
        try {
            TarUtils.formatCheckSumOctalBytes(0L, buf, 5, 0);
            System.out.println("value 0, length 0 at offset 5 of byte[8]: no exception, buffer now " + Arrays.toString(buf));
        } catch (Throwable t) {
            System.out.println("value 0, length 0 at offset 5 of byte[8]: " + t + "; buffer now " + Arrays.toString(buf) + " (byte 2, before the field, overwritten)");
        }
        try {
            TarUtils.formatCheckSumOctalBytes(0L, new byte[0], 0, 0);
            System.out.println("no exception");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException (documented): " + e);
        } catch (Throwable t) {
            System.out.println("UNEXPECTED " + t);
            System.out.println("    at " + t.getStackTrace()[0]);
            System.exit(1);
        }
    }
}
