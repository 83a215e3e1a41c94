/*
 * Replacement targets of calls the fuzzer's rewriter redirects in instrumented classes. Each
 * has the stack shape of the call it replaces (a virtual call's receiver becomes the first
 * argument), so the rewrite swaps one constant-pool reference and one opcode, nothing else.
 */
package com.jvmfuzz.shim.fuzz;

public final class Hooks {
    private Hooks() {}

    /* Set when the target tried to end the JVM during the current execution; Runner reads and
     * clears it, so a target that catches our FuzzerExit is still reported. */
    static volatile String exitCall;

    /* Non-null when something happened out of band during the current execution (an exit
     * call, a finding reported from a hook): the fuzzer reads this one field after an input
     * that threw nothing, and asks Runner.check only when it is set. Runner.check clears it. */
    static volatile Object pending;

    /** Replaces {@code System.exit(int)}. */
    public static void systemExit(int status) {
        throw exit("System.exit(" + status + ")");
    }

    /** Replaces {@code Runtime.exit(int)}. */
    public static void runtimeExit(Runtime runtime, int status) {
        throw exit("Runtime.exit(" + status + ")");
    }

    /** Replaces {@code Runtime.halt(int)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        throw exit("Runtime.halt(" + status + ")");
    }

    private static FuzzerExit exit(String what) {
        exitCall = what;
        pending = what;
        return new FuzzerExit("the target called " + what);
    }

    /** Replaces {@code String.equals(Object)}: reports both sides to the comparison log. */
    public static boolean stringEquals(String a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof String) {
            Cmp.strings(a, (String) b);
        }
        return eq;
    }

    /** Replaces {@code String.equalsIgnoreCase(String)}. */
    public static boolean stringEqualsIgnoreCase(String a, String b) {
        boolean eq = a.equalsIgnoreCase(b);
        if (!eq && b != null) {
            Cmp.strings(a, b);
        }
        return eq;
    }

    /** Replaces {@code String.startsWith(String)}. */
    public static boolean stringStartsWith(String a, String prefix) {
        boolean r = a.startsWith(prefix);
        if (!r) {
            Cmp.strings(a, prefix);
        }
        return r;
    }

    /** Replaces {@code String.contains(CharSequence)}. */
    public static boolean stringContains(String a, CharSequence s) {
        boolean r = a.contains(s);
        if (!r && s != null) {
            Cmp.strings(a, s.toString());
        }
        return r;
    }

    /** Replaces {@code Arrays.equals(byte[], byte[])}. */
    public static boolean bytesEqual(byte[] a, byte[] b) {
        boolean eq = java.util.Arrays.equals(a, b);
        if (!eq && a != null && b != null) {
            Cmp.bytes(a, b);
        }
        return eq;
    }
}
