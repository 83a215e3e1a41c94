/*
 * Thrown by an instance helper past the depth bound with no way to build its type that needs
 * no further helper: the run is a set-up failure, not a finding.
 */
package com.jvmfuzz.shim.driver;

public final class TooDeep extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooDeep() {
        super("instance helpers nested too deep", null, false, false);
    }
}
