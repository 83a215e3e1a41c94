/*
 * One node of the path condition's expression DAG (the trace format's node kinds, see
 * docs/solver.md), carrying the concrete value it had when it was built: that value is what
 * lets Sym notice a wrong shadow (it is compared with the operand the JVM really has).
 *
 * Nodes are immutable and only ever built on the traced thread, through the factories below.
 * Every factory takes "shadow or null" operands; null means concrete, and the builders that
 * take (Expr, long) pairs use the long only when the Expr is null. A factory returns null
 * when its result is concrete: all operands concrete, or the node budget of the execution is
 * spent (then the loss is counted as `concretized`). Callers always have the concrete value
 * at hand, so null is never a loss of the value itself, only of its derivation.
 *
 * Width rules: operands of binary operators and comparisons have the same width; comparisons
 * and BAND/BOR/BNOT are width 1; a width-1 node is never extended (booleans become ints through
 * ITE(c, 1, 0)). Values are kept as the low `width` bits, zero-extended into the long.
 */
package com.jvmfuzz.shim.sym;

public final class Expr {
    public static final int VAR = 1, CONST = 2, ZEXT = 3, SEXT = 4, TRUNC = 5, NEG = 6, NOT = 7;
    public static final int ADD = 8, SUB = 9, MUL = 10, SDIV = 11, SREM = 12, AND = 13, OR = 14,
            XOR = 15, SHL = 16, ASHR = 17, LSHR = 18;
    public static final int EQ = 19, NE = 20, SLT = 21, SLE = 22, SGT = 23, SGE = 24, ULT = 25,
            ULE = 26;
    public static final int BAND = 27, BOR = 28, BNOT = 29, ITE = 30;

    /** Nodes one execution may build; past it results are concrete (and counted). */
    static final int MAX_NODES = 1_000_000;

    /* Nodes built in this execution (Sym.begin resets it). Owner thread only. */
    static int created;
    /* Small constants are shared: one node per (width, value) in [-128, 255]. */
    private static final int[] WIDTHS = {1, 8, 16, 32, 64};
    private static Expr[][] small = new Expr[WIDTHS.length][];

    public final int op;
    public final int width;
    /** The concrete value: the low {@code width} bits, zero-extended (width 1: 0 or 1). */
    public final long value;
    /* Operands: a (unary, binary left, ITE condition), b, c (ITE then, else). */
    final Expr a;
    final Expr b;
    final Expr c;
    /* VAR: the input byte's index. */
    final int index;
    /* The creation number within the execution (children are always lower): the trace
     * writer's index into its numbering table. */
    final int serial;

    private Expr(int op, int width, long value, Expr a, Expr b, Expr c, int index) {
        this.serial = created;
        this.op = op;
        this.width = width;
        this.value = value & mask(width);
        this.a = a;
        this.b = b;
        this.c = c;
        this.index = index;
    }

    static void reset() {
        created = 0;
        small = new Expr[WIDTHS.length][];
    }

    private static Expr mk(int op, int width, long value, Expr a, Expr b, Expr c, int index) {
        if (created >= MAX_NODES) {
            Trace.concretized++;
            return null;
        }
        Expr e = new Expr(op, width, value, a, b, c, index);
        created++;
        return e;
    }

    public static long mask(int w) {
        return w >= 64 ? -1L : (1L << w) - 1;
    }

    /** `v`'s low `w` bits, sign-extended to 64. */
    public static long signed(long v, int w) {
        return w >= 64 ? v : (v << (64 - w)) >> (64 - w);
    }

    /** This node's value as a signed number of its width. */
    public long signedValue() {
        return signed(value, width);
    }

    /** Whether this node's value is the low `width` bits of `concrete`. */
    public boolean holds(long concrete) {
        return value == (concrete & mask(width));
    }

    // ------------------------------------------------------------------ leaves

    static Expr var(int index, byte v) {
        return mk(VAR, 8, v, null, null, null, index);
    }

