/*
 * Shadows of what the data providers hand out (com.jvmfuzz.shim.fuzz.FuzzedDataProvider, front
 * first and big-endian; JazzerLayout, Jazzer's layout). The providers are not traced: a traced
 * harness calls them through `call`/`result`, so a primitive result's shadow goes through the
 * pending return under the interface method's key (Sym.key("consumeInt()I")), and arrays and
 * strings get element/char shadows by identity.
 *
 * The variables are the shadows of the provider's data array, which is the very array
 * Sym.begin made symbolic (TraceRunner passes it in); its element shadows are read (and checked
 * against the bytes), so a provider over any other array yields concrete values.
 *
 * Every method here is called only when Sym.active(), and swallows its own failures: the
 * providers' concrete behaviour must not change in any way.
 */
package com.jvmfuzz.shim.sym;

public final class Sources {
    private Sources() {}

    /** How a number read from the bytes becomes the returned value. */
    public static final int BOOLEAN = 0, BYTE = 1, SHORT = 2, CHAR = 3, INT = 4, LONG = 5;

    // ================================================================== jvmfuzz's provider

    /** A value of `kind` from n bytes at `from`, big-endian; bytes past the end read as 0. */
    public static void frontNumber(int key, int kind, byte[] data, int from, int n) {
        try {
            Sym.returnValue(key, as(kind, bigEndian(data, from, n)));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * FuzzedDataProvider's range: as few bytes as the span needs, big-endian from `from`, then
     * min + value % (span + 1) (unsigned). Exact unless it needs all 8 bytes (then concrete).
     */
    public static void frontRange(int key, int kind, byte[] data, int from, long min, long max) {
        try {
            long span = max - min;
            Expr v = null;
            if (span != 0) {
                int bytes = 0;
                for (long s = span; s != 0 && bytes < 8; s >>>= 8) {
                    bytes++;
                }
                v = offset(bigEndian(data, from, bytes), bytes, min, span);
            }
            Sym.returnValue(key, as(kind, v));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /* min + raw % (span + 1) as an unsigned remainder, raw being `bytes` bytes (64 bits). */
    private static Expr offset(Expr raw, int bytes, long min, long span) {
        if (raw == null) {
            return null;
        }
        if (span == -1L) {
            return Expr.bin(Expr.ADD, 64, raw, 0, null, min);
        }
        if (bytes >= 8) {
            // raw may be negative as a signed long: SREM is not the unsigned remainder.
            Trace.concretized++;
            return null;
        }
        Expr r = raw;
        // raw < 2^(8 bytes); if span + 1 is at least that, the remainder is raw itself.
        if (span + 1 < (1L << (8 * bytes))) {
            r = Expr.bin(Expr.SREM, 64, raw, 0, null, span + 1);
        }
        return Expr.bin(Expr.ADD, 64, r, 0, null, min);
    }

    /** FuzzedDataProvider.consumeCharNoSurrogates: a surrogate c becomes c & 0xff. */
    public static void frontNoSurrogates(int key, byte[] data, int from) {
        try {
            Expr c = as(CHAR, bigEndian(data, from, 2));
            Expr e = null;
            if (c != null) {
                Expr surrogate = Expr.cmp(Expr.ULE, 32, Expr.bin(Expr.SUB, 32, c, 0, null, 0xd800), 0, null, 0x7ff);
                e = Expr.ite(surrogate, Expr.bin(Expr.AND, 32, c, 0, null, 0xff), 0, c, 0, 32);
            }
            Sym.returnValue(key, e);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * Element shadows of a primitive array of `size`-byte elements read consecutively from
     * `from` (big- or little-endian); `kind` converts each (BOOLEAN: (b & 1) != 0, or b != 0
     * with nonZero).
     */
    public static void elements(Object array, int count, int kind, int size, byte[] data, int from,
            boolean bigEndian, boolean nonZero) {
        try {
            Expr[] out = new Expr[count];
            for (int i = 0; i < count; i++) {
                int p = from + i * size;
                Expr raw = bigEndian ? bigEndian(data, p, size) : littleEndian(data, p, size);
                Expr v;
                if (kind == BOOLEAN && nonZero) {
                    v = Expr.ite(Expr.cmp(Expr.NE, 64, raw, 0, null, 0), null, 1, null, 0, 8);
                } else {
                    v = element(kind, as(kind, raw));
                }
                out[i] = v;
            }
            Shadows.setElements(array, out);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /* An int-typed value stored into an array of `kind` (its element width). */
    private static Expr element(int kind, Expr v) {
        switch (kind) {
            case BOOLEAN:
            case BYTE:
                return Expr.trunc(v, 8);
            case SHORT:
            case CHAR:
                return Expr.trunc(v, 16);
            default:
                return v;
        }
    }

    /** `out` is a copy of data[from, from + out.length): its elements get their shadows. */
    public static void copy(byte[] out, byte[] data, int from) {
        try {
            Expr[] s = Shadows.elements(data);
            if (s != null && out.length > 0) {
                Expr[] d = new Expr[out.length];
                for (int i = 0; i < out.length; i++) {
                    d[i] = Text.byteAt(data, from + i);
                }
                Shadows.setElements(out, d);
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /** consumeAsciiString: char i of s is (char) (data[from + i] & 0x7f). */
    public static void asciiString(String s, byte[] data, int from) {
        try {
            int n = s.length();
            Expr[] cs = new Expr[n];
            for (int i = 0; i < n; i++) {
                cs[i] = Expr.zext(Expr.bin(Expr.AND, 8, Text.byteAt(data, from + i), 0, null, 0x7f), 16);
            }
            Shadows.setString(s, cs);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * `decoded` = new String(data, from, length, UTF-8); `s` is decoded itself or a prefix of
     * it: s gets the char shadows of its chars (see Text for which chars are symbolic).
     */
    public static void utf8String(String s, String decoded, byte[] data, int from, int length) {
        try {
            Text.Decoded d = Text.decode(data, from, length, java.nio.charset.StandardCharsets.UTF_8, decoded);
            if (d != null && s.length() <= decoded.length()) {
                d.apply(s, s.length());
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    // ================================================================== Jazzer's layout

    /** A value of `kind` from the k bytes before `end` (read backwards: data[end - 1] is the most significant). */
    public static void endNumber(int key, int kind, byte[] data, int end, int k) {
        try {
            Sym.returnValue(key, as(kind, littleEndian(data, end - k, k)));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * JazzerLayout's signed range of `bits`: the raw value (k bytes before `end`) as the type
     * if it lies in [min, max], else min + raw % (span + 1) (unsigned).
     */
    public static void endRange(int key, int kind, byte[] data, int end, int k, long min, long max, int bits) {
        try {
            Expr raw = littleEndian(data, end - k, k);
            Expr v = null;
            if (raw != null) {
                Expr asType = bits == 64 ? raw : Expr.sext(Expr.trunc(raw, bits), 64);
                Expr in = Expr.band(Expr.cmp(Expr.SLE, 64, null, min, asType, 0),
                        Expr.cmp(Expr.SLE, 64, asType, 0, null, max));
                // Out of range: min + raw % (span + 1); null (concrete) if not expressible.
                Expr other = offset(raw, k, min, max - min);
                v = other == null ? null : Expr.ite(in, asType, 0, other, 0, 64);
            }
            Sym.returnValue(key, as(kind, v));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /** JazzerLayout.consumeChar(min, max): raw in [min, max] as is, else min + raw % (span + 1). */
    public static void endCharRange(int key, byte[] data, int end, int k, char min, char max) {
        try {
            Expr raw = littleEndian(data, end - k, k);
            Expr v = null;
            if (raw != null) {
                Expr in = Expr.band(Expr.cmp(Expr.SLE, 64, null, min, raw, 0), Expr.cmp(Expr.SLE, 64, raw, 0, null, max));
                Expr other = offset(raw, k, min, max - min);
                v = other == null ? null : Expr.ite(in, raw, 0, other, 0, 64);
            }
            Sym.returnValue(key, as(CHAR, v));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /** JazzerLayout.consumeCharNoSurrogates: c in [D800, E000) becomes c - D800. */
    public static void endNoSurrogates(int key, byte[] data, int end, int k) {
        try {
            Expr c = as(CHAR, littleEndian(data, end - k, k));
            Expr e = null;
            if (c != null) {
                Expr off = Expr.bin(Expr.SUB, 32, c, 0, null, 0xd800);
                e = Expr.ite(Expr.cmp(Expr.ULE, 32, off, 0, null, 0x7ff), off, 0, c, 0, 32);
            }
            Sym.returnValue(key, e);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * JazzerLayout's string machine read data[p] as a backslash (`is`), or after a backslash
     * as something else (!is): that keeps the string's structure, so it is a FIXED condition.
     */
    public static void backslash(byte[] data, int p, boolean ascii, boolean is) {
        try {
            Expr b = Text.byteAt(data, p);
            if (ascii) {
                b = Expr.bin(Expr.AND, 8, b, 0, null, 0x7f);
            }
            Trace.fixed(Expr.cmp(is ? Expr.EQ : Expr.NE, 8, b, 0, null, '\\'));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * JazzerLayout's string `s`: sources[i] - 1 is the position of the byte char i was read
     * from as a one-byte (ASCII) character, or -1 (0 in the array) for other chars. Such a
     * char is that byte (masked to 7 bits in ascii mode); FIXED conditions keep the byte a
     * one-byte character (below 0x80 unless masked) and, when a backslash ends the string,
     * not a backslash.
     */
    public static void jazzerString(String s, byte[] data, int[] sources, boolean ascii, boolean backslashEnds) {
        try {
            int n = s.length();
            if (n > sources.length) {
                return;
            }
            Expr[] cs = new Expr[n];
            Expr[] guards = new Expr[2 * n];
            for (int i = 0; i < n; i++) {
                int p = sources[i] - 1;
                if (p < 0) {
                    continue;
                }
                int expected = ascii ? data[p] & 0x7f : data[p];
                if (s.charAt(i) != expected) {
                    Trace.mismatches++;
                    return;
                }
                Expr b = Text.byteAt(data, p);
                if (b == null) {
                    continue;
                }
                if (ascii) {
                    b = Expr.bin(Expr.AND, 8, b, 0, null, 0x7f);
                } else {
                    guards[2 * i] = Expr.cmp(Expr.ULT, 8, b, 0, null, 0x80);
                }
                if (backslashEnds) {
                    guards[2 * i + 1] = Expr.cmp(Expr.NE, 8, b, 0, null, '\\');
                }
                cs[i] = Expr.zext(b, 16);
            }
            for (Expr g : guards) {
                Trace.fixed(g);
            }
            Shadows.setString(s, cs);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /**
     * The generated drivers' raw int or long (TypedValues): `bytes` bytes at `from`, of which
     * the selector byte at `selectorPos` keeps the low 8 bits (its low five bits up to 13), the
     * low 16 (up to 27) or all, sign-extended. The shadow is that choice itself, an if-then-else
     * on the selector byte, so a solution may widen the value as well as change it: an equation
     * whose solution needs more than 16 bits gets them.
     */
    public static void frontSized(int key, byte[] data, int selectorPos, int from, int bytes) {
        try {
            int w = bytes * 8;
            Expr sel = bigEndian(data, selectorPos, 1);
            Expr full = bigEndian(data, from, bytes);
            Expr low16 = bigEndian(data, from + bytes - 2, 2);
            Expr low8 = bigEndian(data, from + bytes - 1, 1);
            if (sel == null && full == null) {
                return;
            }
            long cFull = concrete(data, from, bytes);
            long c16 = (short) concrete(data, from + bytes - 2, 2);
            long c8 = (byte) concrete(data, from + bytes - 1, 1);
            Expr v16 = low16 == null ? null : Expr.sext(Expr.trunc(low16, 16), w);
            Expr v8 = low8 == null ? null : Expr.sext(Expr.trunc(low8, 8), w);
            Expr vFull = full == null ? null : Expr.trunc(full, w);
            Expr v;
            if (sel == null) {
                int low = selectorPos >= 0 && selectorPos < data.length ? data[selectorPos] & 31 : 0;
                v = low <= 13 ? v8 : low <= 27 ? v16 : vFull;
            } else {
                Expr low = Expr.bin(Expr.AND, 64, sel, 0, null, 31);
                Expr wide = Expr.ite(Expr.cmp(Expr.ULE, 64, low, 0, null, 27), v16, c16, vFull, cFull, w);
                v = Expr.ite(Expr.cmp(Expr.ULE, 64, low, 0, null, 13), v8, c8, wide, 0, w);
            }
            Sym.returnValue(key, v);
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /* n bytes from `from`, big-endian; past the end: 0. */
    private static long concrete(byte[] data, int from, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int p = from + i;
            v = (v << 8) | (p >= 0 && p < data.length ? data[p] & 0xff : 0);
        }
        return v;
    }

    // ================================================================== building blocks

    /* n bytes from `from`, big-endian, zero-extended to 64 bits; past the end: 0. */
    static Expr bigEndian(byte[] data, int from, int n) {
        Expr v = null;
        long value = 0;
        boolean symbolic = false;
        for (int i = 0; i < n; i++) {
            int p = from + i;
            byte b = p >= 0 && p < data.length ? data[p] : 0;
            Expr e = p >= 0 && p < data.length ? Text.byteAt(data, p) : null;
            symbolic |= e != null;
            v = shiftIn(v, value, e, b);
            value = (value << 8) | (b & 0xff);
        }
        return symbolic ? v : null;
    }

    /* data[from, from + n) as a little-endian number, zero-extended to 64 bits. */
    static Expr littleEndian(byte[] data, int from, int n) {
        Expr v = null;
        long value = 0;
        boolean symbolic = false;
        for (int i = n - 1; i >= 0; i--) {
            int p = from + i;
            byte b = p >= 0 && p < data.length ? data[p] : 0;
            Expr e = p >= 0 && p < data.length ? Text.byteAt(data, p) : null;
            symbolic |= e != null;
            v = shiftIn(v, value, e, b);
            value = (value << 8) | (b & 0xff);
        }
        return symbolic ? v : null;
    }

    /* (acc << 8) | byte, in 64 bits. */
    private static Expr shiftIn(Expr acc, long accValue, Expr e, byte b) {
        Expr shifted = Expr.bin(Expr.SHL, 64, acc, accValue, null, 8);
        return Expr.bin(Expr.OR, 64, shifted, accValue << 8, Expr.zext(e, 64), b & 0xff);
    }

    /* A 64-bit raw value as the int (or long) a consume method returns. */
    private static Expr as(int kind, Expr v) {
        if (v == null) {
            return null;
        }
        switch (kind) {
            case BOOLEAN:
                return Expr.trunc(Expr.bin(Expr.AND, 64, v, 0, null, 1), 32);
            case BYTE:
                return Expr.sext(Expr.trunc(v, 8), 32);
            case SHORT:
                return Expr.sext(Expr.trunc(v, 16), 32);
            case CHAR:
                return Expr.zext(Expr.trunc(v, 16), 32);
            case INT:
                return Expr.trunc(v, 32);
            default:
                return v;
        }
    }
}
