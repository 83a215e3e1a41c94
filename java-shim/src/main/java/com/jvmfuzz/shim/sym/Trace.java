/*
 * What one traced execution records: the conditions in execution order and the loss counters,
 * and their serialisation in the format docs/solver.md defines ("JVFZTRC1"). Owner thread only.
 *
 * Nodes are numbered by an iterative post-order walk from the conditions (children first, so
 * the node list is topological; a chain a million nodes deep cannot overflow the stack), and
 * only nodes some condition reaches are written.
 */
package com.jvmfuzz.shim.sym;

import java.util.IdentityHashMap;

final class Trace {
    private Trace() {}

    static final int BRANCH = 0;
    static final int SWITCH = 1;
    static final int FIXED = 2;

    /** Conditions one execution may record; later ones are counted as dropped. */
    static final int MAX_CONDS = 100_000;

    static int concretized;
    static int mismatches;
    static int dropped;

    private static int count;
    private static byte[] kinds = new byte[64];
    private static int[] sites = new int[64];
    /* BRANCH: taken (0/1); SWITCH: the observed key. */
    private static int[] extra = new int[64];
    private static Expr[] nodes = new Expr[64];

    static void reset() {
        concretized = 0;
        mismatches = 0;
        dropped = 0;
        count = 0;
        kinds = new byte[64];
        sites = new int[64];
        extra = new int[64];
        nodes = new Expr[64];
    }

    /* Forgets the conditions, counting them as dropped (when the trace cannot be written). */
    static void dropAll() {
        dropped += count;
        count = 0;
        nodes = new Expr[64];
    }

    /** A branch: `node` (width 1) is the comparison that held. Constants are not recorded. */
    static void branch(int site, boolean taken, Expr node) {
        if (node != null && node.op != Expr.CONST) {
            add(BRANCH, site, taken ? 1 : 0, node);
        }
    }

    static void switchKey(int site, Expr key, int observed) {
        if (key != null && key.op != Expr.CONST) {
            add(SWITCH, site, observed, key);
        }
    }

    /** A condition that holds on this path and is never negated (a concretised value). */
    static void fixed(Expr node) {
        if (node != null && node.op != Expr.CONST) {
            add(FIXED, 0, 0, node);
        }
    }

    private static void add(int kind, int site, int x, Expr node) {
        if (count >= MAX_CONDS) {
            dropped++;
            return;
        }
        if (count == kinds.length) {
            int n = count * 2;
            kinds = java.util.Arrays.copyOf(kinds, n);
            sites = java.util.Arrays.copyOf(sites, n);
            extra = java.util.Arrays.copyOf(extra, n);
            nodes = java.util.Arrays.copyOf(nodes, n);
        }
        kinds[count] = (byte) kind;
        sites[count] = site;
        extra[count] = x;
        nodes[count] = node;
        count++;
    }

    static byte[] write(int inputLength) {
        Numbering ids = new Numbering(Expr.created);
        for (int i = 0; i < count; i++) {
            ids.number(nodes[i]);
        }
        Out out = new Out(64 + ids.size * 10 + count * 10);
        out.bytes("JVFZTRC1");
        out.u32(inputLength);
        out.u32(ids.size);
        for (int n = 0; n < ids.size; n++) {
            Expr e = ids.order[n];
            out.u8(e.op);
            out.u8(e.width);
            switch (e.op) {
                case Expr.VAR:
                    out.u32(e.index);
                    break;
                case Expr.CONST:
                    out.i64(e.value);
                    break;
                case Expr.ITE:
                    out.u32(ids.id(e.a));
                    out.u32(ids.id(e.b));
                    out.u32(ids.id(e.c));
                    break;
                default:
                    out.u32(ids.id(e.a));
                    if (e.b != null) {
                        out.u32(ids.id(e.b));
                    }
                    break;
            }
        }
        out.u32(count);
        for (int i = 0; i < count; i++) {
            out.u8(kinds[i]);
            switch (kinds[i]) {
                case BRANCH:
                    out.u32(sites[i]);
                    out.u8(extra[i]);
                    out.u32(ids.id(nodes[i]));
                    break;
                case SWITCH:
                    out.u32(sites[i]);
                    out.u32(ids.id(nodes[i]));
                    out.u32(extra[i]);
                    break;
                default:
                    out.u32(ids.id(nodes[i]));
                    break;
            }
        }
        out.u32(concretized);
        out.u32(mismatches);
        out.u32(dropped);
        return out.toByteArray();
    }

    /*
     * Node ids in post order (children first: a topological order), found by an iterative
     * walk from each condition. Ids are kept in a table indexed by Expr.serial; a node from
     * outside this execution (never expected) falls back to an identity map.
     */
    private static final class Numbering {
        final int[] bySerial; // id + 1, 0 = none
        Expr[] order = new Expr[64];
        int size;
        private IdentityHashMap<Expr, Integer> strays;

        Numbering(int created) {
            bySerial = new int[created];
        }

        /** The node's id, or -1. */
        int id(Expr e) {
            int s = e.serial;
            if (s >= 0 && s < bySerial.length && bySerial[s] > 0 && order[bySerial[s] - 1] == e) {
                return bySerial[s] - 1;
            }
            Integer id = strays == null ? null : strays.get(e);
            return id == null ? -1 : id;
        }

        private void assign(Expr e) {
            if (size == order.length) {
                order = java.util.Arrays.copyOf(order, size * 2);
            }
            order[size] = e;
            int s = e.serial;
            if (s >= 0 && s < bySerial.length && bySerial[s] == 0) {
                bySerial[s] = size + 1;
            } else {
                if (strays == null) {
                    strays = new IdentityHashMap<>();
                }
                strays.put(e, size);
            }
            size++;
        }

        void number(Expr root) {
            if (id(root) >= 0) {
                return;
            }
            Expr[] stack = new Expr[32];
            int[] next = new int[32]; // the operand to visit next: 0 = a, 1 = b, 2 = c, 3 = done
            int top = 0;
            stack[0] = root;
            while (top >= 0) {
                Expr e = stack[top];
                int k = next[top];
                if (k < 3) {
                    next[top] = k + 1;
                    Expr kid = k == 0 ? e.a : k == 1 ? e.b : e.c;
                    if (kid != null && id(kid) < 0) {
                        if (++top == stack.length) {
                            stack = java.util.Arrays.copyOf(stack, top * 2);
                            next = java.util.Arrays.copyOf(next, top * 2);
                        }
                        stack[top] = kid;
                        next[top] = 0;
                    }
                    continue;
                }
                top--;
                if (id(e) < 0) {
                    assign(e);
                }
            }
        }
    }

    /* A big-endian byte buffer (what DataOutputStream writes, without a lock per byte). */
    private static final class Out {
        private byte[] buf;
        private int n;

        Out(int capacity) {
            buf = new byte[Math.max(64, capacity)];
        }

        private void room(int k) {
            if (n + k > buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, n + k));
            }
        }

        void u8(int v) {
            room(1);
            buf[n++] = (byte) v;
        }

        void u32(int v) {
            room(4);
            buf[n++] = (byte) (v >>> 24);
            buf[n++] = (byte) (v >>> 16);
            buf[n++] = (byte) (v >>> 8);
            buf[n++] = (byte) v;
        }

        void i64(long v) {
            u32((int) (v >>> 32));
            u32((int) v);
        }

        void bytes(String ascii) {
            for (int i = 0; i < ascii.length(); i++) {
                u8(ascii.charAt(i));
            }
        }

        byte[] toByteArray() {
            return java.util.Arrays.copyOf(buf, n);
        }
    }
}
