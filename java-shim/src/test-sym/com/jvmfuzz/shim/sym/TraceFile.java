/*
 * Test-side reader of Sym.finish()'s bytes (docs/solver.md's format), written independently of
 * the runtime: it validates the format (magic, operand order, widths, exact length) and
 * evaluates the nodes for any input, which is what the exactness checks are built on.
 */
package com.jvmfuzz.shim.sym;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

final class TraceFile {
    static final int VAR = 1, CONST = 2, ZEXT = 3, SEXT = 4, TRUNC = 5, NEG = 6, NOT = 7, ADD = 8, SUB = 9,
            MUL = 10, SDIV = 11, SREM = 12, AND = 13, OR = 14, XOR = 15, SHL = 16, ASHR = 17, LSHR = 18,
            EQ = 19, NE = 20, SLT = 21, SLE = 22, SGT = 23, SGE = 24, ULT = 25, ULE = 26, BAND = 27,
            BOR = 28, BNOT = 29, ITE = 30;
    static final String[] NAMES = {
        "?", "var", "const", "zext", "sext", "trunc", "neg", "not", "add", "sub", "mul", "sdiv", "srem",
        "and", "or", "xor", "shl", "ashr", "lshr", "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
        "band", "bor", "bnot", "ite",
    };

    static final class Node {
        int op;
        int width;
        int a = -1;
        int b = -1;
        int c = -1;
        long k;
    }

    static final class Cond {
        int kind; // 0 branch, 1 switch, 2 fixed
        int site;
        int taken;
        int node;
        int observed;

        @Override
        public String toString() {
            return kind == 0 ? "BRANCH(site " + site + ", taken " + taken + ", #" + node + ")"
                    : kind == 1 ? "SWITCH(site " + site + ", #" + node + ", observed " + observed + ")"
                    : "FIXED(#" + node + ")";
        }
    }

    int inputLength;
    final List<Node> nodes = new ArrayList<>();
    final List<Cond> conds = new ArrayList<>();
    int concretized;
    int mismatches;
    int dropped;

    static TraceFile decode(byte[] bytes) {
        try {
            return read(bytes);
        } catch (IOException e) {
            throw new AssertionError("truncated trace", e);
        }
    }

