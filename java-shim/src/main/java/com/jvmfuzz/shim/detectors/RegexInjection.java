/*
 * regex-injection (CWE-625): the input is compiled as a regular expression and is not a valid
 * one (Pattern.compile and the String methods that compile their argument). A fixed pattern
 * cannot fail; one that failed before is remembered so the check costs a lookup per call.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public final class RegexInjection {
    private RegexInjection() {}

    static final String NAME = "regex-injection";
    /**
     * Valid patterns already seen, without flags (String.split and friends: a lookup, no
     * allocation, on every call) and with them; bounded so fuzzing cannot grow them forever.
     */
    private static final Map<String, Boolean> VALID = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> VALID_WITH_FLAGS = new ConcurrentHashMap<>();

    /** {@code Pattern.compile(String[, int])}, {@code Pattern.matches(String, CharSequence)}. */
    public static void compile(MethodHandle method, Object self, Object[] args, int id) {
        int flags = args.length > 1 && args[1] instanceof Integer ? (Integer) args[1] : 0;
        check(args.length > 0 ? args[0] : null, flags);
    }

    /** {@code String.matches/replaceAll/replaceFirst/split(regex, ...)}: the receiver is not the pattern. */
    public static void stringRegex(MethodHandle method, Object self, Object[] args, int id) {
        check(args.length > 0 ? args[0] : null, 0);
    }

    private static void check(Object pattern, int flags) {
        if (!(pattern instanceof String)) {
            return;
        }
        String p = (String) pattern;
        Map<String, Boolean> valid = flags == 0 ? VALID : VALID_WITH_FLAGS;
        String key = flags == 0 ? p : flags + ":" + p;
        if (valid.containsKey(key)) {
            return;
        }
        try {
            Pattern.compile(p, flags);
            if (valid.size() > 10_000) {
                valid.clear();
            }
            valid.put(key, Boolean.TRUE);
        } catch (PatternSyntaxException e) {
            Detector.report(NAME, "regular expression injection: the input is an invalid pattern: "
                    + e.getDescription() + " near index " + e.getIndex(), p);
        } catch (IllegalArgumentException e) {
            // Unknown flag bits: the call itself will say so.
        }
    }
}
