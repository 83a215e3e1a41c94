/*
 * expression-language-injection (CWE-917): the input reaches an expression language as code:
 * Jakarta/Java EL, Spring's SpEL, OGNL, MVEL or JEXL. The payload is a reference to the
 * honeypot class jaz.Zer: an expression naming it outside string literals was written by the
 * input, and evaluating it would load a class of the input's choice.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;

public final class ExpressionLanguageInjection {
    private ExpressionLanguageInjection() {}

    static final String NAME = "expression-language-injection";
    static final String PAYLOAD = "T(jaz.Zer)";
    private static final String MARK = "jaz.Zer";

    /** An expression string as the first argument (SpEL, OGNL, MVEL, JEXL). */
    public static void first(MethodHandle method, Object self, Object[] args, int id) {
        check(args.length > 0 ? args[0] : null);
    }

    /** An expression string as the second argument (EL's {@code createValueExpression(ctx, expr, type)}). */
    public static void second(MethodHandle method, Object self, Object[] args, int id) {
        check(args.length > 1 ? args[1] : null);
    }

    private static void check(Object expression) {
        if (expression instanceof String) {
            String e = (String) expression;
            Detector.towardsCode(e, PAYLOAD, "+");
            if (Detector.outsideLiterals(e).contains(MARK)) {
                Detector.report(NAME, "expression language injection: the input wrote the expression `" + e + "`");
            }
        }
    }
}