    private static TraceFile read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        byte[] magic = new byte[8];
        in.readFully(magic);
        check(new String(magic, "US-ASCII").equals("JVFZTRC1"), "magic");
        TraceFile t = new TraceFile();
        t.inputLength = in.readInt();
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            Node x = new Node();
            x.op = in.readUnsignedByte();
            x.width = in.readUnsignedByte();
            check(x.width == 1 || x.width == 8 || x.width == 16 || x.width == 32 || x.width == 64, "width " + x.width);
            switch (x.op) {
                case VAR:
                    x.k = in.readInt();
                    check(x.width == 8 && x.k >= 0 && x.k < t.inputLength, "var");
                    break;
                case CONST:
                    x.k = in.readLong();
                    check(x.width == 64 || (x.k & ~mask(x.width)) == 0, "const bits");
                    break;
                case ZEXT:
                case SEXT:
                    x.a = operand(in, i);
                    check(t.w(x.a) != 1 && t.w(x.a) < x.width, "ext widths");
                    break;
                case TRUNC:
                    x.a = operand(in, i);
                    check(x.width < t.w(x.a) && x.width != 1, "trunc widths");
                    break;
                case NEG:
                case NOT:
                    x.a = operand(in, i);
                    check(t.w(x.a) == x.width && x.width != 1, "unary widths");
                    break;
                case BNOT:
                    x.a = operand(in, i);
                    check(x.width == 1 && t.w(x.a) == 1, "bnot widths");
                    break;
                case ITE:
                    x.a = operand(in, i);
                    x.b = operand(in, i);
                    x.c = operand(in, i);
                    check(t.w(x.a) == 1 && t.w(x.b) == x.width && t.w(x.c) == x.width, "ite widths");
                    break;
                default:
                    check(x.op >= ADD && x.op <= BOR, "op " + x.op);
                    x.a = operand(in, i);
                    x.b = operand(in, i);
                    check(t.w(x.a) == t.w(x.b), "binary operand widths " + NAMES[x.op]);
                    if (x.op >= EQ && x.op <= ULE) {
                        check(x.width == 1 && t.w(x.a) != 1, "compare widths");
                    } else if (x.op == BAND || x.op == BOR) {
                        check(x.width == 1 && t.w(x.a) == 1, "bool widths");
                    } else {
                        check(x.width == t.w(x.a) && x.width != 1, "arith widths");
                    }
                    break;
            }
            t.nodes.add(x);
        }
        int m = in.readInt();
        for (int i = 0; i < m; i++) {
            Cond c = new Cond();
            c.kind = in.readUnsignedByte();
            switch (c.kind) {
                case 0:
                    c.site = in.readInt();
                    c.taken = in.readUnsignedByte();
                    c.node = operand(in, n);
                    check(c.taken <= 1 && t.w(c.node) == 1, "branch");
                    break;
                case 1:
                    c.site = in.readInt();
                    c.node = operand(in, n);
                    c.observed = in.readInt();
                    check(t.w(c.node) == 32, "switch key width");
                    break;
                case 2:
                    c.node = operand(in, n);
                    check(t.w(c.node) == 1, "fixed");
                    break;
                default:
                    throw new AssertionError("cond kind " + c.kind);
            }
            t.conds.add(c);
        }
        t.concretized = in.readInt();
        t.mismatches = in.readInt();
        t.dropped = in.readInt();
        check(in.read() == -1, "trailing bytes");
        return t;
    }

    private static int operand(DataInputStream in, int limit) throws IOException {
        int id = in.readInt();
        check(id >= 0 && id < limit, "operand " + id + " not before " + limit);
        return id;
    }

    private int w(int id) {
        return nodes.get(id).width;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("bad trace: " + what);
        }
    }

    static long mask(int w) {
        return w == 64 ? -1L : (1L << w) - 1;
    }

    static long sx(long v, int w) {
        return w == 64 ? v : (v << (64 - w)) >> (64 - w);
    }

    /** Every node's value (low width bits) for `input`. */
    long[] eval(byte[] input) {
        long[] v = new long[nodes.size()];
        for (int i = 0; i < v.length; i++) {
            Node x = nodes.get(i);
            int w = x.width;
            long m = mask(w);
            long a = x.a >= 0 ? v[x.a] : 0;
            long b = x.b >= 0 ? v[x.b] : 0;
            int aw = x.a >= 0 ? nodes.get(x.a).width : 0;
            long r;
            switch (x.op) {
                case VAR:
                    r = input[(int) x.k] & 0xff;
                    break;
                case CONST:
                    r = x.k;
                    break;
                case ZEXT:
                    r = a;
                    break;
                case SEXT:
                    r = sx(a, aw);
                    break;
                case TRUNC:
                    r = a;
                    break;
                case NEG:
                    r = -a;
                    break;
                case NOT:
                    r = ~a;
                    break;
                case ADD:
                    r = a + b;
                    break;
                case SUB:
                    r = a - b;
                    break;
                case MUL:
                    r = a * b;
                    break;
                case SDIV:
                    r = sx(b, aw) == 0 ? (sx(a, aw) < 0 ? 1 : -1) : sx(a, aw) / sx(b, aw);
                    break;
                case SREM:
                    r = sx(b, aw) == 0 ? a : sx(a, aw) % sx(b, aw);
                    break;
                case AND:
                case BAND:
                    r = a & b;
                    break;
                case OR:
                case BOR:
                    r = a | b;
                    break;
                case XOR:
                    r = a ^ b;
                    break;
                case SHL:
                    r = b >= w ? 0 : a << b;
                    break;
                case ASHR:
                    r = sx(a, w) >> Math.min(b, 63);
                    break;
                case LSHR:
                    r = b >= w ? 0 : a >>> b;
                    break;
                case EQ:
                    r = a == b ? 1 : 0;
                    break;
                case NE:
                    r = a != b ? 1 : 0;
                    break;
                case SLT:
                    r = sx(a, aw) < sx(b, aw) ? 1 : 0;
                    break;
                case SLE:
                    r = sx(a, aw) <= sx(b, aw) ? 1 : 0;
                    break;
                case SGT:
                    r = sx(a, aw) > sx(b, aw) ? 1 : 0;
                    break;
                case SGE:
                    r = sx(a, aw) >= sx(b, aw) ? 1 : 0;
                    break;
                case ULT:
                    r = Long.compareUnsigned(a, b) < 0 ? 1 : 0;
                    break;
                case ULE:
                    r = Long.compareUnsigned(a, b) <= 0 ? 1 : 0;
                    break;
                case BNOT:
                    r = a ^ 1;
                    break;
                case ITE:
                    r = a != 0 ? b : v[x.c];
                    break;
                default:
                    throw new AssertionError();
            }
            v[i] = r & m;
        }
        return v;
    }

    /** Whether condition i holds for an input (a switch: its key equals the observed one). */
    boolean holds(int i, long[] values) {
        Cond c = conds.get(i);
        if (c.kind == 1) {
            return (int) values[c.node] == c.observed;
        }
        return values[c.node] == 1;
    }

    /** The input variables condition i's node mentions. */
    java.util.TreeSet<Integer> vars(int root) {
        java.util.TreeSet<Integer> out = new java.util.TreeSet<>();
        boolean[] seen = new boolean[nodes.size()];
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (seen[id]) {
                continue;
            }
            seen[id] = true;
            Node x = nodes.get(id);
            if (x.op == VAR) {
                out.add((int) x.k);
            }
            for (int k : new int[] {x.a, x.b, x.c}) {
                if (k >= 0) {
                    todo.push(k);
                }
            }
        }
        return out;
    }

    /** A node as text (bounded depth). */
    String show(int id, int depth) {
        Node x = nodes.get(id);
        if (x.op == VAR) {
            return "in[" + x.k + "]";
        }
        if (x.op == CONST) {
            return sx(x.k, x.width) + ":" + x.width;
        }
        if (depth == 0) {
            return "..";
        }
        StringBuilder sb = new StringBuilder("(").append(NAMES[x.op]).append(x.width);
        for (int k : new int[] {x.a, x.b, x.c}) {
            if (k >= 0) {
                sb.append(' ').append(show(k, depth - 1));
            }
        }
        return sb.append(')').toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(nodes.size()).append(" nodes, ").append(conds.size()).append(" conds, concretized ")
                .append(concretized).append(", mismatches ").append(mismatches).append(", dropped ").append(dropped);
        for (Cond c : conds) {
            sb.append("\n    ").append(c).append(' ').append(show(c.node, 7));
        }
        return sb.toString();
    }
}
