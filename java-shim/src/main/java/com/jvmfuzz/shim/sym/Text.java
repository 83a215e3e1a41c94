/*
 * Which chars of a String decoded from bytes are which bytes (and back), for the charsets
 * where that is simple: ISO-8859-1 (every byte is its char), US-ASCII and UTF-8 (a byte below
 * 0x80 is its own char; everything else stays concrete).
 *
 * For US-ASCII and UTF-8 a char is symbolic only when its byte is below 0x80 in this execution,
 * and then a FIXED condition keeps it below 0x80: with another value the byte would decode to
 * U+FFFD or start a multi-byte sequence, and the char positions after it would move. Bytes of
 * 0x80 and above keep their values (no condition mentions them), so the layout stays as it is.
 *
 * UTF-8 positions: a byte below 0x80 always decodes to itself and never belongs to a
 * multi-byte or malformed sequence, so each run of bytes >= 0x80 decodes on its own; the
 * chars it gives are counted by decoding that run alone. The mapping is then checked against
 * the decoded String (every mapped char equals its byte, the total length matches); if it does
 * not hold, the String gets no shadows.
 */
package com.jvmfuzz.shim.sym;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

final class Text {
    private Text() {}

    /** Char shadows of a decoded String, with the conditions that keep each one exact. */
    static final class Decoded {
        final Expr[] chars;
        /* Per char: the FIXED condition its shadow needs (or null). */
        final Expr[] guards;

        Decoded(int n) {
            chars = new Expr[n];
            guards = new Expr[n];
        }

        /** Records the guards of chars [0, n) and gives `s` (n chars) those shadows. */
        void apply(String s, int n) {
            if (n > chars.length || n != s.length()) {
                return;
            }
            for (int i = 0; i < n; i++) {
                if (chars[i] != null) {
                    Trace.fixed(guards[i]);
                }
            }
            Shadows.setString(s, n == chars.length ? chars : java.util.Arrays.copyOf(chars, n));
        }
    }

    /** The shadow of bytes[i] if it has one whose value is that byte. */
    static Expr byteAt(byte[] bytes, int i) {
        Expr e = Shadows.element(bytes, i);
        if (e != null && (e.width != 8 || !e.holds(bytes[i]))) {
            Trace.mismatches++;
            return null;
        }
        return e;
    }

    /**
     * The char shadows of `s`, decoded from bytes[off, off + len) with `cs`; null if none of
     * those bytes is symbolic or the charset is not one of the simple ones.
     */
    static Decoded decode(byte[] bytes, int off, int len, Charset cs, String s) {
        if (Shadows.elements(bytes) == null || len <= 0) {
            return null;
        }
        int n = s.length();
        Decoded d = new Decoded(n);
        if (cs.equals(StandardCharsets.ISO_8859_1)) {
            if (n != len) {
                return null;
            }
            for (int i = 0; i < n; i++) {
                d.chars[i] = Expr.zext(byteAt(bytes, off + i), 16);
            }
            return d;
        }
        if (cs.equals(StandardCharsets.US_ASCII)) {
            if (n != len) {
                return null;
            }
            for (int i = 0; i < n; i++) {
                ascii(d, i, bytes, off + i);
            }
            return d;
        }
        if (!cs.equals(StandardCharsets.UTF_8)) {
            return null;
        }
        int k = 0;
        int i = 0;
        while (i < len) {
            byte b = bytes[off + i];
            if (b >= 0) {
                if (k >= n || s.charAt(k) != b) {
                    return null;
                }
                ascii(d, k, bytes, off + i);
                k++;
                i++;
            } else {
                int j = i;
                while (j < len && bytes[off + j] < 0) {
                    j++;
                }
                k += new String(bytes, off + i, j - i, StandardCharsets.UTF_8).length();
                i = j;
            }
        }
        return k == n ? d : null;
    }

    /* Char k is byte p, below 0x80 now: symbolic, kept below 0x80. */
    private static void ascii(Decoded d, int k, byte[] bytes, int p) {
        Expr b = byteAt(bytes, p);
        if (b != null && bytes[p] >= 0) {
            d.chars[k] = Expr.zext(b, 16);
            d.guards[k] = Expr.cmp(Expr.ULT, 8, b, 0, null, 0x80);
        }
    }

    /**
     * The element shadows of `out` = s.getBytes(cs), or null (also for charsets other than
     * ISO-8859-1, US-ASCII and UTF-8). Records the FIXED conditions the mapped chars need.
     */
    static Expr[] encode(String s, byte[] out, Charset cs) {
        Expr[] cs16 = Shadows.string(s);
        if (cs16 == null) {
            return null;
        }
        int n = s.length();
        Expr[] bytes = new Expr[out.length];
        Expr[] guards = new Expr[out.length];
        boolean latin1 = cs.equals(StandardCharsets.ISO_8859_1);
        if (latin1 || cs.equals(StandardCharsets.US_ASCII)) {
            if (out.length != n) {
                return null;
            }
            int limit = latin1 ? 0x100 : 0x80;
            for (int i = 0; i < n; i++) {
                Expr c = Shadows.charAt(s, i);
                if (c != null && s.charAt(i) < limit) {
                    bytes[i] = Expr.trunc(c, 8);
                    guards[i] = Expr.cmp(Expr.ULT, 16, c, 0, null, limit);
                }
            }
        } else if (cs.equals(StandardCharsets.UTF_8)) {
            int p = 0;
            for (int i = 0; i < n; i++) {
                char ch = s.charAt(i);
                if (ch < 0x80) {
                    if (p >= out.length || out[p] != ch) {
                        return null;
                    }
                    Expr c = Shadows.charAt(s, i);
                    if (c != null) {
                        bytes[p] = Expr.trunc(c, 8);
                        guards[p] = Expr.cmp(Expr.ULT, 16, c, 0, null, 0x80);
                    }
                    p++;
                } else if (ch < 0x800) {
                    p += 2;
                } else if (Character.isHighSurrogate(ch) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    p += 4;
                    i++;
                } else if (Character.isSurrogate(ch)) {
                    p += 1; // unpaired: '?'
                } else {
                    p += 3;
                }
            }
            if (p != out.length) {
                return null;
            }
        } else {
            return null;
        }
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != null) {
                Trace.fixed(guards[i]);
            }
        }
        return bytes;
    }
}
