package fuzz;

/** Unbounded mutual recursion on inputs starting with 'R': StackOverflowError. */
public class Recursion {
    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length >= 1 && data[0] == 'R') {
            ping(0);
        }
    }

    static int ping(int n) {
        return pong(n + 1) + 1;
    }

    static int pong(int n) {
        return ping(n + 1) + 1;
    }
}
