package bench;

import java.nio.ByteBuffer;

/** A 32-bit magic number compared in one instruction: no partial progress to reward. */
public class MagicInt {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 4 && ByteBuffer.wrap(data).getInt() == 0xCAFE_D00D) {
            throw new IllegalArgumentException("magic int");
        }
    }
}
