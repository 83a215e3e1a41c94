import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;

/**
 * Probe cost in hot compiled code: a loop over branchy commons-lang3 methods, timed inside the
 * JVM after warm-up, so start-up, class rewriting and the agents' exit work are not in the figure.
 * Prints the time of each round after the first two (JIT warm-up); run.sh keeps the fastest.
 * Arguments: rounds (default 7), loop iterations per round (default 15,000,000).
 */
public class Hot {
    public static void main(String[] a) {
        String[] in = {"  ", "abc", "12.5e3", "0x1F", "hello world", "", "-17", "3.14f", "  x  ", "NaN"};
        int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 7;
        int iterations = a.length > 1 ? Integer.parseInt(a[1]) : 15_000_000;
        long sink = 0;
        for (int round = 0; round < rounds; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < iterations; i++) {
                String s = in[i % in.length];
                if (StringUtils.isBlank(s)) sink++;
                if (NumberUtils.isCreatable(s)) sink += 2;
                sink += StringUtils.indexOfAny(s, 'e', 'x', '.');
                sink += StringUtils.capitalize(s).length();
                sink += StringUtils.countMatches(s, 'l');
            }
            long t = System.nanoTime() - t0;
            if (round >= 2) System.out.println("round " + round + " ms " + t / 1_000_000);
        }
        System.out.println("sink " + sink);
    }
}
