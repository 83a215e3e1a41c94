package fuzz;

/**
 * Loops forever on inputs starting with "hu", in a loop whose stops land in different frames
 * (the loop's method, the two helpers it calls, the JDK's code under them): one hang, one
 * timeout finding, however often it hangs. (A loop whose time is nearly all in one callee can
 * look, to the watchdog's samples, like a loop inside that callee: see Runner.stuckSample.)
 */
public class HangDeep {
    static volatile long sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 2 && data[0] == 'h' && data[1] == 'u') {
            spin(new String(data, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }

    static void spin(String s) {
        while (true) {
            sink += step(s);
            sink += mix(s);
        }
    }

    static int step(String s) {
        return new StringBuilder(s).append(sink).reverse().toString().hashCode();
    }

    static int mix(String s) {
        return (s + sink).toUpperCase().lastIndexOf('U');
    }
}
