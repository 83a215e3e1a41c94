package fuzz;

import java.nio.ByteBuffer;

/**
 * A 64-bit magic number compared in one instruction (lcmp + ifne). The magic is computed at
 * class initialisation, so it is not in the constant pool and the automatic dictionary cannot
 * offer it: only comparison feedback (the lcmp operands) can.
 */
public class LongMagic {
    private static final long MAGIC = Long.reverse(0x0F3D_5B79_1E2C_4A68L);

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 8 && ByteBuffer.wrap(data).getLong() == MAGIC) {
            throw new IllegalStateException("magic long");
        }
    }
}
