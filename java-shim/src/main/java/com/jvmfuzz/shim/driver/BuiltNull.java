/*
 * Thrown by an instance helper whose factory, method or constant gave null for a value it
 * builds (FastTimeZone.getGmtTimeZone of a text that names no zone): the drivers pass null
 * only when asked to (--nulls, chosen at the top), so the run is a set-up failure, not a
 * finding, and the method under test never sees a null it was not meant to get.
 */
package com.jvmfuzz.shim.driver;

public final class BuiltNull extends RuntimeException {
    private static final long serialVersionUID = 1L;

    static final BuiltNull INSTANCE = new BuiltNull();

    private BuiltNull() {
        super("an instance helper's call gave null", null, false, false);
    }
}
