package fuzz;

import java.nio.ByteBuffer;

/** A lookupswitch on a 32-bit key: the key lives in the instruction, not the constant pool. */
public class SwitchKey {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length < 4) {
            return;
        }
        switch (ByteBuffer.wrap(data).getInt()) {
            case 0x1000:
                break;
            case 0x5A17_C0DE:
                throw new UnsupportedOperationException("switch key");
            case -77_777:
                break;
            default:
                break;
        }
    }
}
