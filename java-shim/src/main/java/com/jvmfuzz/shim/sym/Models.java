/*
 * Models of JDK methods for trace mode. The rewriter replaces a call of one of these JDK
 * methods (or `new String; dup; ...; invokespecial <init>` for the constructors) with an
 * invokestatic of the model; models.txt next to this file is the table it reads, one line per
 * model, `owner name descriptor -> method descriptor` (the same lines as here):
 *
 *   java/lang/String length ()I -> length (Ljava/lang/String;)I
 *   java/lang/String isEmpty ()Z -> isEmpty (Ljava/lang/String;)Z
 *   java/lang/String charAt (I)C -> charAt (Ljava/lang/String;II)C site
 *   java/lang/String equals (Ljava/lang/Object;)Z -> equals (Ljava/lang/String;Ljava/lang/Object;)Z
 *   java/lang/String startsWith (Ljava/lang/String;)Z -> startsWith (Ljava/lang/String;Ljava/lang/String;)Z
 *   java/lang/String endsWith (Ljava/lang/String;)Z -> endsWith (Ljava/lang/String;Ljava/lang/String;)Z
 *   java/lang/String indexOf (I)I -> indexOf (Ljava/lang/String;I)I
 *   java/lang/String hashCode ()I -> hashCode (Ljava/lang/String;)I
 *   java/lang/String substring (I)Ljava/lang/String; -> substring (Ljava/lang/String;II)Ljava/lang/String; site
 *   java/lang/String substring (II)Ljava/lang/String; -> substring (Ljava/lang/String;III)Ljava/lang/String; site
 *   java/lang/String toCharArray ()[C -> toCharArray (Ljava/lang/String;)[C
 *   java/lang/String getChars (II[CI)V -> getChars (Ljava/lang/String;II[CI)V
 *   java/lang/String getBytes ()[B -> getBytes (Ljava/lang/String;)[B
 *   java/lang/String getBytes (Ljava/nio/charset/Charset;)[B -> getBytes (Ljava/lang/String;Ljava/nio/charset/Charset;)[B
 *   java/lang/String valueOf ([C)Ljava/lang/String; -> newString ([C)Ljava/lang/String;
 *   java/lang/String <init> ([B)V -> newString ([B)Ljava/lang/String;
 *   java/lang/String <init> ([BLjava/nio/charset/Charset;)V -> newString ([BLjava/nio/charset/Charset;)Ljava/lang/String;
 *   java/lang/String <init> ([BLjava/lang/String;)V -> newString ([BLjava/lang/String;)Ljava/lang/String;
 *   java/lang/String <init> ([BII)V -> newString ([BII)Ljava/lang/String;
 *   java/lang/String <init> ([BIILjava/nio/charset/Charset;)V -> newString ([BIILjava/nio/charset/Charset;)Ljava/lang/String;
 *   java/lang/String <init> ([C)V -> newString ([C)Ljava/lang/String;
 *   java/lang/String <init> ([CII)V -> newString ([CII)Ljava/lang/String;
 *   java/lang/Integer parseInt (Ljava/lang/String;)I -> parseInt (Ljava/lang/String;)I
 *   java/lang/Integer parseInt (Ljava/lang/String;I)I -> parseInt (Ljava/lang/String;I)I
 *   java/lang/Integer valueOf (Ljava/lang/String;)Ljava/lang/Integer; -> valueOf (Ljava/lang/String;)Ljava/lang/Integer;
 *   java/lang/Integer valueOf (I)Ljava/lang/Integer; -> valueOf (I)Ljava/lang/Integer;
 *   java/lang/Integer intValue ()I -> intValue (Ljava/lang/Integer;)I
 *   java/lang/Long parseLong (Ljava/lang/String;)J -> parseLong (Ljava/lang/String;)J
 *   java/lang/Character isDigit (C)Z -> isDigit (C)Z
 *   java/lang/Character isLetter (C)Z -> isLetter (C)Z
 *   java/lang/Math abs (I)I -> abs (I)I
 *   java/lang/Math abs (J)J -> abs (J)J
 *   java/lang/Math min (II)I -> min (II)I
 *   java/lang/Math max (II)I -> max (II)I
 *   java/lang/Math min (JJ)J -> min (JJ)J
 *   java/lang/Math max (JJ)J -> max (JJ)J
 *   java/util/Arrays copyOf ([BI)[B -> copyOf ([BI)[B
 *   java/util/Arrays copyOfRange ([BII)[B -> copyOfRange ([BII)[B
 *   java/lang/System arraycopy (Ljava/lang/Object;ILjava/lang/Object;II)V -> arraycopy (Ljava/lang/Object;ILjava/lang/Object;II)V
 *   java/nio/ByteBuffer get ()B -> bbGet (Ljava/nio/ByteBuffer;)B
 *   java/nio/ByteBuffer get (I)B -> bbGet (Ljava/nio/ByteBuffer;I)B
 *   java/nio/ByteBuffer getShort ()S -> bbGetShort (Ljava/nio/ByteBuffer;)S
 *   java/nio/ByteBuffer getShort (I)S -> bbGetShort (Ljava/nio/ByteBuffer;I)S
 *   java/nio/ByteBuffer getChar ()C -> bbGetChar (Ljava/nio/ByteBuffer;)C
 *   java/nio/ByteBuffer getInt ()I -> bbGetInt (Ljava/nio/ByteBuffer;)I
 *   java/nio/ByteBuffer getInt (I)I -> bbGetInt (Ljava/nio/ByteBuffer;I)I
 *   java/nio/ByteBuffer getLong ()J -> bbGetLong (Ljava/nio/ByteBuffer;)J
 *   java/nio/ByteBuffer getLong (I)J -> bbGetLong (Ljava/nio/ByteBuffer;I)J
 *   java/io/ByteArrayInputStream <init> ([B)V -> newByteArrayInputStream ([B)Ljava/io/ByteArrayInputStream;
 *   java/io/ByteArrayInputStream <init> ([BII)V -> newByteArrayInputStream ([BII)Ljava/io/ByteArrayInputStream;
 *   java/io/DataInputStream <init> (Ljava/io/InputStream;)V -> newDataInputStream (Ljava/io/InputStream;)Ljava/io/DataInputStream;
 *   java/io/ByteArrayInputStream read ()I -> streamRead (Ljava/io/ByteArrayInputStream;)I
 *   java/io/InputStream read ()I -> streamRead (Ljava/io/InputStream;)I
 *   java/io/DataInputStream read ()I -> streamRead (Ljava/io/DataInputStream;)I
 *   java/io/DataInputStream readByte ()B -> readByte (Ljava/io/DataInputStream;)B
 *   java/io/DataInputStream readUnsignedByte ()I -> readUnsignedByte (Ljava/io/DataInputStream;)I
 *   java/io/DataInputStream readBoolean ()Z -> readBoolean (Ljava/io/DataInputStream;)Z
 *   java/io/DataInputStream readShort ()S -> readShort (Ljava/io/DataInputStream;)S
 *   java/io/DataInputStream readUnsignedShort ()I -> readUnsignedShort (Ljava/io/DataInputStream;)I
 *   java/io/DataInputStream readChar ()C -> readChar (Ljava/io/DataInputStream;)C
 *   java/io/DataInputStream readInt ()I -> readInt (Ljava/io/DataInputStream;)I
 *   java/io/DataInputStream readLong ()J -> readLong (Ljava/io/DataInputStream;)J
 *   java/io/DataInputStream readFully ([B)V -> readFully (Ljava/io/DataInputStream;[B)V
 *
 * Each model has the stack effect of what it replaces (the receiver is the first argument),
 * does the real call first (so it behaves and throws exactly like it), then, when tracing,
 * pops its arguments' shadows and pushes the result's. Strings have per-char shadows (16 bits)
 * by identity; lengths are always concrete. A symbolic index, offset or count is concretised
 * with a FIXED condition. A line ending in `site` takes one more int, the call's site, which
 * the rewriter pushes: the bounds check of an index or span (charAt, substring) is then first a
 * branch the solver can negate, as for array accesses (Sym.index, Sym.span). Boxes (Integer)
 * are shadowed by identity; see Shadows for the small value cache. Where a model cannot express the result (a charset other than ISO-8859-1,
 * US-ASCII, UTF-8; a non-ASCII char where ASCII classes are modelled; very long strings), the
 * result is concrete and the loss counted.
 */
