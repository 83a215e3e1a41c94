/*
 * What a java.util.StringTokenizer wanted when its text ran out (Hooks.tokenizerNextToken*):
 * a parser that reads "[1,2)" one nextToken(delimiters) call at a time fails alike at each
 * step, and compares its delimiters inside the JDK only, so no comparison names the ")" or
 * "]" it needed after the "2". The delimiters it was reading to are offered after the last
 * token it returned: where a traced input's provider text holds that token (Spans, the exact
 * place), and as a key splice (token -> token plus delimiter) wherever the input holds it.
 *
 * One tokenizer is followed at a time (the last one given delimiters); delimiters given only
 * to the constructor are not known, so a tokenizer read with nextToken() alone gets no hint.
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
        if (st != tokenizer) {
            tokenizer = st;
            lastToken = null;
        }
        delimiters = delims;
    }

    static void returned(StringTokenizer st, String token) {
        if (st == tokenizer) {
            lastToken = token;
        }
    }

    /* The read of `st` found no token; `delims` are those it read to (null: not known). */
    static void ranOut(StringTokenizer st, String delims) {
        String last = st == tokenizer ? lastToken : null;
        if (delims == null || delims.isEmpty() || last == null || last.isEmpty() || !Cmp.collectingKeys()) {
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
            String wanted = last + d;
            Cmp.keyMiss(last, wanted, wanted + " ", null);
            Spans.after(last, String.valueOf(d));
            Spans.after(last, d + " ");
        }
    }

    static String delimitersOf(StringTokenizer st) {
        return st == tokenizer ? delimiters : null;
    }
}
