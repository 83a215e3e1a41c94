/*
 * sql-injection (CWE-89): the input breaks the syntax of a query given to JDBC or JPA: a quote,
 * quoted identifier or comment left open, or unbalanced parentheses. A query built with
 * parameters (`?`) or from escaped input stays well formed, whatever the input.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;

public final class SqlInjection {
    private SqlInjection() {}

    static final String NAME = "sql-injection";
    static final String PAYLOAD = "'";

    /** {@code Statement.execute*(String, ...)}, {@code addBatch}, {@code Connection.prepare*(String, ...)}, JPA's native queries. */
    public static void query(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            String sql = (String) args[0];
            Detector.towardsContainment(sql, PAYLOAD);
            String why = problem(sql);
            if (why != null) {
                Detector.report(NAME, "SQL injection: the query `" + sql + "` is malformed: " + why);
            }
        }
    }

    /**
     * Null for a query well formed with backslash escapes in strings (MySQL's) or without them
     * (standard SQL's): a program's properly escaped query passes under its own dialect.
     */
    static String problem(String q) {
        String standard = problem(q, false);
        return standard == null ? null : problem(q, true) == null ? null : standard;
    }

    private static String problem(String q, boolean backslashes) {
        int depth = 0;
        for (int i = 0; i < q.length(); i++) {
            char c = q.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int j = i + 1;
                while (true) {
                    if (j >= q.length()) {
                        return "unterminated " + (c == '\'' ? "string" : "quoted identifier") + " at " + i;
                    }
                    char d = q.charAt(j);
                    if (backslashes && d == '\\' && c == '\'') {
                        j += 2;
                        continue;
                    }
                    if (d == c) {
                        if (j + 1 < q.length() && q.charAt(j + 1) == c) {
                            j += 2; // a doubled quote stands for itself
                            continue;
                        }
                        break;
                    }
                    j++;
                }
                i = j;
            } else if (c == '-' && i + 1 < q.length() && q.charAt(i + 1) == '-') {
                int nl = q.indexOf('\n', i);
                if (nl < 0) {
                    break; // a comment to the end: what follows is gone, but the syntax holds
                }
                i = nl;
            } else if (c == '/' && i + 1 < q.length() && q.charAt(i + 1) == '*') {
                int end = q.indexOf("*/", i + 2);
                if (end < 0) {
                    return "unterminated comment at " + i;
                }
                i = end + 1;
            } else if (c == '$' && i + 1 < q.length() && q.charAt(i + 1) == '$') {
                int end = q.indexOf("$$", i + 2);
                if (end < 0) {
                    return "unterminated $$ string at " + i;
                }
                i = end + 1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (--depth < 0) {
                    return "unbalanced `)` at " + i;
                }
            }
        }
        return depth == 0 ? null : "unbalanced `(`";
    }
}