package com.jvmfuzz.shim.sym;

import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.util.Arrays;

public final class Models {
    private Models() {}

    /* Longest string whose hashCode / indexOf is modelled (the expression grows with it). */
    private static final int MAX_CHAIN = 1024;

    // ================================================================== String: queries

    public static int length(String s) {
        int r = s.length();
        if (Sym.active()) {
            try {
                replace(1, null);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static boolean isEmpty(String s) {
        boolean r = s.isEmpty();
        if (Sym.active()) {
            try {
                replace(1, null);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static char charAt(String s, int index, int site) {
        char r = s.charAt(index);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.index(f.pop(), index, s.length(), site);
                f.pop();
                f.push(Expr.zext(Shadows.charAt(s, index), 32));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** String.equals: with a symbolic side, ITE(AND of per-char EQ, 1, 0) (lengths are concrete). */
    public static boolean equals(String s, Object other) {
        boolean r = s.equals(other);
        if (Sym.active()) {
            try {
                Expr e = null;
                if (other instanceof String) {
                    String o = (String) other;
                    if (o.length() == s.length()) {
                        e = regionEquals(s, 0, o, o.length());
                    }
                }
                replace(2, Expr.boolToInt(e));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static boolean startsWith(String s, String prefix) {
        boolean r = s.startsWith(prefix);
        if (Sym.active()) {
            try {
                Expr e = prefix.length() <= s.length() ? regionEquals(s, 0, prefix, prefix.length()) : null;
                replace(2, Expr.boolToInt(e));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static boolean endsWith(String s, String suffix) {
        boolean r = s.endsWith(suffix);
        if (Sym.active()) {
            try {
                int from = s.length() - suffix.length();
                Expr e = from >= 0 ? regionEquals(s, from, suffix, suffix.length()) : null;
                replace(2, Expr.boolToInt(e));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /*
     * s[from, from + n) == o[0, n) as the AND of per-char EQs (width 1); null when no char is
     * symbolic, or when a concrete pair differs (then no change of the symbolic chars helps).
     */
    private static Expr regionEquals(String s, int from, String o, int n) {
        if (Shadows.string(s) == null && Shadows.string(o) == null) {
            return null;
        }
        Expr all = null;
        for (int i = 0; i < n; i++) {
            char a = s.charAt(from + i);
            char b = o.charAt(i);
            Expr sa = Shadows.charAt(s, from + i);
            Expr sb = Shadows.charAt(o, i);
            if (sa == null && sb == null) {
                if (a != b) {
                    return null;
                }
                continue;
            }
            Expr eq = Expr.cmp(Expr.EQ, 16, sa, a, sb, b);
            all = all == null ? eq : Expr.band(all, eq);
            if (all == null) {
                return null; // node budget spent
            }
        }
        return all;
    }

    /** String.indexOf(int): ITE(c0 == ch, 0, ITE(c1 == ch, 1, ... -1)) over the chars. */
    public static int indexOf(String s, int ch) {
        int r = s.indexOf(ch);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr sc = Sym.int32(f.pop(), ch);
                f.pop();
                f.push(indexOfShadow(s, ch, sc, r));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    private static Expr indexOfShadow(String s, int ch, Expr sc, int r) {
        Expr[] cs = Shadows.string(s);
        if (cs == null && sc == null) {
            return null;
        }
        // A supplementary code point is searched for as a surrogate pair: not modelled.
        if (ch >= Character.MIN_SUPPLEMENTARY_CODE_POINT || s.length() > MAX_CHAIN) {
            Trace.concretized++;
            return null;
        }
        Expr acc = null;
        long accValue = -1;
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            Expr eq = Expr.cmp(Expr.EQ, 32, Expr.zext(Shadows.charAt(s, i), 32), c, sc, ch);
            if (eq == null) {
                if (c == ch) {
                    acc = null;
                    accValue = i;
                }
                continue;
            }
            acc = Expr.ite(eq, null, i, acc, accValue, 32);
            accValue = c == ch ? i : accValue;
        }
        if (acc != null && sc != null) {
            Trace.fixed(Expr.cmp(Expr.SLT, 32, sc, 0, null, Character.MIN_SUPPLEMENTARY_CODE_POINT));
        }
        return acc != null && acc.holds(r) ? acc : null;
    }

    /** String.hashCode: h = 31 * h + c over the chars, in 32 bits. */
    public static int hashCode(String s) {
        int r = s.hashCode();
        if (Sym.active()) {
            try {
                Expr h = null;
                if (Shadows.string(s) != null) {
                    if (s.length() > MAX_CHAIN) {
                        Trace.concretized++;
                    } else {
                        int hv = 0;
                        for (int i = 0; i < s.length(); i++) {
                            char c = s.charAt(i);
                            Expr times = Expr.bin(Expr.MUL, 32, h, hv, null, 31);
                            h = Expr.bin(Expr.ADD, 32, times, 31 * hv, Expr.zext(Shadows.charAt(s, i), 32), c);
                            hv = 31 * hv + c;
                        }
                        h = h != null && h.holds(r) ? h : null;
                    }
                }
                replace(1, h);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    // ================================================================== String: new strings

    public static String substring(String s, int begin, int site) {
        String r = s.substring(begin);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.span(f.pop(), begin, null, s.length(), s.length(), site);
                f.pop();
                f.push(null);
                slice(s, r, begin);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static String substring(String s, int begin, int end, int site) {
        String r = s.substring(begin, end);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr e = f.pop();
                Sym.span(f.pop(), begin, e, end, s.length(), site);
                f.pop();
                f.push(null);
                slice(s, r, begin);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /* r = s[begin, begin + r.length()): a new String unless it is s itself. */
    private static void slice(String s, String r, int begin) {
        Expr[] cs = Shadows.string(s);
        if (cs != null && r != s) {
            Shadows.setString(r, Arrays.copyOfRange(cs, begin, begin + r.length()));
        }
    }

    public static char[] toCharArray(String s) {
        char[] r = s.toCharArray();
        if (Sym.active()) {
            try {
                replace(1, null);
                Expr[] cs = Shadows.string(s);
                if (cs != null) {
                    Shadows.setElements(r, cs.clone());
                }
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** getChars: the destination's elements get the chars' shadows (or lose theirs). */
    public static void getChars(String s, int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        s.getChars(srcBegin, srcEnd, dst, dstBegin);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), dstBegin);
                f.pop();
                Sym.concretise(f.pop(), srcEnd);
                Sym.concretise(f.pop(), srcBegin);
                f.pop();
                int n = srcEnd - srcBegin;
                Expr[] from = Shadows.string(s);
                Expr[] to = Shadows.elements(dst);
                if (n > 0 && (from != null || to != null)) {
                    Expr[] next = to != null ? to : new Expr[dst.length];
                    for (int i = 0; i < n; i++) {
                        next[dstBegin + i] = from == null ? null : from[srcBegin + i];
                    }
                    Shadows.setElements(dst, next);
                }
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
    }

    public static byte[] getBytes(String s) {
        byte[] r = s.getBytes();
        if (Sym.active()) {
            try {
                replace(1, null);
                Shadows.setElements(r, Text.encode(s, r, Charset.defaultCharset()));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static byte[] getBytes(String s, Charset charset) {
        byte[] r = s.getBytes(charset);
        if (Sym.active()) {
            try {
                replace(2, null);
                Shadows.setElements(r, Text.encode(s, r, charset));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** new String(bytes): the default charset. */
    public static String newString(byte[] bytes) {
        String r = new String(bytes);
        if (Sym.active()) {
            decoded(1, bytes, 0, bytes.length, Charset.defaultCharset(), r);
        }
        return r;
    }

    public static String newString(byte[] bytes, Charset charset) {
        String r = new String(bytes, charset);
        if (Sym.active()) {
            decoded(2, bytes, 0, bytes.length, charset, r);
        }
        return r;
    }

    public static String newString(byte[] bytes, String charsetName) throws UnsupportedEncodingException {
        String r = new String(bytes, charsetName);
        if (Sym.active()) {
            decoded(2, bytes, 0, bytes.length, charset(charsetName), r);
        }
        return r;
    }

    public static String newString(byte[] bytes, int offset, int length) {
        String r = new String(bytes, offset, length);
        if (Sym.active()) {
            decoded(3, bytes, offset, length, Charset.defaultCharset(), r);
        }
        return r;
    }

    public static String newString(byte[] bytes, int offset, int length, Charset charset) {
        String r = new String(bytes, offset, length, charset);
        if (Sym.active()) {
            decoded(4, bytes, offset, length, charset, r);
        }
        return r;
    }

    /* The charset a successful new String(bytes, name) used; null if it cannot be told. */
    private static Charset charset(String name) {
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /*
     * After new String(bytes[offset, offset + length), charset) = r: pops the `slots`
     * argument slots (offset, length concretised), pushes r's (concrete) slot, gives r its
     * char shadows.
     */
    private static void decoded(int slots, byte[] bytes, int offset, int length, Charset cs, String r) {
        try {
            Frame f = Sym.top();
            if (slots >= 3) {
                if (slots == 4) {
                    f.pop(); // the charset
                }
                Sym.concretise(f.pop(), length);
                Sym.concretise(f.pop(), offset);
                f.pop();
            } else {
                f.drop(slots);
            }
            f.push(null);
            Text.Decoded d = cs == null ? null : Text.decode(bytes, offset, length, cs, r);
            if (d != null) {
                d.apply(r, r.length());
            } else {
                lostBytes(bytes, offset, length);
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    /* Counts a loss if some byte of bytes[offset, offset + length) was symbolic. */
    private static void lostBytes(byte[] bytes, int offset, int length) {
        Expr[] s = Shadows.elements(bytes);
        if (s == null) {
            return;
        }
        for (int i = offset; i < offset + length && i < s.length; i++) {
            if (s[i] != null) {
                Trace.concretized++;
                return;
            }
        }
    }

    public static String newString(char[] chars) {
        String r = new String(chars);
        if (Sym.active()) {
            fromChars(1, chars, 0, chars.length, r);
        }
        return r;
    }

    public static String newString(char[] chars, int offset, int count) {
        String r = new String(chars, offset, count);
        if (Sym.active()) {
            fromChars(3, chars, offset, count, r);
        }
        return r;
    }

    private static void fromChars(int slots, char[] chars, int offset, int count, String r) {
        try {
            Frame f = Sym.top();
            if (slots == 3) {
                Sym.concretise(f.pop(), count);
                Sym.concretise(f.pop(), offset);
            }
            f.pop();
            f.push(null);
            Expr[] src = Shadows.elements(chars);
            if (src != null && count > 0) {
                Expr[] cs = new Expr[count];
                for (int i = 0; i < count; i++) {
                    Expr e = src[offset + i];
                    cs[i] = e != null && e.width == 16 && e.holds(chars[offset + i]) ? e : null;
                }
                Shadows.setString(r, cs);
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    // ================================================================== numbers

    private static void parseFailed(String s, int radix) {
        if (s != null && Sym.active()) {
            try {
                Numbers.failed(s, radix);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
    }

    public static int parseInt(String s) {
        int r;
        try {
            r = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            parseFailed(s, 10);
            throw e;
        }
        if (Sym.active()) {
            try {
                replace(1, Numbers.parse(s, 10, false, r));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static int parseInt(String s, int radix) {
        int r;
        try {
            r = Integer.parseInt(s, radix);
        } catch (NumberFormatException e) {
            parseFailed(s, radix);
            throw e;
        }
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), radix);
                f.pop();
                f.push(Numbers.parse(s, radix, false, r));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static long parseLong(String s) {
        long r;
        try {
            r = Long.parseLong(s);
        } catch (NumberFormatException e) {
            parseFailed(s, 10);
            throw e;
        }
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                f.pop();
                f.pushWide(Numbers.parse(s, 10, true, r));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static Integer valueOf(String s) {
        Integer r;
        try {
            r = Integer.valueOf(s);
        } catch (NumberFormatException e) {
            parseFailed(s, 10);
            throw e;
        }
        if (Sym.active()) {
            try {
                replace(1, null);
                Shadows.setBox(r, Numbers.parse(s, 10, false, r));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** Boxing: the box's shadow is the int's. */
    public static Integer valueOf(int v) {
        Integer r = Integer.valueOf(v);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Shadows.setBox(r, Sym.int32(f.pop(), v));
                f.push(null);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** Unboxing: the box's shadow. */
    public static int intValue(Integer box) {
        int r = box.intValue();
        if (Sym.active()) {
            try {
                Expr e = Shadows.box(box);
                replace(1, e != null && e.width == 32 && e.holds(r) ? e : null);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    // ================================================================== Character

    /** Character.isDigit: for an ASCII char, '0' <= c <= '9' (kept ASCII by a FIXED condition). */
    public static boolean isDigit(char c) {
        boolean r = Character.isDigit(c);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr s = ascii(Sym.int32(f.pop(), c), c);
                Expr in = s == null ? null : Expr.cmp(Expr.ULE, 32, Expr.bin(Expr.SUB, 32, s, 0, null, '0'), 0, null, 9);
                f.push(Expr.boolToInt(in));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /** Character.isLetter: for an ASCII char, A-Z or a-z (kept ASCII by a FIXED condition). */
    public static boolean isLetter(char c) {
        boolean r = Character.isLetter(c);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr s = ascii(Sym.int32(f.pop(), c), c);
                Expr in = null;
                if (s != null) {
                    Expr upper = Expr.cmp(Expr.ULE, 32, Expr.bin(Expr.SUB, 32, s, 0, null, 'A'), 0, null, 25);
                    Expr lower = Expr.cmp(Expr.ULE, 32, Expr.bin(Expr.SUB, 32, s, 0, null, 'a'), 0, null, 25);
                    in = Expr.bor(upper, lower);
                }
                f.push(Expr.boolToInt(in));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /* A char's shadow if the char is ASCII now (then it must stay ASCII), else null (a loss). */
    private static Expr ascii(Expr s, char c) {
        if (s == null) {
            return null;
        }
        if (c >= 0x80) {
            Trace.concretized++;
            return null;
        }
        Trace.fixed(Expr.cmp(Expr.ULT, 32, s, 0, null, 0x80));
        return s;
    }

    // ================================================================== arrays

    public static byte[] copyOf(byte[] original, int newLength) {
        byte[] r = Arrays.copyOf(original, newLength);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), newLength);
                f.pop();
                f.push(null);
                copied(original, 0, r, Math.min(original.length, newLength));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        byte[] r = Arrays.copyOfRange(original, from, to);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), to);
                Sym.concretise(f.pop(), from);
                f.pop();
                f.push(null);
                copied(original, from, r, Math.min(original.length - from, to - from));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /* r (new) got n elements of src from `from`: their shadows go along. */
    private static void copied(byte[] src, int from, byte[] r, int n) {
        Expr[] s = Shadows.elements(src);
        if (s != null && n > 0) {
            Expr[] d = new Expr[r.length];
            System.arraycopy(s, from, d, 0, n);
            Shadows.setElements(r, d);
        }
    }

    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        System.arraycopy(src, srcPos, dest, destPos, length);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), length);
                Sym.concretise(f.pop(), destPos);
                f.pop();
                Sym.concretise(f.pop(), srcPos);
                f.pop();
                Expr[] s = Shadows.elements(src);
                Expr[] d = Shadows.elements(dest);
                if (length > 0 && s == null && d != null) {
                    Arrays.fill(d, destPos, destPos + length, null);
                } else if (length > 0 && s != null) {
                    if (d == null) {
                        d = new Expr[java.lang.reflect.Array.getLength(dest)];
                    }
                    // Copying the Expr[] handles overlap the way the real copy did.
                    System.arraycopy(s, srcPos, d, destPos, length);
                    Shadows.setElements(dest, d);
                }
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
    }

    // ================================================================== helpers

    /* Pops `slots` argument slots and pushes one result slot with shadow `e`. */
    private static void replace(int slots, Expr e) {
        Frame f = Sym.top();
        f.drop(slots);
        f.push(e);
    }

    // ================================================================== ByteBuffer getters

    /*
     * A heap buffer's getters read its backing array, whose element shadows are the array's:
     * the value is those bytes in the buffer's order. Direct and read-only buffers have no
     * array to look at and come back concrete. A symbolic index is made concrete.
     */

    /** The shadow of `n` bytes of `b`'s backing array from buffer index `at`, as `width` bits. */
    private static Expr bytesOf(java.nio.ByteBuffer b, int at, int n, int width, boolean signed) {
        if (!b.hasArray()) {
            return null;
        }
        boolean big = b.order() == java.nio.ByteOrder.BIG_ENDIAN;
        return packed(b.array(), b.arrayOffset() + at, n, big, width, signed);
    }

    /**
     * The value of the `n` bytes of `a` from `base` (big- or little-endian, sign- or
     * zero-extended) as `width` bits, from the bytes' element shadows; null when none is
     * symbolic or the bytes are out of the array.
     */
    static Expr packed(byte[] a, int base, int n, boolean bigEndian, int width, boolean signed) {
        Expr[] shadows = Shadows.elements(a);
        if (shadows == null || base < 0 || base + n > a.length) {
            return null;
        }
        int w = n == 8 ? 64 : 32;
        Expr acc = null;
        long value = 0;
        boolean symbolic = false;
        for (int k = 0; k < n; k++) {
            int i = base + (bigEndian ? k : n - 1 - k);
            Expr e = i < shadows.length ? shadows[i] : null;
            symbolic |= e != null;
            long byteValue = a[i] & 0xffL;
            Expr shifted = Expr.bin(Expr.SHL, w, acc, value, null, 8);
            long shiftedValue = value << 8;
            acc = Expr.bin(Expr.OR, w, shifted, shiftedValue, Expr.zext(e, w), byteValue);
            value = shiftedValue | byteValue;
        }
        if (!symbolic || acc == null) {
            return null;
        }
        if (n * 8 < w) {
            Expr narrow = Expr.trunc(acc, n * 8);
            acc = signed ? Expr.sext(narrow, w) : Expr.zext(narrow, w);
        }
        return width == w ? acc : Expr.trunc(acc, width);
    }

    /* Pops the receiver (and a concretised index), pushes the result's shadow. */
    private static void buffered(java.nio.ByteBuffer b, int at, int index, boolean indexed, int n, boolean signed) {
        if (!Sym.active()) {
            return;
        }
        try {
            Frame f = Sym.top();
            if (indexed) {
                Sym.concretise(f.pop(), index);
            }
            f.pop();
            Expr e = bytesOf(b, at, n, n == 8 ? 64 : 32, signed);
            if (n == 8) {
                f.pushWide(e);
            } else {
                f.push(e);
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    public static byte bbGet(java.nio.ByteBuffer b) {
        int at = b.position();
        byte r = b.get();
        buffered(b, at, 0, false, 1, true);
        return r;
    }

    public static byte bbGet(java.nio.ByteBuffer b, int index) {
        byte r = b.get(index);
        buffered(b, index, index, true, 1, true);
        return r;
    }

    public static short bbGetShort(java.nio.ByteBuffer b) {
        int at = b.position();
        short r = b.getShort();
        buffered(b, at, 0, false, 2, true);
        return r;
    }

    public static short bbGetShort(java.nio.ByteBuffer b, int index) {
        short r = b.getShort(index);
        buffered(b, index, index, true, 2, true);
        return r;
    }

    public static char bbGetChar(java.nio.ByteBuffer b) {
        int at = b.position();
        char r = b.getChar();
        buffered(b, at, 0, false, 2, false);
        return r;
    }

    public static int bbGetInt(java.nio.ByteBuffer b) {
        int at = b.position();
        int r = b.getInt();
        buffered(b, at, 0, false, 4, true);
        return r;
    }

    public static int bbGetInt(java.nio.ByteBuffer b, int index) {
        int r = b.getInt(index);
        buffered(b, index, index, true, 4, true);
        return r;
    }

    public static long bbGetLong(java.nio.ByteBuffer b) {
        int at = b.position();
        long r = b.getLong();
        buffered(b, at, 0, false, 8, true);
        return r;
    }

    public static long bbGetLong(java.nio.ByteBuffer b, int index) {
        long r = b.getLong(index);
        buffered(b, index, index, true, 8, true);
        return r;
    }

    // ================================================================== byte streams

    /*
     * ByteArrayInputStream over input bytes, and DataInputStream over such a stream: reads give
     * the bytes' shadows. Other streams (files, buffered wrappers) come back concrete.
     */

    public static java.io.ByteArrayInputStream newByteArrayInputStream(byte[] buf) {
        java.io.ByteArrayInputStream r = new java.io.ByteArrayInputStream(buf);
        if (Sym.active()) {
            try {
                replace(1, null);
                Shadows.setStream(r, new Object[] {buf, buf.length});
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static java.io.ByteArrayInputStream newByteArrayInputStream(byte[] buf, int offset, int length) {
        java.io.ByteArrayInputStream r = new java.io.ByteArrayInputStream(buf, offset, length);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Sym.concretise(f.pop(), length);
                Sym.concretise(f.pop(), offset);
                replace(1, null);
                Shadows.setStream(r, new Object[] {buf, Math.min(offset + length, buf.length)});
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static java.io.DataInputStream newDataInputStream(java.io.InputStream in) {
        java.io.DataInputStream r = new java.io.DataInputStream(in);
        if (Sym.active()) {
            try {
                replace(1, null);
                Shadows.setStream(r, in);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    /* The {array, end} of the ByteArrayInputStream `s` reads from (directly or through a
     * DataInputStream), or null. */
    private static Object[] source(Object s) {
        Object what = Shadows.stream(s);
        if (what instanceof java.io.InputStream) {
            what = Shadows.stream(what);
        }
        return what instanceof Object[] ? (Object[]) what : null;
    }

    /* Where the next read of `s` starts in its array, or -1. */
    private static int position(Object[] src, Object s) {
        if (src == null) {
            return -1;
        }
        Object inner = Shadows.stream(s);
        java.io.InputStream bytes = (java.io.InputStream) (inner instanceof java.io.InputStream ? inner : s);
        try {
            return (Integer) src[1] - bytes.available();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    /* The big-endian value of n bytes at `at` in the source's array, `width` bits. */
    private static Expr streamBytes(Object[] src, int at, int n, int width, boolean signed) {
        return src == null || at < 0 ? null : packed((byte[]) src[0], at, n, true, width, signed);
    }

    /* After a read of n bytes that started at `at`: pops the receiver, pushes the value's shadow. */
    private static void streamed(Object[] src, int at, int n, boolean signed) {
        if (!Sym.active()) {
            return;
        }
        try {
            Frame f = Sym.top();
            f.pop();
            Expr e = streamBytes(src, at, n, n == 8 ? 64 : 32, signed);
            if (n == 8) {
                f.pushWide(e);
            } else {
                f.push(e);
            }
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    public static int streamRead(java.io.InputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        int r = s.read();
        // At the end (-1) the value is concrete: the length is.
        streamed(r < 0 ? null : src, at, 1, false);
        return r;
    }

    /* The same, for the calls whose receiver is typed as the concrete stream. */
    public static int streamRead(java.io.ByteArrayInputStream s) throws java.io.IOException {
        return streamRead((java.io.InputStream) s);
    }

    public static int streamRead(java.io.DataInputStream s) throws java.io.IOException {
        return streamRead((java.io.InputStream) s);
    }

    public static byte readByte(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        byte r = s.readByte();
        streamed(src, at, 1, true);
        return r;
    }

    public static int readUnsignedByte(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        int r = s.readUnsignedByte();
        streamed(src, at, 1, false);
        return r;
    }

    public static boolean readBoolean(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        boolean r = s.readBoolean();
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                f.pop();
                Expr b = streamBytes(src, at, 1, 32, false);
                f.push(b == null ? null : Expr.ite(Expr.cmp(Expr.NE, 32, b, 0, null, 0), null, 1, null, 0, 32));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static short readShort(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        short r = s.readShort();
        streamed(src, at, 2, true);
        return r;
    }

    public static int readUnsignedShort(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        int r = s.readUnsignedShort();
        streamed(src, at, 2, false);
        return r;
    }

    public static char readChar(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        char r = s.readChar();
        streamed(src, at, 2, false);
        return r;
    }

    public static int readInt(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        int r = s.readInt();
        streamed(src, at, 4, true);
        return r;
    }

    public static long readLong(java.io.DataInputStream s) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        long r = s.readLong();
        streamed(src, at, 8, true);
        return r;
    }

    /** readFully(b): b's elements get the shadows of the bytes read. */
    public static void readFully(java.io.DataInputStream s, byte[] b) throws java.io.IOException {
        Object[] src = Sym.active() ? source(s) : null;
        int at = position(src, s);
        s.readFully(b);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                f.pop();
                f.pop();
                Expr[] from = src == null ? null : Shadows.elements(src[0]);
                Expr[] to = new Expr[b.length];
                if (from != null && at >= 0) {
                    System.arraycopy(from, at, to, 0, Math.min(b.length, Math.max(0, from.length - at)));
                }
                Shadows.setElements(b, to);
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
    }

    // ================================================================== Math

    /* abs, min, max as if-then-else over the operands (the JVM's own semantics: abs of the
     * most negative value is itself, which -x gives in two's complement too). */

    public static int abs(int x) {
        int r = Math.abs(x);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr sx = Sym.int32(f.pop(), x);
                f.push(sx == null ? null : Expr.ite(Expr.cmp(Expr.SLT, 32, sx, 0, null, 0), Expr.neg(sx), 0, sx, 0, 32));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static long abs(long x) {
        long r = Math.abs(x);
        if (Sym.active()) {
            try {
                Frame f = Sym.top();
                Expr sx = Sym.int64(f.popWide(), x);
                f.pushWide(sx == null ? null : Expr.ite(Expr.cmp(Expr.SLT, 64, sx, 0, null, 0), Expr.neg(sx), 0, sx, 0, 64));
            } catch (Throwable t) {
                Sym.fail(t);
            }
        }
        return r;
    }

    public static int min(int a, int b) {
        int r = Math.min(a, b);
        pick2(a, b, true);
        return r;
    }

    public static int max(int a, int b) {
        int r = Math.max(a, b);
        pick2(a, b, false);
        return r;
    }

    /* min (or max) of two ints: ite(a <= b, a, b) (or ite(a >= b, a, b)). */
    private static void pick2(int a, int b, boolean min) {
        if (!Sym.active()) {
            return;
        }
        try {
            Frame f = Sym.top();
            Expr sb = Sym.int32(f.pop(), b);
            Expr sa = Sym.int32(f.pop(), a);
            Expr c = Expr.cmp(min ? Expr.SLE : Expr.SGE, 32, sa, a, sb, b);
            f.push(c == null ? null : Expr.ite(c, sa, a, sb, b, 32));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }

    public static long min(long a, long b) {
        long r = Math.min(a, b);
        pick2(a, b, true);
        return r;
    }

    public static long max(long a, long b) {
        long r = Math.max(a, b);
        pick2(a, b, false);
        return r;
    }

    private static void pick2(long a, long b, boolean min) {
        if (!Sym.active()) {
            return;
        }
        try {
            Frame f = Sym.top();
            Expr sb = Sym.int64(f.popWide(), b);
            Expr sa = Sym.int64(f.popWide(), a);
            Expr c = Expr.cmp(min ? Expr.SLE : Expr.SGE, 64, sa, a, sb, b);
            f.pushWide(c == null ? null : Expr.ite(c, sa, a, sb, b, 64));
        } catch (Throwable t) {
            Sym.fail(t);
        }
    }
}
