package grammarbench;

import java.nio.charset.StandardCharsets;
import org.mozilla.javascript.CompilerEnvirons;
import org.mozilla.javascript.Parser;
import org.mozilla.javascript.RhinoException;

/**
 * Rhino 1.7.15's JavaScript parser: parse only (no evaluation). A syntax error is reported by
 * the default error reporter as an EvaluatorException; EcmaError and the other RhinoExceptions
 * are its documented script errors. Anything else escaping is a finding.
 */
public class RhinoFuzzer {
    public static void fuzzerTestOneInput(byte[] data) {
        parse(data);
    }

    /** Whether the parser accepts the input (the replay counts these). */
    public static boolean parse(byte[] data) {
        String src = new String(data, StandardCharsets.UTF_8);
        try {
            new Parser(new CompilerEnvirons()).parse(src, "fuzz.js", 1);
            return true;
        } catch (RhinoException e) {
            return false; // EvaluatorException (syntax errors), EcmaError, ...: bad input, not a bug
        }
    }
}
