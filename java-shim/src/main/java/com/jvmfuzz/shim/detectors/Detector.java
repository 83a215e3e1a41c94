/*
 * What every detector does: report a finding for the current input (even if the target catches
 * everything, and before the dangerous call runs: the hook throws), and guide the fuzzer towards
 * a detector's payload through the comparison log, as Jazzer's guideTowards* do.
 *
 * Each detector recognises its own harmless payload (an executable named "jazze", a class named
 * "jaz.Zer", a host named "jazzer.example.com", ...): reaching it proves that the input chooses
 * what the call does, and a fixed command, class or host never is the payload.
 */
package com.jvmfuzz.shim.detectors;

import com.jvmfuzz.shim.fuzz.Cmp;
import com.jvmfuzz.shim.fuzz.Runner;

final class Detector {
    private Detector() {}

    static void report(String detector, String message) {
        report(detector, message, null);
    }

    /** A finding whose judged value is `value` (generated drivers tell a method's own use of
     * its argument, a regular expression it takes, from an injection). */
    static void report(String detector, String message, String value) {
        Runner.reportFromHook(new SecurityIssue(detector, message, value));
    }

    /** Guides {@code actual} towards being {@code payload}. */
    static void towardsEquality(String actual, String payload) {
        if (actual != null && !actual.equals(payload)) {
            Cmp.api(actual, payload);
        }
    }

    /** Guides {@code actual} towards containing {@code payload}. */
    static void towardsContainment(String actual, String payload) {
        if (actual != null && !actual.contains(payload)) {
            Cmp.api(actual, payload);
        }
    }

    /**
     * Guides {@code code} towards containing {@code payload} as code: as it is, and breaking out
     * of a '...' or "..." literal the input may sit in ({@code sep} separates statements or terms).
     */
    static void towardsCode(String code, String payload, String sep) {
        towardsContainment(code, payload);
        towardsContainment(code, "'" + sep + payload + sep + "'");
        towardsContainment(code, "\"" + sep + payload + sep + "\"");
    }

    /**
     * The code with its '...' and "..." literals blanked out (backslash escapes honoured): the
     * payload counts as code only outside them, so input that a program quotes properly is data.
     */
    static String outsideLiterals(String script) {
        StringBuilder out = new StringBuilder(script.length());
        char quote = 0;
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                out.append(' ');
            } else if (c == '\'' || c == '"') {
                quote = c;
                out.append(' ');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }


    /* Set while a harness's policy (Jazzer's BugDetectors API) runs on this thread. */
    private static final ThreadLocal<boolean[]> IN_POLICY = ThreadLocal.withInitial(() -> new boolean[1]);

    /**
     * Runs a harness's policy; {@code null} when called from inside one (the policy's own file
     * or network calls are hooked too, and must not ask it again).
     */
    static Boolean policy(java.util.function.BooleanSupplier test) {
        boolean[] in = IN_POLICY.get();
        if (in[0]) {
            return null;
        }
        in[0] = true;
        try {
            return test.getAsBoolean();
        } finally {
            in[0] = false;
        }
    }
}