    public static Expr constant(int width, long v) {
        long m = v & mask(width);
        long s = signed(m, width);
        boolean low = m >= 0 && m <= 255;
        if (low || s >= -128 && s < 0) {
            int wi = widthIndex(width);
            if (wi >= 0) {
                int slot = (int) (low ? m : s + 384); // [0, 255] and [-128, -1] -> [256, 383]
                Expr[] row = small[wi];
                if (row == null) {
                    row = small[wi] = new Expr[512];
                }
                Expr e = row[slot];
                if (e == null) {
                    e = row[slot] = mk(CONST, width, m, null, null, null, 0);
                }
                return e;
            }
        }
        return mk(CONST, width, m, null, null, null, 0);
    }

    private static int widthIndex(int w) {
        for (int i = 0; i < WIDTHS.length; i++) {
            if (WIDTHS[i] == w) {
                return i;
            }
        }
        return -1;
    }

    private static Expr bool(boolean v) {
        return constant(1, v ? 1 : 0);
    }

    /** `e`, or the constant `v` of width `w` when `e` is null. */
    public static Expr or(Expr e, int w, long v) {
        return e != null ? e : constant(w, v);
    }

    // ------------------------------------------------------------------ width changes

    public static Expr zext(Expr x, int w) {
        if (x == null || x.width == w) {
            return x;
        }
        if (x.width > w) {
            return trunc(x, w);
        }
        if (x.op == CONST) {
            return constant(w, x.value);
        }
        if (x.op == ZEXT) {
            return zext(x.a, w);
        }
        return mk(ZEXT, w, x.value, x, null, null, 0);
    }

    public static Expr sext(Expr x, int w) {
        if (x == null || x.width == w) {
            return x;
        }
        if (x.width > w) {
            return trunc(x, w);
        }
        if (x.op == CONST) {
            return constant(w, x.signedValue());
        }
        if (x.op == SEXT) {
            return sext(x.a, w);
        }
        if (x.op == ZEXT) {
            // The top bit of a widening ZEXT is 0: sign- and zero-extension agree.
            return zext(x.a, w);
        }
        return mk(SEXT, w, x.signedValue(), x, null, null, 0);
    }

    public static Expr trunc(Expr x, int w) {
        if (x == null || x.width == w) {
            return x;
        }
        if (x.width < w) {
            return zext(x, w);
        }
        if (x.op == CONST) {
            return constant(w, x.value);
        }
        if (x.op == ZEXT || x.op == SEXT || x.op == TRUNC) {
            // TRUNC(EXT(y)): y itself, a narrower cut of y, or y extended less far.
            Expr y = x.a;
            if (y.width >= w) {
                return trunc(y, w);
            }
            return x.op == SEXT ? sext(y, w) : zext(y, w);
        }
        return mk(TRUNC, w, x.value, x, null, null, 0);
    }

    // ------------------------------------------------------------------ arithmetic

    public static Expr neg(Expr x) {
        if (x == null) {
            return null;
        }
        if (x.op == CONST) {
            return constant(x.width, -x.value);
        }
        if (x.op == NEG) {
            return x.a;
        }
        return mk(NEG, x.width, -x.value, x, null, null, 0);
    }

    public static Expr not(Expr x) {
        if (x == null) {
            return null;
        }
        if (x.op == CONST) {
            return constant(x.width, ~x.value);
        }
        if (x.op == NOT) {
            return x.a;
        }
        return mk(NOT, x.width, ~x.value, x, null, null, 0);
    }

    /**
     * `op` (ADD..LSHR, or a comparison EQ..ULE) over operands of width `w`: shadow `x` or the
     * constant `cx`, shadow `y` or the constant `cy`. Null if both shadows are null.
     */
    public static Expr bin(int op, int w, Expr x, long cx, Expr y, long cy) {
        if (x == null && y == null) {
            return null;
        }
        return binary(op, or(x, w, cx), or(y, w, cy));
    }

    /** A comparison (EQ..ULE), the same as {@link #bin}. */
    public static Expr cmp(int op, int w, Expr x, long cx, Expr y, long cy) {
        return bin(op, w, x, cx, y, cy);
    }

    private static boolean commutative(int op) {
        return op == ADD || op == MUL || op == AND || op == OR || op == XOR || op == EQ || op == NE
                || op == BAND || op == BOR;
    }

    static boolean isCompare(int op) {
        return op >= EQ && op <= ULE;
    }

