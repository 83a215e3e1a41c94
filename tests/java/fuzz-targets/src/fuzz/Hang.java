package fuzz;

/** Loops forever on inputs starting with "hu": a timeout finding. */
public class Hang {
    static volatile long sink;

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 2 && data[0] == 'h' && data[1] == 'u') {
            while (true) {
                sink++;
            }
        }
    }
}
