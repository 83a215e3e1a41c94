/*
 * Where in the fuzzer's input each string of a typed decoder (com.jvmfuzz.shim.driver.
 * TypedValues: generated drivers and typed JUnit fuzz tests) came from, so that a failed
 * comparison of one becomes a splice of the other operand into that span, selector and length
 * byte included (Cmp.strings, then the fuzzer's TypedSplice in fuzzer/src/recent.rs).
 *
 * And where each character of a text Jazzer's data provider decoded came from (JazzerLayout),
 * so that a failed comparison of a piece of it (a token a parser cut out, trimmed) becomes a
 * splice of the other operand over exactly those bytes. Input-to-state replacement puts the
 * value at the first place at or after a random offset where the operand's bytes occur, so a
 * short token ("3" of "[3,4)") lands in the wrong field of a provider's layout nearly always.
 *
 * Why: input-to-state replacement overwrites bytes in place and keeps the length byte, so
 * "GPU" written over a one-character string reads back as "G"; and a string whose length byte
 * is past what the input has left runs to the input's end and swallows every byte a mutation
 * appends, so whatever the target decodes after it (a record's next field) never gets bytes
 * of its own. A splice writes the value with its exact length, the bytes after the span
 * unchanged: every later value decodes as before.
 *
 * Recorded only while the fuzzer traces an input (its positions are that input's, and the
 * mutations that use them run on the same input right after); on the thread that decodes.
 */
package com.jvmfuzz.shim.fuzz;

import java.nio.charset.StandardCharsets;

public final class Spans {
    private Spans() {}

    private static final int CAP = 64;
    private static final Object[] VALUES = new Object[CAP];
    private static final int[] FROM = new int[CAP];
    private static final int[] TO = new int[CAP];
    /* A provider's text: 1 + the input byte each char was read from (0: not one byte alone). */
    private static final int[][] CHARS = new int[CAP][];
    /* A provider's text that a single backslash ends (a backslash is written as two). */
    private static final boolean[] ESCAPED = new boolean[CAP];
    /* Places one comparison may ask splices for, in all and in one text. */
    private static final int MAX_SPLICES = 6;
    private static final int PLACES_PER_TEXT = 2;
    private static int count;
    private static int inputLength;
    private static Thread owner;

    /** A decoder starts on an input of `length` bytes. */
    public static void begin(int length) {
        if (count > 0) {
            java.util.Arrays.fill(VALUES, 0, count, null);
            java.util.Arrays.fill(CHARS, 0, count, null);
            count = 0;
        }
        if (Cmp.Buf.ON && Cmp.Buf.tracing()) {
            inputLength = length;
            owner = Thread.currentThread();
        } else {
            owner = null;
        }
    }

    /** The decoder made `s` from input bytes [from, to) (to may lie past the end: read as zeros). */
    public static void string(String s, int from, int to) {
        if (owner != Thread.currentThread() || count == CAP) {
            return;
        }
        VALUES[count] = s;
        FROM[count] = from;
        TO[count] = to;
        count++;
    }

    /** Whether this execution's spans are being recorded (the fuzzer traces it, on this thread). */
    public static boolean recording() {
        return owner == Thread.currentThread();
    }

    /**
     * A provider decoded `s`, its char i from input byte `bytes[i] - 1` (0 where a char took
     * several bytes or an escape); `escaped`: a single backslash would have ended it.
     */
    public static void text(String s, int[] bytes, boolean escaped) {
        if (owner != Thread.currentThread() || count == CAP || s.isEmpty()) {
            return;
        }
        VALUES[count] = s;
        CHARS[count] = bytes;
        ESCAPED[count] = escaped;
        count++;
    }

    /** A comparison of `a` and `b` failed: if one was decoded, the other goes into its span. */
    static void compared(String a, String b) {
        if (owner != Thread.currentThread() || count == 0) {
            return;
        }
        for (int i = count - 1; i >= 0; i--) {
            if (CHARS[i] != null) {
                continue;
            }
            if (VALUES[i] == a) {
                splice(i, b);
                return;
            }
            if (VALUES[i] == b) {
                splice(i, a);
                return;
            }
        }
        // A text that is the operand itself (trimmed) first: that is most likely what was
        // compared. Then pieces of texts, the newest text first, a few places in each.
        int left = MAX_SPLICES;
        for (int i = count - 1; i >= 0 && left > 0; i--) {
            if (CHARS[i] != null) {
                String whole = ((String) VALUES[i]).trim();
                if (whole.equals(a)) {
                    left = inText(i, a, b, left, 1);
                } else if (whole.equals(b)) {
                    left = inText(i, b, a, left, 1);
                }
            }
        }
        for (int i = count - 1; i >= 0 && left > 0; i--) {
            if (CHARS[i] != null) {
                left = inText(i, a, b, left, PLACES_PER_TEXT);
                left = inText(i, b, a, left, PLACES_PER_TEXT);
            }
        }
    }

