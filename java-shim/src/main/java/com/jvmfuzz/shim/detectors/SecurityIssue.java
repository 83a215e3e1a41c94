/*
 * What a bug detector reports: a finding with no exception of the target's own. The message
 * starts with the detector's name ("os-command-injection: ..."), which the fuzzer reads to fill
 * in the finding's detector, severity and CWE.
 */
package com.jvmfuzz.shim.detectors;

public final class SecurityIssue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public final String detector;
    /** The input-derived value the detector judged (a pattern, a query), when it has one. */
    public final String value;

    SecurityIssue(String detector, String message) {
        this(detector, message, null);
    }

    SecurityIssue(String detector, String message, String value) {
        super(detector + ": " + message);
        this.detector = detector;
        this.value = value;
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
