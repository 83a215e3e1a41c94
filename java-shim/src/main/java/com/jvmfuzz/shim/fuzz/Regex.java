/*
 * Regex roadblocks: what a pattern wanted where the input had something else. The fuzzer puts
 * a call to these methods at the entry of the matching nodes of java.util.regex.Pattern
 * (agent/instrument/src/regex.rs): a literal run of characters (Slice*), the search for one
 * (BnM), a character class once (CharProperty) or repeated (CharPropertyGreedy). Without them
 * a target that checks its input with a Pattern, String.matches or a Scanner
 * (hasNext("#\\[StartTime:"), nextDouble()) compares nothing the fuzzer can see: the JDK's
 * code is not instrumented. Jazzer's RegexRoadblocks hooks do the same.
 *
 * A failed node logs pairs of (what the text has, what would pass) as a string comparison
 * (Cmp.strings), which input-to-state replacement writes into the input:
 * - the text from the node's position on, as long as the literal, against the literal (the
 *   literal written over what is there);
 * - the few characters before the mismatch against the same characters followed by what is
 *   missing (the rest inserted, what follows kept). The characters before make the place
 *   findable: one character alone would match anywhere in the input.
 * A character class wants a character it accepts, found by asking its predicate about a list
 * of candidates (the predicate is the JDK's package-private Pattern.CharPredicate: the fuzzer
 * opens java.util.regex to the shim's module for that).
 *
 * Only while the fuzzer traces an input, one thread at a time.
 *
 * On every execution, on the harness's thread, two kinds of value-profile cells: the n-th match
 * of a pattern in the execution (LastNode, n up to COUNTS), so that an input on which a Scanner
 * reads one more number, or String.matches accepts one more line, is new coverage where the
 * target's branches are the same (its nextDouble() calls are straight-line code); and how far
 * into its region a matches() got (in powers of two past 32), for a pattern that fails on every input
 * so far. Patterns are told apart by their text, not by identity (String.matches compiles anew
 * each call), through a hash into a fixed number of cells, so a target that compiles its input
 * as a pattern adds a bounded number of them. Not with generated drivers (Observed.enabled):
 * their runtime judges exceptions with patterns of its own, on the same thread.
 *
 * Never throws once initialized (the fuzzer initializes the class before it changes the JDK's
 * classes): these run inside the target's own regex matching.
 */
package com.jvmfuzz.shim.fuzz;

import java.lang.reflect.Method;
import java.util.IdentityHashMap;

public final class Regex {
    private Regex() {}

    /** Characters of the text before the position that go with a logged operand. */
    private static final int CONTEXT = 3;

    /** Candidates a character class is asked about, the likeliest first. */
    private static final String CANDIDATES =
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ _-.,:;/\\+*#=@!?$%&'\"()[]{}<>|^~`\t\n\r\u00e9\u00c4\u4e2d";

    private static final int CACHE = 256;
    private static final IdentityHashMap<Object, String> ACCEPTED = new IdentityHashMap<>();

    /** Pattern.CharPredicate.is(int), or null if java.util.regex is not open to us. */
    private static final Method IS = predicateTest();

    /** A roadblock being logged on some thread: the logging's own regex use is not traced. */
    private static boolean busy;

    /** Picks which accepted character a class's roadblock offers. */
    private static int turn;

    /** Matches of one pattern in an execution that count apart. */
    private static final int COUNTS = 6;
    /** Value-profile sites for the match counts, shared by all patterns through a hash. */
    private static final int SITES = 1024;
    /** Value-profile sites for how far a whole-region match got, one per pattern's hash. */
    private static final int REACH_SITES = 512;
    private static final int FIRST_SITE = Cmp.reserveSites(SITES + REACH_SITES);

    /** Roadblocks logged per traced execution, and per node (its literal or predicate). */
    private static final int BUDGET = 256;
    private static final int PER_NODE = 4;
    private static final IdentityHashMap<Object, int[]> LOGGED = new IdentityHashMap<>();
    private static int trace = -1;
    private static int logged;

    /*
     * False while the class initializes (set by the last initializer, at the end of the
     * class): a regex the initialization itself runs comes back here on the same thread and
     * would see the fields above unset.
     */
    private static boolean ready;

