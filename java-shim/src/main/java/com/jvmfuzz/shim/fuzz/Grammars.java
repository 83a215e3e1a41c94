/*
 * Strings derived from a grammar for one parameter (a generated driver's --param-grammar, a
 * JUnit fuzz test's @Grammar). The fuzzer binds the native (fuzzer/src/grammar/params.rs); the
 * bytes given choose the derivation, so equal bytes give equal strings. Outside the fuzzer the
 * native is unbound: readable reproducers hold the derived values as literals instead.
 */
package com.jvmfuzz.shim.fuzz;

public final class Grammars {
    private Grammars() {}

    /**
     * The string {@code choices} select from the grammar in {@code file} (.g4 or Nautilus .json),
     * starting at rule {@code start} (null or empty: the grammar's first rule). Throws
     * IllegalArgumentException naming the problem when the grammar cannot be used.
     */
    public static native byte[] derive(String file, String start, byte[] choices);
}
