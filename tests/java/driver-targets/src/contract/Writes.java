package contract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Low-level writers into the caller's array from an offset (jackson-core's XJBWriter and
 * NumberOutput): they never measure the array, so the room after the offset is the caller's
 * to give, whether the JVM, a VarHandle view or String.getChars finds it short. One that
 * measures its array and still writes past it has its own bound wrong.
 */
public final class Writes {
    private Writes() {}

    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    /** Contract: two shorts at off, written through a VarHandle view. */
    public static int putShorts(byte[] b, int off, short v) {
        setShort(b, off, v);
        setShort(b, off + 2, v);
        return off + 4;
    }

    private static void setShort(byte[] b, int off, short v) {
        SHORTS.set(b, off, v);
    }

    /** Contract: the decimal digits of v at off, copied by String.getChars. */
    public static int putDigits(long v, char[] b, int off) {
        return copy(Long.toString(v), b, off);
    }

    /** Bug: checks the offset against the array, forgets the digits' room. */
    public static int putDigitsChecked(long v, char[] b, int off) {
        if (off < 0 || off >= b.length) {
            throw new IllegalArgumentException("offset " + off + " outside " + b.length);
        }
        return copyChecked(Long.toString(v), b, off);
    }

    private static int copyChecked(String s, char[] b, int off) {
        s.getChars(0, s.length(), b, off);
        return off + s.length();
    }

    private static int copy(String s, char[] b, int off) {
        s.getChars(0, s.length(), b, off);
        return off + s.length();
    }
}
