/*
 * Hand-run test of the shadow runtime (not part of the shim; see run.sh). It drives Sym the way
 * trace-mode code does (Emulated), decodes finish()'s bytes with an independent reader
 * (TraceFile) and checks:
 * - the format, and that every recorded condition holds on the input it came from;
 * - exactness: on other inputs that satisfy a condition's prefix, each condition predicts what
 *   the concrete run of that input does (so the path condition is the real one);
 * - negation: a brute-force "solver" over the condition's variables finds an input that takes
 *   the other side, and the concrete run of that input does;
 * - op shapes, counters (concretized, mismatches, dropped) and the session entry points.
 */
package com.jvmfuzz.shim.sym;

import com.jvmfuzz.shim.fuzz.FuzzedDataProvider;
import com.jvmfuzz.shim.fuzz.Runner;
import java.io.UnsupportedEncodingException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

public final class SymTest {
    private static int checks;
    private static int failures;

    static void check(boolean ok, String what) {
        checks++;
        if (!ok) {
            failures++;
            System.out.println("  FAIL: " + what);
        }
    }

    interface Target {
        void run(byte[] in) throws Throwable;
    }

    /** Runs `t` traced on `in`; checks the format and that every condition holds on `in`. */
    static TraceFile trace(String name, Target t, byte[] in) {
        Emulated.path.setLength(0);
        Sym.begin(in);
        try {
            t.run(in);
        } catch (Throwable e) {
            // as TraceRunner: the trace stays valid
        }
        check(Sym.depth() >= 1, name + ": frames");
        TraceFile f = TraceFile.decode(Sym.finish());
        check(f.inputLength == in.length, name + ": input length");
        long[] v = f.eval(in);
        for (int i = 0; i < f.conds.size(); i++) {
            check(f.holds(i, v), name + ": condition " + i + " holds on its own input: " + f.conds.get(i));
        }
        check(Sym.failure == null, name + ": no internal failure " + Sym.failure);
        return f;
    }

    /**
     * For each candidate: as long as the base trace's conditions hold on it, the candidate's
     * own run meets the same conditions, each going the way the base condition predicts.
     */
    static int exact(String name, Target t, byte[] original, List<byte[]> candidates) {
        TraceFile base = trace(name, t, original);
        int compared = 0;
        for (byte[] cand : candidates) {
            TraceFile ct = trace(name, t, cand);
            long[] v = base.eval(cand);
            for (int i = 0; i < base.conds.size(); i++) {
                TraceFile.Cond c = base.conds.get(i);
                boolean h = base.holds(i, v);
                if (c.kind == 2 && (i == 0 || base.conds.get(i - 1).kind != 2)) {
                    // A run of FIXED conditions is recorded together, after the operation
                    // they guard (a model, an array access): if one fails, the path may
                    // differ from that operation on, which is before the run.
                    boolean all = true;
                    for (int j = i; j < base.conds.size() && base.conds.get(j).kind == 2; j++) {
                        all &= base.holds(j, v);
                    }
                    if (!all) {
                        break;
                    }
                }
                boolean same = i < ct.conds.size() && ct.conds.get(i).kind == c.kind && ct.conds.get(i).site == c.site;
                check(same, name + ": candidate " + hex(cand) + " reaches condition " + i);
                if (!same) {
                    break;
                }
                if (c.kind == 0) {
                    check(ct.conds.get(i).taken == (h ? c.taken : 1 - c.taken),
                            name + ": condition " + i + " predicts " + hex(cand) + "\n" + base + "\n" + ct);
                    compared++;
                } else if (c.kind == 1) {
                    check(ct.conds.get(i).observed == (int) v[c.node], name + ": switch key of " + hex(cand));
                    compared++;
                }
                if (!h) {
                    break;
                }
            }
        }
        return compared;
    }

