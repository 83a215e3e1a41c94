package fuzz;

/**
 * A recursive-descent reader of nested brackets, as JSON parsers are: each level is a few
 * frames. Deep input overflows the stack, at a depth that depends on the harness thread's
 * stack size (tests/tests/fuzz_bugs.rs compares it with Jazzer's).
 */
public class DeepNesting {
    private final byte[] in;
    private int pos;

    private DeepNesting(byte[] in) {
        this.in = in;
    }

    public static void fuzzerTestOneInput(byte[] data) {
        new DeepNesting(data).value();
    }

    private int value() {
        if (pos < in.length && in[pos] == '[') {
            pos++;
            return array() + 1;
        }
        return 0;
    }

    private int array() {
        int depth = 0;
        while (pos < in.length && in[pos] != ']') {
            depth = Math.max(depth, element());
        }
        pos++;
        return depth;
    }

    private int element() {
        int before = pos;
        int v = value();
        if (pos == before) {
            pos++;
        }
        return v;
    }
}
