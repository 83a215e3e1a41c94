/**
 * The ceiling: bench.Trivial.fuzzerTestOneInput called in a plain Java loop, no fuzzer, no
 * instrumentation. Inputs vary (a xorshift fills one byte) so the call is not folded away.
 * Prints "calls/s <N>" for the last of several one-second windows.
 */
public class Ceiling {
    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        byte[][] inputs = new byte[256][];
        long x = 88172645463325252L;
        for (int i = 0; i < inputs.length; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
            inputs[i] = new byte[1 + (int) ((x >>> 1) % 16)];
            inputs[i][0] = (byte) x;
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long last = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime(), n = 0;
            while (System.nanoTime() - t0 < 1_000_000_000L) {
                for (int i = 0; i < 1024; i++) {
                    bench.Trivial.fuzzerTestOneInput(inputs[(int) (n++ & 255)]);
                }
            }
            double rate = n / ((System.nanoTime() - t0) / 1e9);
            last = (long) rate;
        }
        System.out.println("calls/s " + last + " sink " + bench.Trivial.sink);
    }
}
