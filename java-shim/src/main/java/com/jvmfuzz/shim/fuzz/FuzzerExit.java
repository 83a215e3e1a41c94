/*
 * Thrown in place of System.exit / Runtime.exit / Runtime.halt inside instrumented code (the
 * fuzzer's rewriter redirects those calls to Hooks): a target that ends the JVM would otherwise
 * end the fuzzing run. An Error, so ordinary `catch (Exception e)` blocks do not swallow it;
 * Hooks also records the call, so a target that catches Throwable is still reported.
 */
package com.jvmfuzz.shim.fuzz;

public final class FuzzerExit extends Error {
    private static final long serialVersionUID = 1L;

    public FuzzerExit(String message) {
        super(message);
    }
}