    /** `op` over two nodes of the same width (null if either is null). */
    public static Expr binary(int op, Expr x, Expr y) {
        if (x == null || y == null) {
            return null;
        }
        int w = x.width;
        if (y.width != w) {
            // A caller's bug, never the target's: drop the derivation rather than emit nonsense.
            Trace.mismatches++;
            return null;
        }
        boolean compare = isCompare(op);
        int rw = compare || op == BAND || op == BOR ? 1 : w;
        if (x.op == CONST && y.op == CONST) {
            return constant(rw, eval(op, w, x.value, y.value));
        }
        if (x.op == CONST && commutative(op)) {
            Expr t = x;
            x = y;
            y = t;
        }
        if (x == y) {
            switch (op) {
                case SUB:
                case XOR:
                    return constant(w, 0);
                case AND:
                case OR:
                case BAND:
                case BOR:
                    return x;
                case EQ:
                case SLE:
                case SGE:
                case ULE:
                    return bool(true);
                case NE:
                case SLT:
                case SGT:
                case ULT:
                    return bool(false);
                default:
                    break;
            }
        }
        if (y.op == CONST) {
            Expr s = withConstant(op, x, y);
            if (s != null) {
                return s;
            }
        }
        return mk(op, rw, eval(op, w, x.value, y.value), x, y, null, 0);
    }

    /* Local simplifications of `x op k` (k constant); null when there is none. */
    private static Expr withConstant(int op, Expr x, Expr y) {
        long k = y.value;
        int w = x.width;
        switch (op) {
            case ADD:
            case SUB:
            case OR:
            case XOR:
            case SHL:
            case ASHR:
            case LSHR:
                if (k == 0) {
                    return x;
                }
                if (op == OR && k == mask(w)) {
                    return y;
                }
                return null;
            case MUL:
                return k == 1 ? x : k == 0 ? y : null;
            case SDIV:
                return k == 1 ? x : null;
            case AND:
                if (k == 0) {
                    return y;
                }
                if (k == mask(w)) {
                    return x;
                }
                // (b & 0xff) of a sign-extended byte: the byte zero-extended.
                if ((x.op == SEXT || x.op == ZEXT) && k == mask(x.a.width)) {
                    return zext(x.a, w);
                }
                return null;
            case BAND:
                return k == 1 ? x : y;
            case BOR:
                return k == 1 ? y : x;
            case EQ:
            case NE:
                return equalsConstant(op == EQ, x, k);
            case ULT:
            case ULE:
                if (x.op == ZEXT) {
                    // An unsigned bound on a zero-extended value: on the value itself.
                    long top = mask(x.a.width);
                    if (op == ULT ? Long.compareUnsigned(k, top) > 0 : Long.compareUnsigned(k, top) >= 0) {
                        return bool(true);
                    }
                    return binary(op, x.a, constant(x.a.width, k));
                }
                return null;
            default:
                return null;
        }
    }

    /* x == k (or x != k) without the comparison node where the shape allows. */
    private static Expr equalsConstant(boolean eq, Expr x, long k) {
        if (x.op == ITE && x.b.op == CONST && x.c.op == CONST && x.b.value != x.c.value) {
            // A boolean turned int (ITE(c, 1, 0)) compared with a constant: c itself.
            if (k == x.b.value) {
                return eq ? x.a : bnot(x.a);
            }
            if (k == x.c.value) {
                return eq ? bnot(x.a) : x.a;
            }
            return bool(!eq);
        }
        if (x.op == ZEXT) {
            Expr z = x.a;
            if ((k & ~mask(z.width)) != 0) {
                return bool(!eq);
            }
            return binary(eq ? EQ : NE, z, constant(z.width, k));
        }
        if (x.op == SEXT) {
            Expr z = x.a;
            if (signed(k, z.width) != signed(k, x.width)) {
                return bool(!eq);
            }
            return binary(eq ? EQ : NE, z, constant(z.width, k));
        }
        return null;
    }

