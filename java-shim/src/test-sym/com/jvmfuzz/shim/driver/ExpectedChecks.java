package com.jvmfuzz.shim.driver;

import java.util.Arrays;
import java.util.List;

/**
 * Hand-driven checks of the driver runtime's pure helpers (run by run.sh before SymTest; in the
 * shim's package to reach them). Exits non-zero on the first failure.
 */
public final class ExpectedChecks {
    private ExpectedChecks() {}

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("ExpectedChecks FAILED: " + what);
            System.exit(1);
        }
    }

    private static void anchored(String pattern, String caller, boolean expected) {
        List<String> forms = Arrays.asList(Expected.unanchored(pattern));
        check(forms.contains(caller) == expected, pattern + " -> " + forms + (expected ? " lacks " : " has ") + caller);
    }

    public static void main(String[] args) {
        anchored("^ab", "ab", true);
        anchored("ab$", "ab", true);
        anchored("^ab$", "ab", true);
        // A caller's pattern ending in '$' behind a leading anchor (CI's contract run, 2026-11-27:
        // "^" + "enen(#nnja$$$$$$$$" was taken for the library's own pattern).
        anchored("^enen(#nnja$$$$$$$$", "enen(#nnja$$$$$$$$", true);
        anchored("a$$", "a$", true);
        anchored("ab\\$", "ab\\", false); // an escaped dollar is no anchor
        anchored("^", "", true);
        anchored("$", "", true);
        anchored("^$", "", true);
        anchored("xab", "ab", false);
        // The allocation limit's count is scaled from an argument (times 2: new char[2 * n]).
        check(Expected.scaled(1000, 2000), "2000 = 1000 * 2");
        check(!Expected.scaled(1000, 2001), "2001 is no multiple of 1000");
        System.out.println("ExpectedChecks: OK");
    }
}
