/*
 * os-command-injection (CWE-78): the input chooses the executable of ProcessBuilder.start or
 * Runtime.exec. The payload is an executable named "jazze" (Jazzer's); the hook throws before
 * the process starts.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.StringTokenizer;

public final class OsCommandInjection {
    private OsCommandInjection() {}

    static final String NAME = "os-command-injection";
    static final String PAYLOAD = "jazze";

    /** {@code ProcessBuilder.start()}. */
    public static void start(MethodHandle method, Object self, Object[] args, int id) {
        if (self instanceof ProcessBuilder) {
            List<String> command = ((ProcessBuilder) self).command();
            if (!command.isEmpty()) {
                check(command.get(0));
            }
        }
    }

    /** {@code Runtime.exec(String|String[], ...)}. */
    public static void exec(MethodHandle method, Object self, Object[] args, int id) {
        Object command = args.length > 0 ? args[0] : null;
        if (command instanceof String) {
            StringTokenizer t = new StringTokenizer((String) command);
            check(t.hasMoreTokens() ? t.nextToken() : (String) command);
        } else if (command instanceof String[] && ((String[]) command).length > 0) {
            check(((String[]) command)[0]);
        }
    }

    private static void check(String executable) {
        if (executable == null) {
            return;
        }
        String name = executable.substring(executable.lastIndexOf('/') + 1);
        Detector.towardsEquality(executable, PAYLOAD);
        if (name.equals(PAYLOAD)) {
            Detector.report(NAME, "OS command injection: the input chose the executable `" + executable + "`");
        }
    }
}