    /** The value of `op` over `w`-bit values (SMT-LIB semantics for division by zero). */
    static long eval(int op, int w, long x, long y) {
        long m = mask(w);
        x &= m;
        y &= m;
        long sx = signed(x, w);
        long sy = signed(y, w);
        switch (op) {
            case ADD:
                return (x + y) & m;
            case SUB:
                return (x - y) & m;
            case MUL:
                return (x * y) & m;
            case SDIV:
                if (sy == 0) {
                    return sx < 0 ? 1 : m;
                }
                return (sx / sy) & m;
            case SREM:
                return sy == 0 ? x : (sx % sy) & m;
            case AND:
            case BAND:
                return x & y;
            case OR:
            case BOR:
                return x | y;
            case XOR:
                return x ^ y;
            case SHL:
                return Long.compareUnsigned(y, w) >= 0 ? 0 : (x << y) & m;
            case ASHR:
                return Long.compareUnsigned(y, w) >= 0 ? (sx < 0 ? m : 0) : (sx >> y) & m;
            case LSHR:
                return Long.compareUnsigned(y, w) >= 0 ? 0 : (x >>> y) & m;
            case EQ:
                return x == y ? 1 : 0;
            case NE:
                return x != y ? 1 : 0;
            case SLT:
                return sx < sy ? 1 : 0;
            case SLE:
                return sx <= sy ? 1 : 0;
            case SGT:
                return sx > sy ? 1 : 0;
            case SGE:
                return sx >= sy ? 1 : 0;
            case ULT:
                return Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            case ULE:
                return Long.compareUnsigned(x, y) <= 0 ? 1 : 0;
            default:
                throw new IllegalArgumentException("not a binary operator: " + op);
        }
    }

    // ------------------------------------------------------------------ booleans

    public static Expr band(Expr p, Expr q) {
        return binary(BAND, p, q);
    }

    public static Expr bor(Expr p, Expr q) {
        return binary(BOR, p, q);
    }

    /** The negation of a width-1 node: complementary comparisons where possible. */
    public static Expr bnot(Expr p) {
        if (p == null) {
            return null;
        }
        switch (p.op) {
            case CONST:
                return bool(p.value == 0);
            case BNOT:
                return p.a;
            case EQ:
                return binary(NE, p.a, p.b);
            case NE:
                return binary(EQ, p.a, p.b);
            case SLT:
                return binary(SGE, p.a, p.b);
            case SGE:
                return binary(SLT, p.a, p.b);
            case SLE:
                return binary(SGT, p.a, p.b);
            case SGT:
                return binary(SLE, p.a, p.b);
            case ULT:
                return binary(ULE, p.b, p.a);
            case ULE:
                return binary(ULT, p.b, p.a);
            default:
                return mk(BNOT, 1, p.value ^ 1, p, null, null, 0);
        }
    }

    /** `c ? x : y` over width `w` (x, y shadows or the constants cx, cy); null if c is null. */
    public static Expr ite(Expr cond, Expr x, long cx, Expr y, long cy, int w) {
        if (cond == null) {
            return null;
        }
        if (cond.op == CONST) {
            return cond.value != 0 ? or(x, w, cx) : or(y, w, cy);
        }
        Expr t = or(x, w, cx);
        Expr f = or(y, w, cy);
        if (t == null || f == null) {
            return null;
        }
        if (t == f) {
            return t;
        }
        return mk(ITE, w, cond.value != 0 ? t.value : f.value, cond, t, f, 0);
    }

    /** A width-1 condition as the int 1 or 0 (how the JVM sees a boolean). */
    public static Expr boolToInt(Expr cond) {
        return ite(cond, null, 1, null, 0, 32);
    }

    @Override
    public String toString() {
        // For debugging only: bounded, so a deep DAG cannot blow the stack.
        return show(this, 6);
    }

    private static String show(Expr e, int depth) {
        if (e == null) {
            return "null";
        }
        if (e.op == VAR) {
            return "in[" + e.index + "]";
        }
        if (e.op == CONST) {
            return Long.toString(e.signedValue()) + ":" + e.width;
        }
        if (depth == 0) {
            return "...";
        }
        StringBuilder sb = new StringBuilder("(").append(NAMES[e.op]).append(e.width);
        for (Expr k : new Expr[] {e.a, e.b, e.c}) {
            if (k != null) {
                sb.append(' ').append(show(k, depth - 1));
            }
        }
        return sb.append(')').toString();
    }

    static final String[] NAMES = {
        "?", "var", "const", "zext", "sext", "trunc", "neg", "not", "add", "sub", "mul", "sdiv",
        "srem", "and", "or", "xor", "shl", "ashr", "lshr", "eq", "ne", "slt", "sle", "sgt", "sge",
        "ult", "ule", "band", "bor", "bnot", "ite",
    };
}