    private static Method predicateTest() {
        try {
            Method m = Class.forName("java.util.regex.Pattern$CharPredicate").getDeclaredMethod("is", int.class);
            m.setAccessible(true);
            return m;
        } catch (Throwable t) {
            return null;
        }
    }

    private static final Object LOCK = new Object();

    private static boolean on() {
        return ready && !busy && Cmp.Buf.ON && Cmp.Buf.traced();
    }

    /** Counted feedback: the harness's thread, not the drivers' runtime. */
    private static boolean counting() {
        return ready && FIRST_SITE >= 0 && !busy && !Observed.enabled && Thread.currentThread() == Runner.harnessThread();
    }

    /*
     * Whether `node` may log one more roadblock in this traced execution: a Scanner's search
     * for its delimiter fails once per character of a line, and would fill the comparison log
     * with that one wish.
     */
    private static boolean budget(Object node) {
        int t = Cmp.Buf.traceNumber();
        if (t != trace) {
            trace = t;
            logged = 0;
            LOGGED.clear();
        }
        if (logged >= BUDGET) {
            return false;
        }
        int[] n = LOGGED.get(node);
        if (n == null) {
            n = new int[1];
            LOGGED.put(node, n);
        }
        if (n[0] >= PER_NODE) {
            return false;
        }
        n[0]++;
        logged++;
        return true;
    }

    private static final int SLICE = 0;
    private static final int FIND = 1;
    private static final int CHARS = 2;

    /** Slice nodes: the code points `literal` at `i`; `ignoreCase` 1 for SliceI, SliceU, SliceIS. */
    public static void slice(int[] literal, int i, CharSequence seq, int ignoreCase) {
        if (on()) {
            log(SLICE, literal, i, seq, ignoreCase);
        }
    }

    /** BnM: `literal` searched for from `i` on; logged only when it is nowhere. */
    public static void find(int[] literal, int i, CharSequence seq) {
        if (on()) {
            log(FIND, literal, i, seq, 0);
        }
    }

    /**
     * CharProperty (`min` 1) and CharPropertyGreedy (`min` its minimum count): one character at
     * `i` that `predicate` accepts. Only the first character is judged: a greedy run that
     * starts and ends too soon is left to the fuzzer.
     */
    public static void chars(Object predicate, int i, CharSequence seq, int min) {
        if (min > 0 && IS != null && on()) {
            log(CHARS, predicate, i, seq, 0);
        }
    }

    /* One roadblock at a time (the budgets' tables are shared), never one inside another. */
    private static void log(int kind, Object node, int i, CharSequence seq, int flag) {
        synchronized (LOCK) {
            if (busy) {
                return;
            }
            busy = true;
            try {
                if (kind == SLICE) {
                    slice0((int[]) node, i, seq, flag);
                } else if (kind == FIND) {
                    find0((int[]) node, i, seq);
                } else {
                    chars0(node, i, seq);
                }
            } catch (Throwable t) {
                // The target's match goes on as if nothing was logged.
            } finally {
                busy = false;
            }
        }
    }

    private static void slice0(int[] literal, int i, CharSequence seq, int ignoreCase) {
        int end = seq.length();
        int n = literal.length;
        if (n == 0 || i < 0 || i > end) {
            return;
        }
        int k = 0;
        while (k < n && i + k < end && same(literal[k], seq.charAt(i + k), ignoreCase != 0)) {
            k++;
        }
        if (k == n || !budget(literal)) {
            return;
        }
        String want = new String(literal, 0, n);
        blocked(seq, i, k, end, want);
    }

    private static void find0(int[] literal, int i, CharSequence seq) {
        int end = seq.length();
        int n = literal.length;
        if (n == 0 || i < 0 || i > end) {
            return;
        }
        String want = new String(literal, 0, n);
        if (seq.subSequence(i, end).toString().contains(want) || !budget(literal)) {
            return;
        }
        // Written over the search's start, or appended after the text's end.
        blocked(seq, i, 0, end, want);
        blocked(seq, end, 0, end, want);
    }