    /**
     * While an input is traced: `wanted` was needed right after `piece` (a tokenizer ran out
     * there), so where a provider text holds `piece` it is inserted after it.
     */
    static void after(String piece, String wanted) {
        if (owner != Thread.currentThread() || count == 0 || piece.isEmpty()) {
            return;
        }
        int left = MAX_SPLICES;
        for (int i = count - 1; i >= 0 && left > 0; i--) {
            if (CHARS[i] == null) {
                continue;
            }
            byte[] bytes = encoded(wanted, ESCAPED[i]);
            if (bytes == null) {
                return;
            }
            String text = (String) VALUES[i];
            int[] from = CHARS[i];
            int places = PLACES_PER_TEXT;
            for (int k = text.indexOf(piece); k >= 0 && left > 0 && places > 0; k = text.indexOf(piece, k + 1)) {
                int last = k + piece.length() - 1;
                if (last >= from.length || from[k] == 0 || from[last] - from[k] != last - k) {
                    continue;
                }
                Cmp.splice(from[last], 0, bytes);
                left--;
                places--;
            }
        }
    }

    /*
     * The first `places` places where text i holds `piece`, read from consecutive single bytes,
     * each become a splice of `wanted` in the provider's encoding (at most `left` in all).
     * Returns the splices still allowed.
     */
    private static int inText(int i, String piece, String wanted, int left, int places) {
        if (piece.isEmpty() || piece.equals(wanted)) {
            return left;
        }
        byte[] bytes = encoded(wanted, ESCAPED[i]);
        if (bytes == null) {
            return left;
        }
        String text = (String) VALUES[i];
        int[] from = CHARS[i];
        for (int k = text.indexOf(piece); k >= 0 && left > 0 && places > 0; k = text.indexOf(piece, k + 1)) {
            int last = k + piece.length() - 1;
            if (last >= from.length || from[k] == 0 || from[last] - from[k] != last - k) {
                continue;
            }
            if (bytes.length < piece.length()) {
                // Padded with spaces to the same length: a layout that splits the input by what
                // is left of it (remainingBytes() / 2) keeps its split, so the texts after this
                // one keep theirs, and a trimmed or space-cut token reads whole.
                byte[] padded = java.util.Arrays.copyOf(bytes, piece.length());
                java.util.Arrays.fill(padded, bytes.length, padded.length, (byte) ' ');
                Cmp.splice(from[k] - 1, piece.length(), padded);
            } else {
                Cmp.splice(from[k] - 1, piece.length(), bytes);
            }
            left--;
            places--;
        }
        return left;
    }

    /* The bytes a provider decodes as `s`: ASCII only (NUL included), a backslash doubled where
     * one alone would end the text; null for anything else. */
    private static byte[] encoded(String s, boolean escaped) {
        int n = s.length();
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c >= 0x80) {
                return null;
            }
            if (escaped && c == '\\') {
                n++;
            }
        }
        byte[] b = new byte[n];
        int j = 0;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            b[j++] = (byte) c;
            if (escaped && c == '\\') {
                b[j++] = (byte) c;
            }
        }
        return b;
    }

    /*
     * The span's bytes become the wanted string in the decoder's raw form: selector 0 (raw),
     * a length byte, ISO-8859-1 bytes. A span that starts past the input's end gets the zeros
     * before it written out (they read the same), so the splice lands at the end.
     */
    private static void splice(int i, String wanted) {
        int n = wanted.length();
        if (n > 255) {
            return;
        }
        for (int k = 0; k < n; k++) {
            if (wanted.charAt(k) > 0xff) {
                return;
            }
        }
        int at = Math.min(FROM[i], inputLength);
        int old = Math.max(0, Math.min(TO[i], inputLength) - at);
        int pad = FROM[i] - at;
        byte[] bytes = new byte[pad + 2 + n];
        bytes[pad + 1] = (byte) n;
        System.arraycopy(wanted.getBytes(StandardCharsets.ISO_8859_1), 0, bytes, pad + 2, n);
        Cmp.splice(at, old, bytes);
    }
}
