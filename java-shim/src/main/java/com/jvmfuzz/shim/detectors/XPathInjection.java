/*
 * xpath-injection (CWE-643): the input breaks the syntax of an XPath expression. The expression
 * is compiled by the same XPath object (its namespace, variable and function resolvers), so only
 * the syntax is judged; a valid expression is remembered.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;

public final class XPathInjection {
    private XPathInjection() {}

    static final String NAME = "xpath-injection";
    static final String PAYLOAD = "' or '1'='1";
    private static final Map<String, Boolean> VALID = new ConcurrentHashMap<>();

    /** {@code XPath.compile(String)}, {@code XPath.evaluate(String, ...)}, {@code evaluateExpression}. */
    public static void expression(MethodHandle method, Object self, Object[] args, int id) {
        if (!(self instanceof XPath) || args.length == 0 || !(args[0] instanceof String)) {
            return;
        }
        String expr = (String) args[0];
        Detector.towardsContainment(expr, PAYLOAD);
        if (VALID.containsKey(expr)) {
            return;
        }
        try {
            ((XPath) self).compile(expr);
            if (VALID.size() > 10_000) {
                VALID.clear();
            }
            VALID.put(expr, Boolean.TRUE);
        } catch (XPathExpressionException e) {
            Detector.report(NAME, "XPath injection: the expression `" + expr + "` is malformed");
        } catch (RuntimeException e) {
            // The implementation's own trouble (not a syntax error): the call will say so.
        }
    }
}
