/*
 * regex-injection (CWE-625): a regular expression that the input breaks or that backtracks
 * catastrophically.
 * - The input is compiled as a pattern and is not a valid one (Pattern.compile and the String
 *   methods that compile their argument). A fixed pattern cannot fail; one that failed before
 *   is remembered so the check costs a lookup per call.
 * - Matching takes exponential time (ReDoS, CWE-1333): a pattern with a quantified group that
 *   holds a quantifier or an alternation ("(a+)+", "(\w+\s?)*", "(a|ab)*") is matched against
 *   a subject that counts the engine's character reads, and more than BUDGET reads is the
 *   finding. The hook throws from inside the engine, so the runaway match never runs its course.
 *   Other patterns are matched as they are, with no extra cost.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public final class RegexInjection {
    private RegexInjection() {}

    static final String NAME = "regex-injection";
    /**
     * Valid patterns already seen, without flags (String.split and friends: a lookup, no
     * allocation, on every call) and with them, each mapped to whether it can backtrack
     * catastrophically; bounded so fuzzing cannot grow them forever.
     */
    private static final Map<String, Boolean> VALID = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> VALID_WITH_FLAGS = new ConcurrentHashMap<>();

    /** {@code Pattern.compile(String[, int])}. */
    public static void compile(MethodHandle method, Object self, Object[] args, int id) {
        int flags = args.length > 1 && args[1] instanceof Integer ? (Integer) args[1] : 0;
        check(args.length > 0 ? args[0] : null, flags);
    }

    /** {@code Pattern.matches(String regex, CharSequence input)}: the subject is counted too. */
    public static void patternMatches(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length == 2 && check(args[0], 0)) {
            args[1] = Counted.wrap((CharSequence) args[1], (String) args[0]);
        }
    }

    /** {@code Pattern.matcher/split/splitAsStream(CharSequence...)}: the subject is the first argument. */
    public static void subject(MethodHandle method, Object self, Object[] args, int id) {
        if (self instanceof Pattern && args.length > 0 && args[0] instanceof CharSequence) {
            Pattern p = (Pattern) self;
            if (backtracks(p.pattern(), p.flags())) {
                args[0] = Counted.wrap((CharSequence) args[0], p.pattern());
            }
        }
    }

    /** {@code Matcher.reset(CharSequence)}. */
    public static void reset(MethodHandle method, Object self, Object[] args, int id) {
        if (self instanceof Matcher && args.length == 1 && args[0] instanceof CharSequence) {
            Pattern p = ((Matcher) self).pattern();
            if (backtracks(p.pattern(), p.flags())) {
                args[0] = Counted.wrap((CharSequence) args[0], p.pattern());
            }
        }
    }

    /**
     * {@code String.matches(regex)}. The receiver is the subject and a hook cannot replace it:
     * a pattern that may backtrack is matched once more on a counted copy first.
     */
    public static void stringMatches(MethodHandle method, Object self, Object[] args, int id) {
        Object regex = args.length > 0 ? args[0] : null;
        if (check(regex, 0) && self instanceof String) {
            Pattern.compile((String) regex).matcher(Counted.wrap((String) self, (String) regex)).matches();
        }
    }

    /** {@code String.replaceAll/replaceFirst/split(regex, ...)}: as above, with find(). */
    public static void stringFind(MethodHandle method, Object self, Object[] args, int id) {
        Object regex = args.length > 0 ? args[0] : null;
        if (check(regex, 0) && self instanceof String) {
            Matcher m = Pattern.compile((String) regex).matcher(Counted.wrap((String) self, (String) regex));
            while (m.find()) {
                // every match, as split and replaceAll see them
            }
        }
    }

    /** Whether {@code pattern} (valid, else the finding) may backtrack catastrophically. */
    private static boolean check(Object pattern, int flags) {
        if (!(pattern instanceof String)) {
            return false;
        }
        String p = (String) pattern;
        Map<String, Boolean> valid = flags == 0 ? VALID : VALID_WITH_FLAGS;
        String key = flags == 0 ? p : flags + ":" + p;
        Boolean known = valid.get(key);
        if (known != null) {
            return known;
        }
        try {
            Pattern.compile(p, flags);
        } catch (PatternSyntaxException e) {
            Detector.report(NAME, "regular expression injection: the input is an invalid pattern: "
                    + e.getDescription() + " near index " + e.getIndex(), p);
        } catch (IllegalArgumentException e) {
            // Unknown flag bits: the call itself will say so.
            return false;
        }
        if (valid.size() > 10_000) {
            valid.clear();
        }
        boolean b = nestedQuantifier(p);
        valid.put(key, b);
        return b;
    }

    /** Whether a valid pattern may backtrack catastrophically (cached like {@link #check}). */
    private static boolean backtracks(String pattern, int flags) {
        return check(pattern, flags);
    }

    /**
     * Whether some group is repeated (*, +, {n,} or {n,m} with m > 1) and holds a quantifier or
     * an alternation: the shape of every exponential pattern. Escapes and character classes are
     * skipped; this only decides which subjects are counted, the count decides the finding.
     */
    static boolean nestedQuantifier(String p) {
        int n = p.length();
        // For each open group: whether it holds a quantifier or '|' so far.
        boolean[] stack = new boolean[n + 1];
        int depth = 0;
        for (int i = 0; i < n; i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                if (i + 1 < n && p.charAt(i + 1) == 'Q') {
                    int end = p.indexOf("\\E", i + 2);
                    i = end < 0 ? n : end + 1;
                } else {
                    i++;
                }
            } else if (c == '[') {
                i = classEnd(p, i);
            } else if (c == '(') {
                stack[++depth] = false;
            } else if (c == ')') {
                if (depth == 0) {
                    continue;
                }
                boolean inner = stack[depth--];
                if (inner && repeats(p, i + 1)) {
                    return true;
                }
                if (inner || repeats(p, i + 1)) {
                    stack[depth] |= true;
                }
            } else if (c == '|' || ((c == '*' || c == '+') && i > 0) || (c == '{' && repeats(p, i))
                    || (c == '?' && i > 0 && "(*+?}".indexOf(p.charAt(i - 1)) < 0)) {
                stack[depth] = true;
            }
        }
        return false;
    }

    /** Whether the quantifier at {@code i} (if any) allows more than one repetition. */
    private static boolean repeats(String p, int i) {
        if (i >= p.length()) {
            return false;
        }
        char c = p.charAt(i);
        if (c == '*' || c == '+') {
            return true;
        }
        if (c != '{') {
            return false;
        }
        int close = p.indexOf('}', i);
        if (close < 0) {
            return false;
        }
        String body = p.substring(i + 1, close);
        int comma = body.indexOf(',');
        if (comma < 0) {
            return digits(body) && !body.isEmpty() && Long.parseLong(body.length() > 9 ? "999999999" : body) > 1;
        }
        String max = body.substring(comma + 1);
        return max.isEmpty() || (digits(max) && Long.parseLong(max.length() > 9 ? "999999999" : max) > 1);
    }

    private static boolean digits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The index of the ']' closing the class opened at {@code open} (nested classes too). */
    private static int classEnd(String p, int open) {
        int depth = 0;
        for (int i = open; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return i;
            }
        }
        return p.length();
    }

    /**
     * A subject that counts the regex engine's reads. The budget is far above what any
     * polynomial match of up to quadratic cost needs: ten million reads plus a hundred per
     * character squared (a 4,096-character input may take 1.7 billion).
     */
    static final class Counted implements CharSequence {
        /** Pattern -> the first of its 64 extra-coverage sites (-1: none left). */
        private static final Map<String, Integer> SITES = new ConcurrentHashMap<>();

        private final CharSequence text;
        private final String pattern;
        private final long budget;
        private long reads;

        private Counted(CharSequence text, String pattern) {
            this.text = text;
            this.pattern = pattern;
            long n = text.length();
            this.budget = 10_000_000L + 100L * n * n;
        }

        static CharSequence wrap(CharSequence text, String pattern) {
            return text == null || text instanceof Counted ? text : new Counted(text, pattern);
        }

        @Override
        public char charAt(int index) {
            if ((++reads & (reads - 1)) == 0 && reads > 2L * text.length()) {
                progress();
            }
            if (reads > budget) {
                String shown = text.length() > 80 ? text.subSequence(0, 80) + "..." : text.toString();
                Detector.report(NAME, "regular expression denial of service (CWE-1333): matching " + text.length()
                        + " characters against the pattern " + pattern + " took over " + budget
                        + " steps (catastrophic backtracking) on: " + shown, pattern);
            }
            return text.charAt(index);
        }

        /**
         * Guidance: each doubling of the reads per character of the subject is a cell of extra
         * coverage of its own (per pattern), so the fuzzer keeps inputs that make the engine
         * backtrack more, and grows them towards the budget instead of waiting for luck.
         */
        private void progress() {
            Integer first = SITES.get(pattern);
            if (first == null) {
                if (SITES.size() > 1_000) {
                    return;
                }
                first = com.jvmfuzz.shim.fuzz.Cmp.reserveSites(64);
                SITES.put(pattern, first);
            }
            if (first >= 0) {
                long perChar = reads / (text.length() + 1L);
                com.jvmfuzz.shim.fuzz.Cmp.counter(first + 63 - Long.numberOfLeadingZeros(Math.max(perChar, 1)), 1);
            }
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
