/*
 * Comparison log: operands of failed comparisons, handed to the fuzzer's CmpLog map (Rust) so
 * its input-to-state mutator can copy the expected value into the input. Only the fuzzer binds
 * these natives; anywhere else (repro outside the fuzzer) the first call fails to link and the
 * log switches itself off.
 */
package com.jvmfuzz.shim.fuzz;

import java.nio.charset.StandardCharsets;

public final class Cmp {
    private Cmp() {}

    private static volatile boolean off;

    static void strings(String a, String b) {
        bytes(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    static void bytes(byte[] a, byte[] b) {
        if (off) {
            return;
        }
        try {
            logBytes(a, b);
        } catch (LinkageError e) {
            off = true;
        }
    }

    /** Called by rewritten comparisons of ints (site = a per-site id). */
    public static void ints(int a, int b, int site) {
        if (off) {
            return;
        }
        try {
            logInts(a, b, site);
        } catch (LinkageError e) {
            off = true;
        }
    }

    private static native void logBytes(byte[] a, byte[] b);

    private static native void logInts(int a, int b, int site);
}
