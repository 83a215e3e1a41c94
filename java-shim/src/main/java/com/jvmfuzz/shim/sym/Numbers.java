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
        // An int of at most nine decimal digits cannot overflow 32 bits: 32-bit terms are
        // easier for the solver than 64-bit ones. The value is written as the sum of digit *
        // radix^k rather than the multiply-add chain the parse runs: Z3 takes a second for the
        // sum of nine digits where the chain takes ten or more.
        int w = !isLong && limit - 1 <= Integer.MAX_VALUE ? 32 : 64;
        Expr acc = null;
        long accValue = 0;
        long weight = 1;
        boolean symbolic = false;
        for (int j = n - 1; j >= i; j--) {
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
                d = Expr.bin(Expr.ADD, w, Expr.zext(off, w), 0, null, add);
                symbolic = true;
            }
            Expr term = Expr.bin(Expr.MUL, w, d, digit, null, weight);
            long termValue = digit * weight;
            acc = Expr.bin(Expr.ADD, w, acc, accValue, term, termValue);
            accValue += termValue;
            weight *= radix;
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
            value = w == 32 ? value : Expr.trunc(value, 32);
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

    /** First site id of the models' own branches (the rewriter's sites stay below it). */
    static final int MODEL_SITES = 0x7F_0000;

    /**
     * A decimal parse that threw: when the string failed only because of symbolic chars, a
     * branch "the string is a number" that did not hold, at a site of its own per traced method
     * (the model cannot see its call site). Negated, it asks for digits (and a sign) in every
     * position, which one flip per character could not reach: each such input fails the same
     * way, so coverage would never keep it. Overflow (all digits, too many) records nothing.
     */
    static void failed(String s, int radix) {
        Expr[] shadows = Shadows.string(s);
        int n = s.length();
        if (shadows == null || n == 0 || radix != 10) {
            return;
        }
        Expr valid = null;
        boolean holds = true;
        for (int j = 0; j < n; j++) {
            char c = s.charAt(j);
            Expr ce = Shadows.charAt(s, j);
            boolean digit = c >= '0' && c <= '9';
            boolean sign = j == 0 && n > 1 && (c == '-' || c == '+');
            if (ce == null) {
                if (!digit && !sign) {
                    return; // a concrete char that no solution can change
                }
                continue;
            }
            holds &= digit || sign;
            Expr g = Expr.cmp(Expr.ULE, 16, Expr.bin(Expr.SUB, 16, ce, 0, null, '0'), 0, null, 9);
            if (j == 0 && n > 1) {
                g = Expr.bor(g, Expr.bor(Expr.cmp(Expr.EQ, 16, ce, 0, null, '-'), Expr.cmp(Expr.EQ, 16, ce, 0, null, '+')));
            }
            valid = valid == null ? g : Expr.band(valid, g);
        }
        if (holds || valid == null) {
            return;
        }
        Trace.branch(MODEL_SITES | (Sym.top().mid & 0xFFFF), false, Expr.bnot(valid));
    }

    private static void lost(Expr[] shadows) {
        if (!Shadows.allNull(shadows)) {
            Trace.concretized++;
        }
    }
}
