package contract;

import java.io.ByteArrayOutputStream;

/**
 * A writer over an output buffer its caller hands it (jackson-core's UTF8JsonGenerator built
 * with its outputBuffer): it flushes when a number may not fit, and takes the buffer to hold
 * one. A buffer too small for that is the caller's; its escape table read at any char is its
 * own bug.
 */
public final class Emitter {
    private static final int[] ESCAPES = new int[0x800];
    private static final java.lang.invoke.VarHandle SHORTS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.BIG_ENDIAN);

    static {
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\n'] = 'n';
    }

    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    private final byte[] outputBuffer;
    private int tail;

    public Emitter(byte[] outputBuffer) {
        this.outputBuffer = outputBuffer;
    }

    /** Contract with a buffer under 11 bytes: the digits of v, after a flush if they may not fit. */
    public Emitter writeNumber(int v) {
        if (tail + 11 > outputBuffer.length) {
            flush();
        }
        for (char c : Integer.toString(v).toCharArray()) {
            outputBuffer[tail++] = (byte) c;
        }
        return this;
    }

    /** Contract with a buffer under 2 bytes: a short through a VarHandle view, after a flush. */
    public Emitter writeShort(short v) {
        if (tail + 2 > outputBuffer.length) {
            flush();
        }
        SHORTS.set(outputBuffer, tail, v);
        tail += 2;
        return this;
    }

    /** Bug: the escape table covers the chars below U+0800 only. */
    public Emitter writeEscaped(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (ESCAPES[c] != 0) {
                s = s.substring(0, i) + '\\' + (char) ESCAPES[c] + s.substring(i + 1);
                i++;
            }
        }
        return this;
    }

    public void flush() {
        sink.write(outputBuffer, 0, tail);
        tail = 0;
    }

    public int size() {
        return sink.size() + tail;
    }
}
