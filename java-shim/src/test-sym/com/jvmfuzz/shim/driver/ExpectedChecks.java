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
        leftovers();
        System.out.println("ExpectedChecks: OK");
    }

    /* Leftovers: a site's first executor is spared, its second is shut down, and a rejection
     * by one shut down here is recognised (and spares its site from then on). */
    private static void leftovers() {
        java.util.concurrent.ExecutorService first = java.util.concurrent.Executors.newSingleThreadExecutor();
        java.util.concurrent.ExecutorService second = java.util.concurrent.Executors.newSingleThreadExecutor();
        Leftovers.started(null, null, new Object[0], 7, first);
        check(!Leftovers.pending(), "a site's first executor is recorded");
        Leftovers.started(null, null, new Object[0], 7, second);
        check(Leftovers.pending(), "a site's second executor is not recorded");
        check(Leftovers.stopAll() == 1 && second.isShutdown() && !first.isShutdown(), "stopAll stopped the wrong ones");
        check(!Leftovers.pending(), "stopAll left something recorded");
        Throwable rejected = null;
        try {
            second.submit(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            rejected = e;
        }
        check(rejected != null && Leftovers.rejectedByUs(rejected), "a rejection by a stopped executor: " + rejected);
        check(!Leftovers.rejectedByUs(new java.util.concurrent.RejectedExecutionException("full")), "any rejection");
        java.util.concurrent.ExecutorService third = java.util.concurrent.Executors.newSingleThreadExecutor();
        Leftovers.started(null, null, new Object[0], 7, third);
        check(!Leftovers.pending(), "a site whose executor was rejected after a stop is spared");
        Thread waiter = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // stopped
            }
        });
        waiter.start();
        Leftovers.started(null, waiter, new Object[0], 8, null);
        Leftovers.started(null, waiter, new Object[0], 8, null);
        check(Leftovers.stopAll() == 1, "a live thread counts once stopped");
        try {
            waiter.join(10_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        check(!waiter.isAlive(), "the thread was not interrupted");
        first.shutdownNow();
        third.shutdownNow();
    }
}
