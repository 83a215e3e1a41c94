/*
 * ldap-injection (CWE-90): the input breaks the syntax of a DirContext.search filter (RFC 4515:
 * parentheses, operators, escapes). A filter built from escaped input stays well formed.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;

public final class LdapInjection {
    private LdapInjection() {}

    static final String NAME = "ldap-injection";
    static final String PAYLOAD = "*)(uid=*))(|(uid=*";

    /** {@code DirContext.search(name, String filter, ...)}: the filter is the second argument. */
    public static void search(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 1 && args[1] instanceof String) {
            String filter = (String) args[1];
            Detector.towardsContainment(filter, PAYLOAD);
            String why = new Filter(filter).problem();
            if (why != null) {
                Detector.report(NAME, "LDAP injection: the search filter `" + filter + "` is malformed: " + why);
            }
        }
    }

    /** A recursive-descent check of one RFC 4515 filter; {@code problem()} is null when well formed. */
    static final class Filter {
        private final String s;
        private int i;

        Filter(String s) {
            this.s = s;
        }

        String problem() {
            try {
                // A bare item without parentheses is accepted by JNDI too.
                if (!s.startsWith("(")) {
                    item(s.length());
                } else {
                    filter(0);
                }
                if (i != s.length()) {
                    return "text after the filter at " + i;
                }
                return null;
            } catch (IllegalStateException e) {
                return e.getMessage();
            }
        }

        private void expect(char c) {
            if (i >= s.length() || s.charAt(i) != c) {
                throw new IllegalStateException("expected `" + c + "` at " + i);
            }
            i++;
        }

        private void filter(int depth) {
            if (depth > 100) {
                throw new IllegalStateException("nested too deeply");
            }
            expect('(');
            if (i >= s.length()) {
                throw new IllegalStateException("unterminated filter");
            }
            char c = s.charAt(i);
            if (c == '&' || c == '|') {
                i++;
                while (i < s.length() && s.charAt(i) == '(') {
                    filter(depth + 1);
                }
            } else if (c == '!') {
                i++;
                filter(depth + 1);
            } else {
                int end = s.indexOf(')', i);
                if (end < 0) {
                    throw new IllegalStateException("unterminated item at " + i);
                }
                item(end);
            }
            expect(')');
        }

        /** attr [~<>]?= value, value up to {@code end} with escapes \XX and no bare parenthesis. */
        private void item(int end) {
            int eq = s.indexOf('=', i);
            if (eq < 0 || eq >= end) {
                throw new IllegalStateException("no `=` in the item at " + i);
            }
            int attrEnd = eq > i && "~<>".indexOf(s.charAt(eq - 1)) >= 0 ? eq - 1 : eq;
            if (attrEnd == i) {
                throw new IllegalStateException("no attribute at " + i);
            }
            for (int k = i; k < attrEnd; k++) {
                char a = s.charAt(k);
                if (!(Character.isLetterOrDigit(a) || a == '-' || a == '.' || a == ';' || a == ':' || a == '_')) {
                    throw new IllegalStateException("`" + a + "` in an attribute at " + k);
                }
            }
            for (int k = eq + 1; k < end; k++) {
                char v = s.charAt(k);
                if (v == '(' || v == 0) {
                    throw new IllegalStateException("unescaped `" + v + "` in a value at " + k);
                }
                if (v == '\\') {
                    if (k + 2 >= end || !hex(s.charAt(k + 1)) || !hex(s.charAt(k + 2))) {
                        throw new IllegalStateException("bad escape at " + k);
                    }
                    k += 2;
                }
            }
            i = end;
        }

        private static boolean hex(char c) {
            return Character.digit(c, 16) >= 0;
        }
    }
}
