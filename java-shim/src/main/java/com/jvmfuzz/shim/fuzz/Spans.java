/*
 * Where in the fuzzer's input each string of a typed decoder (com.jvmfuzz.shim.driver.
 * TypedValues: generated drivers and typed JUnit fuzz tests) came from, so that a failed
 * comparison of one becomes a splice of the other operand into that span, selector and length
 * byte included (Cmp.strings, then the fuzzer's TypedSplice in fuzzer/src/recent.rs).
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
    private static int count;
    private static int inputLength;
    private static Thread owner;

    /** A decoder starts on an input of `length` bytes. */
    public static void begin(int length) {
        if (count > 0) {
            java.util.Arrays.fill(VALUES, 0, count, null);
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

    /** A comparison of `a` and `b` failed: if one was decoded, the other goes into its span. */
    static void compared(String a, String b) {
        if (owner != Thread.currentThread() || count == 0) {
            return;
        }
        for (int i = count - 1; i >= 0; i--) {
            if (VALUES[i] == a) {
                splice(i, b);
                return;
            }
            if (VALUES[i] == b) {
                splice(i, a);
                return;
            }
        }
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
