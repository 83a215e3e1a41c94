import java.util.Arrays;
import org.apache.commons.compress.archivers.tar.TarUtils;

/**
 * TarUtils.formatLongOctalOrBinaryBytes documents "@throws IllegalArgumentException if the value (and trailer) will not fit
 * in the buffer". A negative value goes to the binary branch; formatLongBinary's fit check computes max = 1L << ((length - 1) * 8),
 * which for length 0 is a shift by -8 (= 56), so the check passes and the method then writes the marker byte buf[offset] =
 * 0xff outside the zero-length field: with an empty buffer ArrayIndexOutOfBoundsException at
 * TarUtils.formatLongOctalOrBinaryBytes(TarUtils.java:209); with a larger buffer it silently overwrites the byte after the field.
 * Length 1 correctly throws IllegalArgumentException. Same defect class as formatUnsignedOctalString's value==0 branch.
 * Public entry: TarUtils.formatLongOctalOrBinaryBytes (public static API).
 */
public class TarFormatBinaryZeroLength {
    public static void main(String[] args) {
        try {
            TarUtils.formatLongOctalOrBinaryBytes(-128L, new byte[4], 0, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("length 1: documented " + e);
        }
        byte[] buf = new byte[4];
        TarUtils.formatLongOctalOrBinaryBytes(-128L, buf, 2, 0);
        System.out.println("length 0 at offset 2 of byte[4]: no exception, buffer now " + Arrays.toString(buf) + " (byte 2 overwritten)");
        try {
            TarUtils.formatLongOctalOrBinaryBytes(-128L, new byte[0], 0, 0);
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
