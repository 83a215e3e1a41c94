/*
 * What a java.util.StringTokenizer wanted when its text ran out (Hooks.tokenizerNextToken*):
 * a parser that reads "[1,2)" one nextToken(delimiters) call at a time fails alike at each
 * step, and compares its delimiters inside the JDK only, so no comparison names the ")" or
 * "]" it needed after the "2". The delimiters it was reading to are offered after the last
 * token it returned: where a traced input's provider text holds that token (Spans, the exact
 * place), and as a key splice (token -> token plus delimiter) wherever the input holds it.
 *
 * One tokenizer is followed at a time (the last one read). Delimiters given only to the
 * constructor are read from the tokenizer's private field by the fuzzer (JNI), on a failed read.
 */
package com.jvmfuzz.shim.fuzz;

import java.util.StringTokenizer;

final class Tokenizers {
    private Tokenizers() {}

    /* Delimiter chars offered per failed read. */
    private static final int MAX_DELIMITERS = 4;

    private static StringTokenizer tokenizer;
    private static String delimiters;
    private static String lastToken;

    static void delimiters(StringTokenizer st, String delims) {
        follow(st);
        delimiters = delims;
    }

    static void returned(StringTokenizer st, String token) {
        follow(st);
        lastToken = token;
    }

    private static void follow(StringTokenizer st) {
        if (st != tokenizer) {
            tokenizer = st;
            delimiters = null;
            lastToken = null;
        }
    }

    /*
     * The read of `st` found no token; `delims` are those it read to (null for nextToken():
     * the last given, else the constructor's).
     */
    static void ranOut(StringTokenizer st, String delims) {
        String last = st == tokenizer ? lastToken : null;
        if (last == null || last.isEmpty() || !Cmp.collectingKeys()) {
            return;
        }
        if (delims == null) {
            delims = delimiters != null ? delimiters : Cmp.tokenizerDelimiters(st);
        }
        if (delims == null) {
            return;
        }
        int offered = 0;
        for (int i = 0; i < delims.length() && offered < MAX_DELIMITERS; i++) {
            char d = delims.charAt(i);
            if (delims.indexOf(d) != i) {
                continue;
            }
            offered++;
            // With a space after it too: a provider that splits its input by what is left
            // (remainingBytes() / 2) gives the text one more char for two bytes, not for one.
            // And with the token again: a tokenizer that skips its delimiters (the usual
            // kind) needs a token after the delimiter, not the delimiter alone.
            String wanted = last + d;
            Cmp.keyMiss(last, wanted, wanted + " ", wanted + last);
            Spans.after(last, String.valueOf(d));
            Spans.after(last, d + " ");
            Spans.after(last, d + last);
        }
    }
}