    private static void chars0(Object predicate, int i, CharSequence seq) throws ReflectiveOperationException {
        int end = seq.length();
        if (i < 0 || i > end || (i < end && accepts(predicate, seq.charAt(i))) || !budget(predicate)) {
            return;
        }
        String accepted = accepted(predicate);
        if (accepted.isEmpty()) {
            return;
        }
        turn++;
        char c = accepted.charAt(turn % 2 == 0 ? 0 : (turn >>> 1) % accepted.length());
        blocked(seq, i, 0, end, String.valueOf(c));
    }

    /**
     * LastNode: `pattern` matched at `i`, unless `acceptMode` is Matcher.ENDANCHOR (1: matches()
     * wants the whole region) and `i` is short of `to`, the region's end.
     */
    public static void accept(java.util.regex.Pattern pattern, int acceptMode, int to, int i) {
        if ((acceptMode == 1 && i != to) || !counting()) {
            return;
        }
        try {
            int h = key(pattern);
            for (int n = 0; n < COUNTS; n++) {
                int site = FIRST_SITE + ((h + n * 0x61C88647) >>> 1) % SITES;
                if (Cmp.Buf.mark(site)) {
                    return;
                }
            }
        } catch (Throwable t) {
            // As in slice.
        }
    }

    /**
     * Every comparing node but BnM: a match of `pattern` in `acceptMode` Matcher.ENDANCHOR (1:
     * matches(), String.matches, a Scanner's token) reached `depth` characters into its
     * region. The deepest reach of each pattern (in powers of two past 32) is a value-profile
     * cell: an input that gets further is kept, and traced, and its next roadblock logged.
     */
    public static void reach(java.util.regex.Pattern pattern, int acceptMode, int depth) {
        if (acceptMode != 1 || depth <= 0 || !counting()) {
            return;
        }
        try {
            int h = key(pattern);
            // Each character up to 32, then one step per power of two: a pattern that starts
            // with .* enters its later nodes at every length of the text.
            int level = depth <= 32 ? depth : 59 - Integer.numberOfLeadingZeros(depth);
            Cmp.Buf.max(FIRST_SITE + SITES + (h >>> 1) % REACH_SITES, level);
        } catch (Throwable t) {
            // As in slice.
        }
    }

    /* A pattern's cells: by its text and flags, not its identity. */
    private static int key(java.util.regex.Pattern pattern) {
        return pattern.pattern().hashCode() * 0x9E3779B9 + pattern.flags();
    }

    /*
     * The node at `i` wanted `want`; the first `k` characters of it matched. Logs the literal
     * over the text at `i`, and the rest inserted after the part that matched.
     */
    private static void blocked(CharSequence seq, int i, int k, int end, String want) {
        int from = Math.max(0, i - CONTEXT);
        String before = seq.subSequence(from, i).toString();
        String over = seq.subSequence(i, Math.min(end, i + want.length())).toString();
        if (!over.isEmpty()) {
            Cmp.strings(before + over, before + want);
        }
        String matched = seq.subSequence(from, Math.min(end, i + k)).toString();
        if (matched.isEmpty()) {
            // An empty text: nothing to replace, the value is offered for insertion.
            Cmp.wanted(want);
        } else if (over.isEmpty() || !matched.equals(before + over)) {
            Cmp.strings(matched, before + want);
        }
    }

    private static boolean same(int want, char have, boolean ignoreCase) {
        if (want == have) {
            return true;
        }
        return ignoreCase
                && (Character.toLowerCase(want) == Character.toLowerCase(have)
                        || Character.toUpperCase(want) == Character.toUpperCase(have));
    }

    private static boolean accepts(Object predicate, int c) throws ReflectiveOperationException {
        return (Boolean) IS.invoke(predicate, c);
    }

    /**
     * The candidates `predicate` accepts, remembered per predicate (a compiled pattern's).
     * Called under LOCK.
     */
    private static String accepted(Object predicate) throws ReflectiveOperationException {
        String known = ACCEPTED.get(predicate);
        if (known != null) {
            return known;
        }
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < CANDIDATES.length() && sb.length() < 8; j++) {
            char c = CANDIDATES.charAt(j);
            if (accepts(predicate, c)) {
                sb.append(c);
            }
        }
        String found = sb.toString();
        if (ACCEPTED.size() >= CACHE) {
            ACCEPTED.clear();
        }
        ACCEPTED.put(predicate, found);
        return found;
    }

    static {
        ready = true;
    }
}
