/*
 * script-engine-injection (CWE-94): the input reaches ScriptEngine.eval (or Compilable.compile)
 * as code. The payload is a call to a function named jazzer_script_honeypot: a script that
 * contains it outside string literals was written by the input, not by the program.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;

public final class ScriptEngineInjection {
    private ScriptEngineInjection() {}

    static final String NAME = "script-engine-injection";
    static final String PAYLOAD = "jazzer_script_honeypot()";

    /** {@code ScriptEngine.eval(String, ...)}, {@code Compilable.compile(String)}. */
    public static void eval(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            String script = (String) args[0];
            // The payload as code, also breaking out of a '...' or "..." literal the input sits in.
            Detector.towardsCode(script, PAYLOAD, ";");
            if (Detector.outsideLiterals(script).contains(PAYLOAD)) {
                Detector.report(NAME, "script injection: the input wrote code the script engine evaluates");
            }
        }
    }
}