    /** Candidates: `n` copies of `original` with 1-2 random bytes changed (positions in `where`). */
    static List<byte[]> mutants(byte[] original, int[] where, int n, long seed) {
        Random r = new Random(seed);
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] c = original.clone();
            for (int k = 0; k < 1 + r.nextInt(2); k++) {
                c[where[r.nextInt(where.length)]] = (byte) r.nextInt(256);
            }
            out.add(c);
        }
        return out;
    }

    /**
     * A brute-force solver: an input (original with the condition's variables changed, values
     * from `alphabet`) on which conditions [0, i) hold and condition i does not; null if none.
     */
    static byte[] solve(TraceFile t, byte[] original, int i, int[] alphabet) {
        TreeSet<Integer> vars = new TreeSet<>();
        for (int j = 0; j <= i; j++) {
            vars.addAll(t.vars(t.conds.get(j).node));
        }
        TreeSet<Integer> own = t.vars(t.conds.get(i).node);
        // Only the variables of condition i change; the others keep their values.
        vars.retainAll(own);
        if (vars.size() > 3) {
            return null;
        }
        Integer[] vs = vars.toArray(new Integer[0]);
        int combos = 1;
        for (int k = 0; k < vs.length; k++) {
            combos *= alphabet.length;
        }
        byte[] cand = original.clone();
        for (int n = 0; n < combos; n++) {
            int rest = n;
            for (Integer v : vs) {
                cand[v] = (byte) alphabet[rest % alphabet.length];
                rest /= alphabet.length;
            }
            long[] val = t.eval(cand);
            boolean ok = !t.holds(i, val);
            for (int j = 0; ok && j < i; j++) {
                ok = t.holds(j, val);
            }
            if (ok) {
                return cand.clone();
            }
        }
        return null;
    }

    /** Negates every branch of the trace of `original`; each solution must flip it concretely. */
    static int negateAll(String name, Target t, byte[] original, int[] alphabet, boolean expectAll) {
        TraceFile base = trace(name, t, original);
        int flipped = 0;
        for (int i = 0; i < base.conds.size(); i++) {
            TraceFile.Cond c = base.conds.get(i);
            if (c.kind != 0) {
                continue;
            }
            byte[] cand = solve(base, original, i, alphabet);
            if (cand == null) {
                check(!expectAll, name + ": branch " + i + " (site " + c.site + ") has a solution");
                continue;
            }
            TraceFile ct = trace(name, t, cand);
            boolean ok = i < ct.conds.size() && ct.conds.get(i).site == c.site && ct.conds.get(i).taken == 1 - c.taken;
            check(ok, name + ": solution " + hex(cand) + " flips branch " + i + "\n" + ct);
            if (ok) {
                flipped++;
            }
        }
        return flipped;
    }

    static int[] range(int from, int to) {
        int[] a = new int[to - from + 1];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }

    static int[] chars(String s) {
        int[] a = new int[s.length()];
        for (int i = 0; i < a.length; i++) {
            a[i] = s.charAt(i);
        }
        return a;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder("[");
        for (byte x : b) {
            sb.append(String.format("%02x", x & 0xff));
        }
        return sb.append(']').toString();
    }

    static boolean mentions(TraceFile t, int node, int op) {
        boolean[] seen = new boolean[t.nodes.size()];
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        todo.push(node);
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (seen[id]) {
                continue;
            }
            seen[id] = true;
            TraceFile.Node x = t.nodes.get(id);
            if (x.op == op) {
                return true;
            }
            for (int k : new int[] {x.a, x.b, x.c}) {
                if (k >= 0) {
                    todo.push(k);
                }
            }
        }
        return false;
    }

    static void section(String name) {
        System.out.println("== " + name);
    }

    // ================================================================== tests

    static void arith() {
        section("arithmetic and a branch: x = (in[0] & 0xff) | (in[1] & 0xff) << 8; x * 3 + 7 == 1000");
        int[] returned = new int[1];
        Target t = in -> returned[0] = Emulated.arith(in);
        byte[] in = {0x10, 0x20};
        TraceFile f = trace("arith", t, in);
        System.out.println("  trace: " + f);
        check(f.conds.size() == 1, "one condition");
        TraceFile.Cond c = f.conds.get(0);
        check(c.kind == 0 && c.site == 1 && c.taken == 1, "BRANCH site 1 taken (if_icmpne jumps)");
        check(f.nodes.get(c.node).op == TraceFile.NE, "node is the comparison that held: NE");
        check(!mentions(f, c.node, TraceFile.AND), "(b & 0xff) of a sign-extended byte is a ZEXT, no AND");
        check(mentions(f, c.node, TraceFile.ZEXT) && mentions(f, c.node, TraceFile.SHL), "ZEXT and SHL");
        check(f.vars(c.node).equals(new TreeSet<>(Arrays.asList(0, 1))), "mentions in[0] and in[1]");
        check(f.concretized == 0 && f.mismatches == 0 && f.dropped == 0, "no losses");
        byte[] sol = solve(f, in, 0, range(0, 255));
        check(sol != null && ((sol[0] & 0xff) | (sol[1] & 0xff) << 8) == 331, "solver finds x = 331");
        TraceFile g = trace("arith", t, sol);
        check(returned[0] == 1 && g.conds.get(0).taken == 0 && g.nodes.get(g.conds.get(0).node).op == TraceFile.EQ,
                "the solution reaches `return 1`; the branch now holds as EQ");
        System.out.println("  solution " + hex(sol) + " -> returned " + returned[0]);
        int n = exact("arith", t, in, mutants(in, new int[] {0, 1}, 300, 1));
        check(n == 300, "exact on 300 mutants (" + n + ")");
    }

    static void calls() {
        section("calls: traced callee, untraced callee, stale return");
        Target t = Emulated::calls;
        byte[] in = {42, 1};
        TraceFile f = trace("calls", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("AC"), "path A and C");
        check(f.conds.size() == 1 && f.conds.get(0).site == 2, "only the branch on twice(x): opaque(x) and the stale read() are concrete");
        check(mentions(f, f.conds.get(0).node, TraceFile.ADD), "twice's v + v came back through ret/result");
        check(f.concretized == 1, "opaque(x) with a symbolic x counted as concretized (" + f.concretized + ")");
        check(f.mismatches == 0, "no mismatches");
        check(negateAll("calls", t, in, range(0, 255), true) == 1, "negated");
        check(exact("calls", t, in, mutants(in, new int[] {0, 1}, 200, 2)) > 100, "exact");
    }

    static void exceptions() {
        section("exceptions: handler unwinds a traced callee; ArithmeticException from ibin");
        int[] depth = new int[1];
        Target t = in -> {
            try {
                Emulated.guarded(in);
            } finally {
                depth[0] = Sym.depth();
            }
        };
        byte[] in = {5};
        TraceFile f = trace("guarded", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("caught;"), "caught");
        check(depth[0] == 1, "frames back to the bottom one after the unwind and the return (" + depth[0] + ")");
        check(f.conds.size() == 3 && f.conds.get(0).site == 5 && f.conds.get(1).kind == 2 && f.conds.get(2).site == 6,
                "thrower's branch, FIXED divisor != 0, then x > 10 on the local that survived the handler");
        check(f.mismatches == 0, "no mismatches (the handler reset the stack)");
        TraceFile z = trace("guarded", t, new byte[] {3});
        check(Emulated.path.toString().equals("caught;div0;") && z.conds.size() == 2, "division by zero thrown by ibin");
        boolean thrown = false;
        try {
            Sym.ibin(1, 0, Emulated.IDIV);
        } catch (ArithmeticException e) {
            thrown = "/ by zero".equals(e.getMessage());
        }
        check(thrown, "ibin throws ArithmeticException(\"/ by zero\") untraced too");
        check(negateAll("guarded", t, in, range(0, 255), true) == 2, "both branches negated");

        // An exception leaves traced code into untraced code that catches it and returns
        // normally: result() drops the stale frame and finds its caller's.
        Sym.begin(in);
        Sym.enter(1, 11);
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        int x = Sym.baload(in, 0, 90);
        Sym.op(Emulated.ISTORE_1);
        Sym.op(Emulated.ALOAD_0); // an argument of the untraced call
        Sym.call(22, 1);
        try { // untraced: try { traced(); } catch (RuntimeException e) {}
            Sym.enter(2, 33);
            Sym.op(Emulated.BIPUSH);
            throw new RuntimeException();
        } catch (RuntimeException e) {
            // swallowed by untraced code
        }
        Sym.result(22, 1);
        int stale = Sym.depth();
        Sym.op(Emulated.POP);
        Sym.op(Emulated.ILOAD_1);
        Sym.izero(x, Emulated.site(1, Emulated.IFEQ));
        Sym.ret(0);
        TraceFile u = TraceFile.decode(Sym.finish());
        check(stale == 2 && u.conds.size() == 1 && u.mismatches == 1,
                "the stale frame is dropped (one mismatch), the caller's locals are intact: " + u);
        check(exact("guarded", t, in, mutants(in, new int[] {0}, 300, 3)) > 300, "exact");
    }

    static void fields() {
        section("fields: putfield/getfield, putfieldJ (stash), putstatic/getstatic, lcmp + ifge");
        Target t = Emulated::fields;
        byte[] in = {9, -3, 7};
        TraceFile f = trace("fields", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("v;w;s;"), "path");
        check(f.conds.size() == 3, "three branches");
        TraceFile.Node w = f.nodes.get(f.conds.get(1).node);
        check(w.op == TraceFile.SLT && f.nodes.get(w.a).width == 64, "lcmp; ifge not taken: SLT over the longs");
        check(f.vars(f.conds.get(1).node).equals(new TreeSet<>(Arrays.asList(1))), "the long field is in[1]");
        check(f.vars(f.conds.get(2).node).equals(new TreeSet<>(Arrays.asList(2))), "the static is in[2]");
        check(negateAll("fields", t, in, range(0, 255), true) == 3, "negated");
        check(exact("fields", t, in, mutants(in, new int[] {0, 1, 2}, 300, 4)) > 300, "exact");
    }

    static void parse() {
        section("models: Integer.parseInt(new String(in, 0, 3, US_ASCII)) > 500");
        Target t = Emulated::parse;
        byte[] in = "123".getBytes(StandardCharsets.US_ASCII);
        TraceFile f = trace("parse", t, in);
        System.out.println("  trace: " + f);
        int fixed = 0;
        for (TraceFile.Cond c : f.conds) {
            fixed += c.kind == 2 ? 1 : 0;
        }
        check(fixed == 6 && f.conds.size() == 7, "3 FIXED ASCII guards, 3 FIXED digit guards, 1 branch");
        TraceFile.Cond b = f.conds.get(6);
        check(b.kind == 0 && b.taken == 1 && f.nodes.get(b.node).op == TraceFile.SLE, "if_icmple taken: SLE");
        int[] alphabet = chars("0123456789-+a ");
        byte[] sol = solve(f, in, 6, alphabet);
        check(sol != null, "a solution > 500");
        TraceFile g = trace("parse", t, sol);
        System.out.println("  solution \"" + new String(sol, StandardCharsets.US_ASCII) + "\" -> path " + Emulated.path);
        check(Emulated.path.toString().equals("big;") && g.conds.get(6).taken == 0, "it parses > 500");
        TraceFile neg = trace("parse", t, "-12".getBytes(StandardCharsets.US_ASCII));
        check(solve(neg, "-12".getBytes(StandardCharsets.US_ASCII), neg.conds.size() - 1, alphabet) == null,
                "\"-12\": the sign stays (FIXED), so > 500 is unsat on this path");
        TraceFile bad = trace("parse", t, "12a".getBytes(StandardCharsets.US_ASCII));
        // A failed parse: the newString guards, then the branch "the string is a number" that
        // did not hold (negated, every char a digit or a leading sign).
        check(bad.conds.size() == 4 && bad.conds.get(3).kind == 0 && bad.conds.get(3).taken == 0,
                "NumberFormatException: the newString guards and the not-a-number branch");
        byte[] fixedUp = solve(bad, "12a".getBytes(StandardCharsets.US_ASCII), 3, alphabet);
        check(fixedUp != null && Character.isDigit(fixedUp[2]), "negated, the third char becomes a digit");
        List<byte[]> cands = new ArrayList<>();
        for (String s : new String[] {"999", "500", "501", "000", "12a", "-99", "+77", "1 2", "\u00ff12"}) {
            cands.add(s.getBytes(StandardCharsets.ISO_8859_1));
        }
        cands.addAll(mutants(in, new int[] {0, 1, 2}, 300, 5));
        check(exact("parse", t, in, cands) > 10, "exact");
    }

    static void verb() {
        section("models: startsWith, equals, charAt + isDigit, hashCode switch on new String(in, UTF_8)");
        Target t = Emulated::verb;
        byte[] in = "GEX".getBytes(StandardCharsets.UTF_8);
        TraceFile f = trace("verb", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(f.nodes.get(f.conds.get(3).node).op == TraceFile.BAND, "startsWith held: the AND of char EQs itself");
        check(f.nodes.get(f.conds.get(4).node).op == TraceFile.BNOT, "equals failed: BNOT of the AND");
        TraceFile.Cond sw = f.conds.get(f.conds.size() - 1);
        check(sw.kind == 1 && sw.site == 14 && sw.observed == "GEX".hashCode(), "SWITCH on the hash, observed GEX's");
        int[] printable = range(0x41, 0x5a);
        check(negateAll("verb", t, in, printable, false) >= 2, "equals and isDigit negated");
        byte[] get = solve(f, in, 4, printable);
        check(get != null && new String(get, StandardCharsets.UTF_8).equals("GET"), "equals negated: GET");
        // The switch: a solution for key == "GET".hashCode() (the case the fuzzer knows).
        byte[] hit = null;
        for (int a : printable) {
            byte[] c = in.clone();
            c[2] = (byte) a;
            long[] v = f.eval(c);
            if ((int) v[sw.node] == 70454) {
                hit = c;
            }
        }
        trace("verb", t, hit);
        check(Emulated.path.toString().contains("GET hash"), "the case is reached");
        List<byte[]> cands = mutants(in, new int[] {0, 1, 2}, 500, 6);
        cands.add("G\u00e9T".getBytes(StandardCharsets.UTF_8));
        check(exact("verb", t, in, cands) > 100, "exact");
    }

    static void misc() {
        section("lcmp, switch, int[] with symbolic indices (FIXED)");
        Target t = Emulated::misc;
        byte[] in = {50, 2, 6, 9};
        TraceFile f = trace("misc", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("small;two;nine;"), "path");
        check(f.conds.size() == 7, "branch, switch, 2 x (bounds branch, FIXED index), branch");
        check(f.conds.get(1).kind == 1 && f.conds.get(1).observed == 2, "switch observed 2");
        check(f.conds.get(2).kind == 0 && f.conds.get(2).site == 18 && f.conds.get(2).taken == 1, "bounds at the store");
        check(f.conds.get(4).kind == 0 && f.conds.get(4).site == 19 && f.conds.get(4).taken == 1, "bounds at the load");
        check(f.nodes.get(f.conds.get(2).node).op == TraceFile.ULT, "an unsigned index < length");
        check(f.conds.get(3).kind == 2 && f.conds.get(5).kind == 2, "the indices are FIXED");
        TraceFile.Node nine = f.nodes.get(f.conds.get(6).node);
        check(nine.op == TraceFile.EQ && f.nodes.get(nine.a).width == 8, "EQ(SEXT32(b), 9) narrowed to the byte");
        // (in[2] & 3) < 4 always: the two bounds branches have no solution.
        check(negateAll("misc", t, in, range(0, 255), false) == 2, "negated");
        check(exact("misc", t, in, mutants(in, new int[] {0, 1, 2, 3}, 400, 7)) > 400, "exact");
    }

    static void span() {
        section("an array index past a checked span: the bounds check is a branch to negate");
        Target t = Emulated::span;
        byte[] in = {1, 1, 0, 0};
        TraceFile f = trace("span", t, in);
        System.out.println("  trace: " + f);
        check(f.conds.size() == 5, "3 checks, the bounds branch, the FIXED index");
        TraceFile.Cond bounds = f.conds.get(3);
        check(bounds.kind == 0 && bounds.site == 23 && bounds.taken == 1, "bounds branch at site 23, held");
        byte[] past = solve(f, in, 3, range(-128, 127));
        check(past != null && past[0] + past[1] == in.length, "negated: the span ends at the input's end");
        boolean thrown = false;
        try {
            Emulated.span(past);
        } catch (ArrayIndexOutOfBoundsException e) {
            thrown = true;
        }
        check(thrown, "the solution reads past the end");
    }

    static void pick() {
        section("charAt and substring: their bounds checks are branches too (sited models)");
        Target t = Emulated::pick;
        byte[] in = {1, 2, 4};
        TraceFile f = trace("pick", t, in);
        System.out.println("  trace: " + f);
        check(f.conds.size() == 4, "bounds branch, FIXED index, span branch, FIXED begin");
        TraceFile.Cond at = f.conds.get(0);
        TraceFile.Cond span = f.conds.get(2);
        check(at.kind == 0 && at.site == 24 && at.taken == 1, "charAt's bounds branch at its site");
        check(span.kind == 0 && span.site == 25 && span.taken == 1, "substring's span branch at its site");
        byte[] past = solve(f, in, 0, range(-128, 127));
        check(past != null && (past[0] + past[1] < 0 || past[0] + past[1] >= 4), "negated: an index off the word");
        byte[] before = solve(f, in, 2, range(-128, 127));
        check(before != null && (before[2] < 0 || before[2] > 4), "negated: a begin off the word");
        for (byte[] bad : new byte[][] {past, before}) {
            boolean thrown = false;
            try {
                Emulated.pick(bad);
            } catch (StringIndexOutOfBoundsException e) {
                thrown = true;
            }
            check(thrown, "the solution " + hex(bad) + " throws StringIndexOutOfBoundsException");
        }
    }

    static void providers() {
        section("providers: jvmfuzz's FuzzedDataProvider (front, big-endian)");
        Target t = in -> Emulated.fdp(new FuzzedDataProvider(in));
        byte[] in = {'A', 'B', 'C', 'D', 5, 'y', 'z', 'q', 'r', 's'};
        TraceFile f = trace("fdp", t, in);
        System.out.println("  trace: " + f + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("int;range;z;q;"), "path");
        check(f.conds.size() == 4, "four branches");
        check(f.vars(f.conds.get(0).node).equals(new TreeSet<>(Arrays.asList(0, 1, 2, 3))), "consumeInt is in[0..3]");
        check(f.vars(f.conds.get(1).node).equals(new TreeSet<>(Arrays.asList(4))), "consumeInt(10, 20) is in[4]");
        check(negateAll("fdp", t, in, range(0, 255), false) == 3, "the three 1-byte branches negated");
        check(exact("fdp", t, in, mutants(in, range(0, 9), 1000, 8)) > 1000, "exact");
        TraceFile s = trace("fdp short", t, new byte[] {'A', 'B'});
        check(s.conds.size() == 1 && s.vars(s.conds.get(0).node).equals(new TreeSet<>(Arrays.asList(0, 1))),
                "past the end the bytes read as constant 0");

        section("providers: Jazzer's layout (numbers from the end, strings from the front)");
        Target j = in2 -> Emulated.jazzer((com.jvmfuzz.junit.FuzzedDataProvider)
                Runner.traceArgument(com.jvmfuzz.junit.FuzzedDataProvider.class, in2));
        byte[] jin = {'a', 'b', '\\', 'Q', 1, (byte) 250, 0, 4, 3, 2, 1};
        TraceFile g = trace("jazzer", j, jin);
        System.out.println("  trace: " + g + "\n  path: " + Emulated.path);
        check(Emulated.path.toString().equals("int;range;ab;bool;"), "path");
        check(g.vars(g.conds.get(0).node).equals(new TreeSet<>(Arrays.asList(7, 8, 9, 10))), "consumeInt: the last 4 bytes");
        check(g.vars(g.conds.get(1).node).equals(new TreeSet<>(Arrays.asList(5, 6))), "consumeInt(-5, 300): 2 bytes before");
        check(negateAll("jazzer", j, jin, range(0, 255), false) >= 2, "range and boolean negated");
        List<byte[]> cands = mutants(jin, range(0, 6), 3000, 9);
        check(exact("jazzer", j, jin, cands) > 3000, "exact (the range's out-of-range remainder included)");
    }

    static void mismatches() {
        section("mismatches: a wrong concrete value, stack underflow, width confusion");
        byte[] in = {7};
        Sym.begin(in);
        Sym.enter(1, 1);
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        Sym.baload(in, 0, 90);
        Sym.izero(8, Emulated.site(1, Emulated.IFEQ)); // the operand is 7, not 8
        Sym.op(Emulated.POP); // empty stack
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        Sym.baload(in, 0, 90);
        Sym.lneg(0); // a 32-bit shadow (and an underflow) where a long is expected
        TraceFile f = TraceFile.decode(Sym.finish());
        System.out.println("  trace: " + f);
        check(f.conds.isEmpty(), "no condition recorded from a wrong shadow");
        check(f.mismatches == 3, "mismatches: wrong value, underflow, wrong width (" + f.mismatches + ")");
    }

    static void limits() {
        section("limits: a 999,000-deep chain serialised iteratively; the node budget");
        for (int n : new int[] {999_000, 1_100_000}) {
            byte[] in = {1};
            Sym.begin(in);
            Sym.enter(1, 1);
            Sym.op(Emulated.ALOAD_0);
            Sym.op(Emulated.ICONST_0);
            int x = Sym.baload(in, 0, 90);
            Sym.op(Emulated.ISTORE_1);
            for (int i = 0; i < n; i++) {
                Sym.op(Emulated.ILOAD_1);
                Sym.op(Emulated.ICONST_1 + 1); // iconst_2
                x = Sym.ibin(x, 2, Emulated.IADD);
                Sym.op(Emulated.ISTORE_1);
            }
            Sym.op(Emulated.ILOAD_1);
            Sym.izero(x, Emulated.site(1, Emulated.IFEQ));
            long t0 = System.nanoTime();
            byte[] bytes = Sym.finish();
            long t1 = System.nanoTime();
            TraceFile f = TraceFile.decode(bytes);
            System.out.printf("  %d additions: %d nodes, %d conds, concretized %d, %d bytes, finish %.0f ms%n", n,
                    f.nodes.size(), f.conds.size(), f.concretized, bytes.length, (t1 - t0) / 1e6);
            if (n < Expr.MAX_NODES) {
                check(f.conds.size() == 1 && f.nodes.size() == n + 5 && f.concretized == 0,
                        "the whole chain is written (VAR, SEXT, 2, n ADDs, 0, NE)");
                check(f.eval(in)[f.conds.get(0).node] == 1, "and evaluates");
            } else {
                check(f.conds.isEmpty() && f.concretized > 0, "past the budget the value became concrete (counted)");
            }
        }
    }

    static void threads() throws InterruptedException {
        section("other threads: concrete work only");
        byte[] in = {3};
        Sym.begin(in);
        Sym.enter(1, 1);
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        Sym.baload(in, 0, 90);
        String[] seen = new String[1];
        Thread other = new Thread(() -> {
            StringBuilder sb = new StringBuilder();
            sb.append(Sym.ibin(6, 7, Emulated.IMUL)).append(',');
            Sym.stashJ(1L << 40);
            sb.append(Sym.unstashJ() == 1L << 40).append(',');
            sb.append(Sym.baload(in, 0, 90)).append(',');
            Sym.op(Emulated.POP);
            Sym.icmp(1, 2, 0);
            sb.append(Sym.active());
            seen[0] = sb.toString();
        });
        other.start();
        other.join();
        Sym.izero(3, Emulated.site(1, Emulated.IFNE));
        TraceFile f = TraceFile.decode(Sym.finish());
        check("42,true,3,false".equals(seen[0]), "the other thread computed concretely: " + seen[0]);
        check(f.conds.size() == 1 && f.mismatches == 0, "and did not touch the owner's frames");
    }

    static void failure() {
        section("an internal failure stops tracing, keeps the trace");
        byte[] in = {1};
        Sym.begin(in);
        Sym.enter(1, 1);
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        Sym.baload(in, 0, 90);
        Sym.izero(1, Emulated.site(1, Emulated.IFEQ));
        Sym.fail(new IllegalStateException("simulated"));
        check(!Sym.active(), "inactive");
        check(Sym.ibin(2, 3, Emulated.IADD) == 5, "still computes");
        TraceFile f = TraceFile.decode(Sym.finish());
        check(f.conds.size() == 1 && f.dropped == 1, "one condition, failure counted as dropped");
        Sym.failure = null;
    }

    static void modelsTable() throws Exception {
        section("models.txt: every line names a Models method with the call's stack effect");
        Path table = Paths.get(System.getProperty("models.txt"));
        int n = 0;
        for (String line : Files.readAllLines(table)) {
            if (line.isEmpty()) {
                continue;
            }
            String[] p = line.split(" ");
            boolean sited = p.length == 7 && p[6].equals("site");
            check((p.length == 6 || sited) && p[3].equals("->"), "format: " + line);
            String owner = p[0];
            String name = p[1];
            String desc = p[2];
            String model = p[4];
            String mdesc = p[5];
            Method m = null;
            for (Method cand : Models.class.getDeclaredMethods()) {
                if (cand.getName().equals(model) && descriptor(cand).equals(mdesc)) {
                    m = cand;
                }
            }
            check(m != null && Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()),
                    "Models." + model + mdesc + " exists, public static");
            // The original: instance methods take the receiver first; constructors return it.
            Class<?> c = Class.forName(owner.replace('/', '.'));
            String params = desc.substring(1, desc.indexOf(')'));
            String ret = desc.substring(desc.indexOf(')') + 1);
            String expected;
            if (name.equals("<init>")) {
                expected = "(" + params + ")L" + owner + ";";
            } else {
                boolean isStatic = false;
                for (Method o : c.getMethods()) {
                    if (o.getName().equals(name) && descriptor(o).equals(desc)) {
                        isStatic = Modifier.isStatic(o.getModifiers());
                    }
                }
                expected = isStatic ? desc : "(L" + owner + ";" + params + ")" + ret;
            }
            if (sited) {
                // The call's site, pushed on top of its arguments.
                expected = expected.replace(")", "I)");
            }
            check(mdesc.equals(expected), line + ": stack effect " + expected);
            n++;
        }
        System.out.println("  " + n + " models");
        check(n >= 30, "all models listed");
        String source = new String(Files.readAllBytes(table.resolveSibling("Models.java")), StandardCharsets.UTF_8);
        for (String line : Files.readAllLines(table)) {
            check(line.isEmpty() || source.contains(" *   " + line + "\n"), "Models.java's comment lists " + line);
        }

        section("models behave like the real calls concretely");
        check(throwsLike(() -> Models.charAt("abc", 5, 91), () -> "abc".charAt(5)), "charAt out of range");
        check(throwsLike(() -> Models.parseInt("12x"), () -> Integer.parseInt("12x")), "parseInt bad");
        check(throwsLike(() -> Models.parseInt(null), () -> Integer.parseInt(null)), "parseInt null");
        check(throwsLike(() -> Models.substring("abc", 2, 1, 92), () -> "abc".substring(2, 1)), "substring");
        check(throwsLike(() -> Models.equals(null, "a"), () -> ((String) null).equals("a")), "equals null receiver");
        check(!Models.equals("a", null) && Models.equals("a", "a"), "equals");
        check(throwsLike(() -> Models.newString(new byte[1], "no-such-charset"), () -> new String(new byte[1], "no-such-charset")),
                "newString unknown charset");
        check(throwsLike(() -> {
            Models.arraycopy(new int[1], 0, new long[1], 0, 1);
            return null;
        }, () -> {
            System.arraycopy(new int[1], 0, new long[1], 0, 1);
            return null;
        }), "arraycopy types");
        check(throwsLike(() -> Models.copyOfRange(new byte[2], 3, 4), () -> Arrays.copyOfRange(new byte[2], 3, 4)), "copyOfRange");
        check(Models.valueOf(5) == Integer.valueOf(5) && Models.intValue(300) == 300, "boxing keeps identity");
        check(Models.isLetter('\u00e9') && !Models.isDigit('x') && Models.isDigit('\u0663'), "Character");
        check(Models.parseLong("-9000000000") == -9000000000L && Models.parseInt("-ff", 16) == -255, "parse");
        check(Models.indexOf("hello", 'l') == 2 && Models.hashCode("GET") == 70454, "indexOf, hashCode");
    }

    interface Call {
        Object run() throws Throwable;
    }

    static boolean throwsLike(Call model, Call real) {
        Class<?> a = thrown(model);
        Class<?> b = thrown(real);
        return a != null && a == b;
    }

    static Class<?> thrown(Call c) {
        try {
            c.run();
            return null;
        } catch (Throwable t) {
            return t.getClass();
        }
    }

    static String descriptor(Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(desc(p));
        }
        return sb.append(')').append(desc(m.getReturnType())).toString();
    }

    static String desc(Class<?> c) {
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        if (c.isPrimitive()) {
            return String.valueOf("ZBCSIJFDV".charAt(Arrays.asList(boolean.class, byte.class, char.class, short.class,
                    int.class, long.class, float.class, double.class, void.class).indexOf(c)));
        }
        return "L" + c.getName().replace('.', '/') + ";";
    }

    static void modelShadows() throws UnsupportedEncodingException {
        section("model shadows: substring, getBytes, arraycopy, copyOf, UTF-8 runs, Integer boxes");
        // String s = new String(in, UTF_8); String v = s.substring(2, 4); byte[] b = v.getBytes();
        // byte[] dst = new byte[6]; System.arraycopy(in, 2, dst, 1, 2);
        // System.arraycopy(new byte[6], 0, dst, 0, 6); byte[] c = Arrays.copyOf(in, 3);
        // Integer box = Integer.valueOf(in[0]); if (box.intValue() == 0) ...
        byte[] in = "k=42;\u00e9x".getBytes(StandardCharsets.UTF_8); // 'é' is 2 bytes: c3 a9
        Sym.begin(in);
        Sym.enter(1, 1);
        Sym.op(Emulated.ALOAD_0);
        Sym.fx(1 << 8); // getstatic UTF_8
        String s = Models.newString(in, StandardCharsets.UTF_8);
        Sym.op(Emulated.ASTORE_1);
        check(Shadows.string(s) != null && Shadows.string(s)[5] == null && Shadows.string(s)[6] != null
                && Shadows.string(s)[6].op == Expr.ZEXT, "UTF-8: é concrete, the x after it is in[7]");
        Sym.op(Emulated.ALOAD_1);
        Sym.op(Emulated.ICONST_2);
        Sym.op(Emulated.ICONST_2 + 2); // iconst_4
        String v = Models.substring(s, 2, 4, 93);
        Sym.op(Emulated.ASTORE_2);
        check(Shadows.string(v) != null && Shadows.string(v).length == 2, "substring keeps the char shadows");
        Sym.op(Emulated.ALOAD_2);
        byte[] b = Models.getBytes(v);
        Sym.op(Emulated.ASTORE_3);
        check(Shadows.elements(b) != null && Shadows.elements(b)[0].holds('4'), "getBytes (default charset) maps back");
        Sym.op(Emulated.BIPUSH);
        Sym.op(Emulated.NEWARRAY);
        byte[] dst = new byte[6];
        Sym.op(Emulated.ASTORE | 4 << 8);
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_2);
        Sym.op(Emulated.ALOAD | 4 << 8);
        Sym.op(Emulated.ICONST_1);
        Sym.op(Emulated.ICONST_2);
        Models.arraycopy(in, 2, dst, 1, 2);
        check(Shadows.elements(dst) != null && Shadows.elements(dst)[1].holds('4') && Shadows.elements(dst)[0] == null,
                "arraycopy moves element shadows");
        Sym.op(Emulated.BIPUSH);
        Sym.op(Emulated.NEWARRAY);
        Sym.op(Emulated.ICONST_0);
        Sym.op(Emulated.ALOAD | 4 << 8);
        Sym.op(Emulated.ICONST_0);
        Sym.op(Emulated.BIPUSH);
        Models.arraycopy(new byte[6], 0, dst, 0, 6);
        check(Shadows.elements(dst) == null || Shadows.allNull(Shadows.elements(dst)), "copying concrete bytes clears them");
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_3);
        byte[] c = Models.copyOf(in, 3);
        Sym.op(Emulated.POP);
        check(Shadows.elements(c) != null && Shadows.elements(c).length == 3, "copyOf");
        Sym.op(Emulated.ALOAD_0);
        Sym.op(Emulated.ICONST_0);
        int k = Sym.baload(in, 0, 90);
        Integer box = Models.valueOf(k);
        Sym.op(Emulated.ASTORE | 5 << 8);
        Sym.op(Emulated.ALOAD | 5 << 8);
        int back = Models.intValue(box);
        Sym.izero(back, Emulated.site(1, Emulated.IFNE));
        TraceFile f = TraceFile.decode(Sym.finish());
        System.out.println("  trace: " + f);
        TraceFile.Cond last = f.conds.get(f.conds.size() - 1);
        check(last.kind == 0 && f.vars(last.node).equals(new TreeSet<>(Arrays.asList(0))), "the unboxed value is in[0]");
        check(f.mismatches == 0 && f.concretized == 0, "no mismatches, no losses");
    }

    /**
     * The providers return the same in trace mode as outside it: random inputs, random call
     * sequences, every consume method of both layouts.
     */
    static void providerParity() throws Throwable {
        section("providers: trace mode returns exactly what fuzzing mode does");
        Random r = new Random(10);
        int calls = 0;
        for (int round = 0; round < 400; round++) {
            byte[] in = new byte[r.nextInt(40)];
            r.nextBytes(in);
            if (round % 3 == 0) {
                for (int i = 0; i < in.length; i++) {
                    // backslashes, NUL, DEL, a UTF-8 lead byte
                    String alphabet = "ab\\9Z-\u0000\u007f\u00c3";
                    in[i] = (byte) alphabet.charAt(r.nextInt(alphabet.length()));
                }
            }
            long seed = r.nextLong();
            for (int layout = 0; layout < 2; layout++) {
                List<String> plain = consumeAll(layout, in.clone(), seed, false);
                List<String> traced = consumeAll(layout, in.clone(), seed, true);
                check(plain.equals(traced), "layout " + layout + " on " + hex(in) + ":\n" + plain + "\n" + traced);
                calls += plain.size();
            }
        }
        System.out.println("  " + calls + " calls compared");
    }

    static List<String> consumeAll(int layout, byte[] in, long seed, boolean trace) throws Throwable {
        Class<?> type = layout == 0 ? FuzzedDataProvider.class : com.jvmfuzz.junit.FuzzedDataProvider.class;
        Object p = Runner.traceArgument(type, in);
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        if (trace) {
            Sym.begin(in);
        }
        try {
            for (int i = 0; i < 12; i++) {
                String m;
                Object v;
                switch (r.nextInt(22)) {
                    case 0: m = "consumeBoolean"; v = call(type, p, m); break;
                    case 1: m = "consumeByte"; v = call(type, p, m); break;
                    case 2: m = "consumeShort"; v = call(type, p, m); break;
                    case 3: m = "consumeInt"; v = call(type, p, m); break;
                    case 4: m = "consumeLong"; v = call(type, p, m); break;
                    case 5: m = "consumeChar"; v = call(type, p, m); break;
                    case 6: m = "consumeCharNoSurrogates"; v = call(type, p, m); break;
                    case 7: m = "consumeInt(II)"; v = type.getMethod("consumeInt", int.class, int.class).invoke(p, -r.nextInt(1000), r.nextInt(100000)); break;
                    case 8: m = "consumeLong(JJ)"; v = type.getMethod("consumeLong", long.class, long.class).invoke(p, r.nextBoolean() ? Long.MIN_VALUE : -5L, r.nextBoolean() ? Long.MAX_VALUE : (long) r.nextInt(1 << 30)); break;
                    case 9: m = "consumeByte(BB)"; v = type.getMethod("consumeByte", byte.class, byte.class).invoke(p, (byte) -3, (byte) r.nextInt(128)); break;
                    case 10: m = "consumeShort(SS)"; v = type.getMethod("consumeShort", short.class, short.class).invoke(p, (short) -300, (short) r.nextInt(30000)); break;
                    case 11: m = "consumeChar(CC)"; v = type.getMethod("consumeChar", char.class, char.class).invoke(p, 'a', (char) ('a' + r.nextInt(2000))); break;
                    case 12: m = "consumeBytes"; v = Arrays.toString((byte[]) type.getMethod("consumeBytes", int.class).invoke(p, r.nextInt(6))); break;
                    case 13: m = "consumeBooleans"; v = Arrays.toString((boolean[]) type.getMethod("consumeBooleans", int.class).invoke(p, r.nextInt(6))); break;
                    case 14: m = "consumeShorts"; v = Arrays.toString((short[]) type.getMethod("consumeShorts", int.class).invoke(p, r.nextInt(4))); break;
                    case 15: m = "consumeInts"; v = Arrays.toString((int[]) type.getMethod("consumeInts", int.class).invoke(p, r.nextInt(4))); break;
                    case 16: m = "consumeLongs"; v = Arrays.toString((long[]) type.getMethod("consumeLongs", int.class).invoke(p, r.nextInt(3))); break;
                    case 17: m = "consumeString"; v = type.getMethod("consumeString", int.class).invoke(p, r.nextInt(8)); break;
                    case 18: m = "consumeAsciiString"; v = type.getMethod("consumeAsciiString", int.class).invoke(p, r.nextInt(8)); break;
                    case 19: m = "consumeRemainingAsString"; v = call(type, p, m); break;
                    case 20: m = "consumeRemainingAsBytes"; v = Arrays.toString((byte[]) call(type, p, m)); break;
                    default: m = "consumeRemainingAsAsciiString"; v = call(type, p, m); break;
                }
                out.add(m + "=" + v);
            }
        } catch (java.lang.reflect.InvocationTargetException e) {
            out.add("threw " + e.getCause());
        } finally {
            if (trace) {
                Sym.finish();
                check(Sym.failure == null, "no internal failure: " + Sym.failure);
            }
        }
        return out;
    }

    static Object call(Class<?> type, Object p, String name) throws Throwable {
        return type.getMethod(name).invoke(p);
    }

    static void runner() throws Throwable {
        section("TraceLoader + TraceRunner: a harness loaded child-first, run with begin/finish");
        String cp = System.getProperty("harness.classpath");
        Object h = TraceRunner.harness("demo.BytesHarness", cp);
        Class<?> c = (Class<?>) h;
        check(c.getClassLoader() instanceof TraceLoader, "defined by the TraceLoader");
        check(TraceRunner.harness("demo.BytesHarness", cp) == h, "cached");
        Class<?> app = Class.forName("demo.BytesHarness");
        check(app != c, "child-first: not the application loader's copy");
        check(c.getField("initialized").getBoolean(null) && !app.getField("initialized").getBoolean(null),
                "fuzzerInitialize ran on the traced copy only");
        check(c.getClassLoader().loadClass("com.jvmfuzz.shim.sym.Sym") == Sym.class, "the shim is shared");
        check(c.getClassLoader().loadClass("org.w3c.dom.Node").getClassLoader() != c.getClassLoader(), "JDK classes from the JDK");
        TraceFile t1 = TraceFile.decode(TraceRunner.run(c, new byte[] {'X', 1}));
        TraceFile t2 = TraceFile.decode(TraceRunner.run(c, new byte[] {'Y', 1}));
        System.out.println("  'X': " + t1 + "\n  'Y': " + t2);
        check(t1.conds.size() == 1 && t2.conds.size() == 1 && t1.conds.get(0).taken != t2.conds.get(0).taken,
                "both runs traced; 'X' threw (caught), the trace is still there");
        check(!Sym.active(), "finished");

        Class<?> p = (Class<?>) TraceRunner.harness("demo.ProviderHarness", cp);
        TraceFile t3 = TraceFile.decode(TraceRunner.run(p, new byte[] {0, 0, 1, 0}));
        System.out.println("  provider: " + t3);
        check(t3.conds.size() == 1 && t3.vars(t3.conds.get(0).node).size() == 4,
                "a FuzzedDataProvider harness: consumeInt over the input made symbolic by begin");
        TraceFile empty = TraceFile.decode(TraceRunner.run(p, null));
        check(empty.inputLength == 0, "a null input is an empty one");
    }

    interface Test {
        void run() throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        Test[] tests = {
            SymTest::arith, SymTest::calls, SymTest::exceptions, SymTest::fields, SymTest::parse,
            SymTest::verb, SymTest::misc, SymTest::span, SymTest::pick, SymTest::providers, SymTest::mismatches,
            SymTest::modelShadows, SymTest::threads, SymTest::failure, SymTest::modelsTable,
            SymTest::providerParity, SymTest::runner, SymTest::limits,
        };
        for (Test t : tests) {
            try {
                t.run();
            } catch (Throwable e) {
                check(false, "test threw " + e);
                e.printStackTrace(System.out);
                if (Sym.active()) {
                    Sym.finish();
                }
            }
        }
        System.out.println(failures == 0 ? "OK: " + checks + " checks" : "FAILED: " + failures + " of " + checks + " checks");
        System.exit(failures == 0 ? 0 : 1);
    }
}
