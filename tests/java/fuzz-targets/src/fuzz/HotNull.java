package fuzz;

/**
 * Almost every input dereferences null at one site. Once C2 has compiled that site hot, HotSpot
 * throws its preallocated NullPointerException, with no stack: still one finding, at this line.
 */
public class HotNull {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 2) {
            String name = data[0] == data[1] ? "same" : null;
            if (name.length() > 8) {
                throw new IllegalStateException("never");
            }
        }
    }
}
