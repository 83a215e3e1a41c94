/*
 * The shadow of Integer.parseInt / Long.parseLong over a String with symbolic chars: the value
 * built from the digit chars (c - '0', or c - 'a' + 10 for letters, times the radix, plus),
 * with FIXED conditions that make it exact on this path only: each symbolic digit stays a
 * digit of its kind ('0'..'9', 'a'.., 'A'..) below the radix, a symbolic sign char stays that
 * sign, and the magnitude stays in range (for int). The string's length is concrete anyway.
 * A symbolic char that is a non-ASCII digit, or more digits than a long holds without overflow,
 * make the result concrete (counted).
 */
package com.jvmfuzz.shim.sym;

final class Numbers {
    private Numbers() {}

    /** The shadow (32 or 64 bits) of `result`, parsed from `s` in `radix`; null if concrete. */
    static Expr parse(String s, int radix, boolean isLong, long result) {
        Expr[] shadows = Shadows.string(s);
        int n = s.length();
        if (shadows == null || n == 0) {
            return null;
        }
        Expr[] guards = new Expr[n + 1];
        int i = 0;
        boolean negative = false;
        char first = s.charAt(0);
        if (first == '-' || first == '+') {
            negative = first == '-';
            Expr c = Shadows.charAt(s, 0);
            guards[0] = Expr.cmp(Expr.EQ, 16, c, 0, null, first);
            i = 1;
        }
        // radix^digits must fit in a long: the 64-bit sum below then never wraps.
        long limit = 1;
        for (int k = i; k < n; k++) {
            if (limit > Long.MAX_VALUE / radix) {
                lost(shadows);
                return null;
            }
            limit *= radix;
        }
        Expr acc = null;
        long accValue = 0;
        boolean symbolic = false;
        for (int j = i; j < n; j++) {
            char c = s.charAt(j);
            int digit = Character.digit(c, radix);
            Expr ce = Shadows.charAt(s, j);
            Expr d = null;
            if (ce != null) {
                int lo;
                int add;
                int span;
                if (c >= '0' && c <= '9') {
                    lo = '0';
                    add = 0;
                    span = Math.min(radix, 10) - 1;
                } else if (c >= 'a' && c <= 'z') {
                    lo = 'a';
                    add = 10;
                    span = radix - 11;
                } else if (c >= 'A' && c <= 'Z') {
                    lo = 'A';
                    add = 10;
                    span = radix - 11;
                } else {
                    lost(shadows); // a non-ASCII digit: no simple expression
                    return null;
                }
                Expr off = Expr.bin(Expr.SUB, 16, ce, 0, null, lo);
                guards[j] = Expr.cmp(Expr.ULE, 16, off, 0, null, span);
                d = Expr.bin(Expr.ADD, 64, Expr.zext(off, 64), 0, null, add);
                symbolic = true;
            }
            Expr times = Expr.bin(Expr.MUL, 64, acc, accValue, null, radix);
            long timesValue = accValue * radix;
            acc = Expr.bin(Expr.ADD, 64, times, timesValue, d, digit);
            accValue = timesValue + digit;
        }
        if (!symbolic || acc == null) {
            return null;
        }
        Expr value = negative ? Expr.neg(acc) : acc;
        if (!isLong) {
            if (limit - 1 > Integer.MAX_VALUE) {
                long max = negative ? 1L << 31 : (1L << 31) - 1;
                guards[n] = Expr.cmp(Expr.ULE, 64, acc, 0, null, max);
            }
            value = Expr.trunc(value, 32);
        }
        if (value == null || !value.holds(result)) {
            if (value != null) {
                Trace.mismatches++;
            }
            return null;
        }
        for (Expr g : guards) {
            Trace.fixed(g);
        }
        return value;
    }

    private static void lost(Expr[] shadows) {
        if (!Shadows.allNull(shadows)) {
            Trace.concretized++;
        }
    }
}
