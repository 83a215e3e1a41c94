package cfg;

/** A static method whose IllegalStateException reports an internal failure: a bug, whatever its class's state. */
public final class Stateless {
    private static final int LIMIT = 3;
    /* Mutable static state that is no configuration: an internal failure stays a bug. */
    private static int calls;

    private Stateless() {}

    public static int level(String s) {
        int depth = 0;
        calls++;
        if (s == null) {
            return 0;
        }
        for (char c : s.toCharArray()) {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        }
        if (depth > LIMIT) {
            throw new IllegalStateException("unreachable: depth " + depth);
        }
        return depth;
    }
}
