package fuzz;

/**
 * Loops forever on inputs starting with "hu", in a loop whose stops land in different frames
 * (the loop's method, the two helpers it calls): one hang, one
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

    /* Two helpers of equal, fixed cost: the samples fall in either, or in the loop. */
    static int step(String s) {
        for (int i = 0; i < 500; i++) {
            sink += i ^ s.length();
        }
        return 0;
    }

    static int mix(String s) {
        for (int i = 0; i < 500; i++) {
            sink += i + s.length();
        }
        return 0;
    }
}
