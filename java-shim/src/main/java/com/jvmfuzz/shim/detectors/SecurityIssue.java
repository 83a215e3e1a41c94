/*
 * What a bug detector reports: a finding with no exception of the target's own. The message
 * starts with the detector's name ("os-command-injection: ..."), which the fuzzer reads to fill
 * in the finding's detector, severity and CWE.
 */
package com.jvmfuzz.shim.detectors;

public final class SecurityIssue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public final String detector;

    SecurityIssue(String detector, String message) {
        super(detector + ": " + message);
        this.detector = detector;
        // The report starts at the target's call, not inside the detector and its bridge.
        java.util.List<StackTraceElement> kept = new java.util.ArrayList<>();
        for (StackTraceElement e : getStackTrace()) {
            if (!e.getClassName().startsWith("com.jvmfuzz.shim.") && !e.getMethodName().startsWith("jvmfuzz$hook$")) {
                kept.add(e);
            }
        }
        setStackTrace(kept.toArray(new StackTraceElement[0]));
    }
}
