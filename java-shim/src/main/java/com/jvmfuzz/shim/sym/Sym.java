/*
 * The shadow machine: what trace-mode code calls (the table in docs/solver.md, names and
 * descriptors exactly as listed there), and the session API the fuzzer uses (begin, finish).
 *
 * One execution is traced at a time, on one thread (`owner`). Every entry point first does the
 * concrete work the replaced instruction does (throwing exactly what it would), then, on the
 * owner thread only, the shadow work. The shadow work never throws into the target: a
 * desynchronised frame degrades to concrete values (counted as mismatches), and an internal
 * failure stops tracing for the rest of the execution (the conditions recorded so far stay
 * valid; the failure is counted as dropped).
 *
 * Shadows are checked against the concrete operands wherever the call has them (arithmetic,
 * branches, array indices and elements): a shadow whose carried value differs is wrong and is
 * replaced by a concrete value, so a wrong condition is never recorded.
 *
 * The frames and the call/return hand-overs are Calls; slot effects of plain instructions are
 * Ops; heap shadows are Shadows; the conditions and their serialisation are Trace.
 */
package com.jvmfuzz.shim.sym;

import java.nio.charset.StandardCharsets;

public final class Sym {
    private Sym() {}

    /* The traced thread; null when no execution is traced. */
    private static volatile Thread owner;

    private static int inputLength;

    /* stashJ/unstashJ: the long a putfield stores, while putfieldJ looks at its shadow. Traced
     * code may run on other threads too, which get a thread-local slot. */
    private static long stash;
    private static final ThreadLocal<long[]> STASH = new ThreadLocal<long[]>() {
        @Override
        protected long[] initialValue() {
            return new long[1];
        }
    };

    /* Why the last execution stopped tracing early (for tests and debugging), or null. */
    static volatile Throwable failure;

    // ================================================================== session

    /** Whether the current thread is being traced (the providers' and models' test). */
    public static boolean active() {
        return Thread.currentThread() == owner;
    }

    /** FNV-1a 32 of the UTF-8 bytes of `nameAndDescriptor`: call, method and field keys. */
    public static int key(String nameAndDescriptor) {
        int h = 0x811c9dc5;
        for (byte b : nameAndDescriptor.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h;
    }

    /**
     * Starts tracing one execution on the current thread: all state is reset and element i of
     * `input` becomes VAR(i) (8 bits; sign-extended where baload loads it).
     */
    public static void begin(byte[] input) {
        owner = null;
        reset();
        failure = null;
        byte[] in = input == null ? new byte[0] : input;
        inputLength = in.length;
        Expr[] vars = new Expr[in.length];
        for (int i = 0; i < in.length; i++) {
            vars[i] = Expr.var(i, in[i]);
        }
        Shadows.setElements(in, vars);
        Calls.start();
        owner = Thread.currentThread();
    }

    /** Stops tracing and returns the trace (docs/solver.md's format); resets all state. */
    public static byte[] finish() {
        owner = null;
        byte[] out;
        try {
            out = Trace.write(inputLength);
        } catch (Throwable t) {
            // Out of memory for a huge trace: an empty one that says what was dropped.
            failure = t;
            Trace.dropAll();
            out = Trace.write(inputLength);
        } finally {
            reset();
        }
        return out;
    }

    private static void reset() {
        Calls.reset();
        inputLength = 0;
        Expr.reset();
        Trace.reset();
        Shadows.reset();
    }

    /* The shadow work failed (a bug of ours): stop tracing this execution, keep what we have. */
    static void fail(Throwable t) {
        failure = t;
        owner = null;
        Trace.dropped++;
    }

    /* Frames on the shadow stack, the bottom one included (for tests). */
    static int depth() {
        return Calls.depth();
    }

    static Frame top() {
        return Calls.top();
    }

    /** `e` if it is a 32-bit shadow of `v`; else null (a wrong shadow counts a mismatch). */
    static Expr int32(Expr e, int v) {
        if (e != null && (e.width != 32 || !e.holds(v))) {
            Trace.mismatches++;
            return null;
        }
        return e;
    }

    static Expr int64(Expr e, long v) {
        if (e != null && (e.width != 64 || !e.holds(v))) {
            Trace.mismatches++;
            return null;
        }
        return e;
    }

    /* An element shadow of width w whose value must be the low bits of v. */
    private static Expr element(Expr e, int w, long v) {
        if (e != null && (e.width != w || !e.holds(v))) {
            Trace.mismatches++;
            return null;
        }
        return e;
    }

    /**
     * A symbolic array index: first its bounds check, a branch at `site` (`index u< length`
     * held) the solver negates into an index out of bounds (the JVM's implicit check is a
     * branch like any other, as in jFuzz); then the index is concretised. `site` -1: no site
     * (the rewriter's registry was full), concretised only.
     */
    static void index(Expr e, int v, int length, int site) {
        Expr s = int32(e, v);
        if (s == null) {
            return;
        }
        if (site >= 0) {
            Trace.branch(site, true, Expr.cmp(Expr.ULT, 32, s, v, null, length));
        }
        concretise(s, v);
    }

    /**
     * A span [begin, end) of a sequence of `length` (String.substring): its bounds check
     * (`begin u<= end && end u<= length` held) is a branch at `site`, as for an index; then
     * both ends are concretised. A null shadow is a concrete end.
     */
    static void span(Expr eb, int begin, Expr ee, int end, int length, int site) {
        Expr sb = int32(eb, begin);
        Expr se = int32(ee, end);
        if (sb == null && se == null) {
            return;
        }
        if (site >= 0) {
            Expr ordered = Expr.cmp(Expr.ULE, 32, sb, begin, se, end);
            Expr inside = Expr.cmp(Expr.ULE, 32, se, end, null, length);
            Trace.branch(site, true, both(ordered, inside));
        }
        concretise(sb, begin);
        concretise(se, end);
    }

    /* a && b, either of which may be null or a constant (both held: true). */
    private static Expr both(Expr a, Expr b) {
        if (a == null || a.op == Expr.CONST) {
            return b;
        }
        if (b == null || b.op == Expr.CONST) {
            return a;
        }
        return Expr.binary(Expr.BAND, a, b);
    }

    /** A symbolic index (or size, offset) used concretely: FIXED index == its value. */
    static void concretise(Expr e, int v) {
        Expr s = int32(e, v);
        if (s != null) {
            Trace.fixed(Expr.cmp(Expr.EQ, 32, s, 0, null, v));
        }
    }

    /** For providers (not traced, called by traced code): the shadow of what they return. */
    public static void returnValue(int key, Expr shadow) {
        if (Thread.currentThread() == owner) {
            Calls.returned(key, shadow);
        }
    }

    // ================================================================== methods and calls

    /**
     * Method entry: a new frame; its locals are the pending call's arguments if the keys match
     * (see Calls.enter).
     */
    public static void enter(int mid, int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Calls.enter(mid, key);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** An exception handler of method `mid` starts: unwind to its frame; stack = [exception]. */
    public static void handler(int mid) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Calls.handler(mid);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** Before an unmodelled invoke: pops the argument slots (receiver first) into the pending call. */
    public static void call(int key, int slots) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Calls.call(key, slots);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** After an unmodelled invoke returned: pushes the traced callee's return shadow, or nulls. */
    public static void result(int key, int slots) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Calls.result(key, slots);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** A return instruction: pops the value (0, 1 or 2 slots) into the pending return, pops the frame. */
    public static void ret(int slots) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Calls.ret(slots);
        } catch (Throwable t) {
            fail(t);
        }
    }

    // ================================================================== fixed slot effects

    /** Instructions with a fixed slot effect; code = opcode | local index << 8. */
    public static void op(int code) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Ops.apply(top(), code & 0xff, code >>> 8);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** Unmodelled field accesses, invokedynamic, multianewarray: code = pops | pushes << 8. */
    public static void fx(int code) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            if (f.drop(code & 0xff)) {
                Trace.concretized++;
            }
            for (int i = (code >>> 8) & 0xff; i > 0; i--) {
                f.push(null);
            }
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** iinc n, d. */
    public static void iinc(int n, int d) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            Expr e = f.local(n);
            if (e == null) {
                return;
            }
            if (e.width != 32) {
                Trace.mismatches++;
                f.setLocal(n, null);
                return;
            }
            f.setLocal(n, Expr.bin(Expr.ADD, 32, e, 0, null, d));
        } catch (Throwable t) {
            fail(t);
        }
    }

    // ================================================================== arithmetic

    /** iadd isub imul idiv irem iand ior ixor ishl ishr iushr: computes a op b. */
    public static int ibin(int a, int b, int opcode) {
        int r;
        int op;
        switch (opcode) {
            case Ops.IADD:
                r = a + b;
                op = Expr.ADD;
                break;
            case Ops.ISUB:
                r = a - b;
                op = Expr.SUB;
                break;
            case Ops.IMUL:
                r = a * b;
                op = Expr.MUL;
                break;
            case Ops.IDIV:
                r = a / b;
                op = Expr.SDIV;
                break;
            case Ops.IREM:
                r = a % b;
                op = Expr.SREM;
                break;
            case Ops.IAND:
                r = a & b;
                op = Expr.AND;
                break;
            case Ops.IOR:
                r = a | b;
                op = Expr.OR;
                break;
            case Ops.IXOR:
                r = a ^ b;
                op = Expr.XOR;
                break;
            case Ops.ISHL:
                r = a << b;
                op = Expr.SHL;
                break;
            case Ops.ISHR:
                r = a >> b;
                op = Expr.ASHR;
                break;
            case Ops.IUSHR:
                r = a >>> b;
                op = Expr.LSHR;
                break;
            default:
                throw new InternalError("jvmfuzz: ibin with opcode " + opcode);
        }
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr sb = int32(f.pop(), b);
                Expr sa = int32(f.pop(), a);
                f.push(binary(op, 32, sa, a, sb, b));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return r;
    }

    /* a op b over w bits, with Java's shift masking and the divisor's non-zero-ness recorded. */
    private static Expr binary(int op, int w, Expr sa, long a, Expr sb, long b) {
        if (sa == null && sb == null) {
            return null;
        }
        if (op == Expr.SHL || op == Expr.ASHR || op == Expr.LSHR) {
            long m = w - 1;
            sb = Expr.bin(Expr.AND, w, sb, 0, null, m);
            b &= m;
        } else if ((op == Expr.SDIV || op == Expr.SREM) && sb != null) {
            // The JVM threw if b was 0; past this point it was not.
            Trace.fixed(Expr.cmp(Expr.NE, w, sb, 0, null, 0));
        }
        return Expr.bin(op, w, sa, a, sb, b);
    }

    /** ladd lsub lmul ldiv lrem land lor lxor. */
    public static long lbin(long a, long b, int opcode) {
        long r;
        int op;
        switch (opcode) {
            case Ops.LADD:
                r = a + b;
                op = Expr.ADD;
                break;
            case Ops.LSUB:
                r = a - b;
                op = Expr.SUB;
                break;
            case Ops.LMUL:
                r = a * b;
                op = Expr.MUL;
                break;
            case Ops.LDIV:
                r = a / b;
                op = Expr.SDIV;
                break;
            case Ops.LREM:
                r = a % b;
                op = Expr.SREM;
                break;
            case Ops.LAND:
                r = a & b;
                op = Expr.AND;
                break;
            case Ops.LOR:
                r = a | b;
                op = Expr.OR;
                break;
            case Ops.LXOR:
                r = a ^ b;
                op = Expr.XOR;
                break;
            default:
                throw new InternalError("jvmfuzz: lbin with opcode " + opcode);
        }
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr sb = int64(f.popWide(), b);
                Expr sa = int64(f.popWide(), a);
                f.pushWide(binary(op, 64, sa, a, sb, b));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return r;
    }

    /** lshl lshr lushr: a long shifted by an int. */
    public static long lsh(long a, int b, int opcode) {
        long r;
        int op;
        switch (opcode) {
            case Ops.LSHL:
                r = a << b;
                op = Expr.SHL;
                break;
            case Ops.LSHR:
                r = a >> b;
                op = Expr.ASHR;
                break;
            case Ops.LUSHR:
                r = a >>> b;
                op = Expr.LSHR;
                break;
            default:
                throw new InternalError("jvmfuzz: lsh with opcode " + opcode);
        }
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr sb = int32(f.pop(), b);
                Expr sa = int64(f.popWide(), a);
                Expr amount = sb == null ? null : Expr.zext(Expr.bin(Expr.AND, 32, sb, 0, null, 63), 64);
                f.pushWide(sa == null && amount == null ? null : Expr.bin(op, 64, sa, a, amount, b & 63));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return r;
    }

    /** ineg i2b i2c i2s. */
    public static int iun(int v, int opcode) {
        int r;
        switch (opcode) {
            case Ops.INEG:
                r = -v;
                break;
            case Ops.I2B:
                r = (byte) v;
                break;
            case Ops.I2C:
                r = (char) v;
                break;
            case Ops.I2S:
                r = (short) v;
                break;
            default:
                throw new InternalError("jvmfuzz: iun with opcode " + opcode);
        }
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr s = int32(f.pop(), v);
                Expr e;
                switch (opcode) {
                    case Ops.INEG:
                        e = Expr.neg(s);
                        break;
                    case Ops.I2B:
                        e = Expr.sext(Expr.trunc(s, 8), 32);
                        break;
                    case Ops.I2C:
                        e = Expr.zext(Expr.trunc(s, 16), 32);
                        break;
                    default:
                        e = Expr.sext(Expr.trunc(s, 16), 32);
                        break;
                }
                f.push(e);
            } catch (Throwable t) {
                fail(t);
            }
        }
        return r;
    }

    public static long lneg(long v) {
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                f.pushWide(Expr.neg(int64(f.popWide(), v)));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return -v;
    }

    public static long i2l(int v) {
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                f.pushWide(Expr.sext(int32(f.pop(), v), 64));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    public static int l2i(long v) {
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                f.push(Expr.trunc(int64(f.popWide(), v), 32));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return (int) v;
    }

    /** lcmp: -1, 0 or 1; the shadow is ITE(a < b, -1, ITE(a == b, 0, 1)). */
    public static int lcmp(long a, long b) {
        int r = Long.compare(a, b);
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr sb = int64(f.popWide(), b);
                Expr sa = int64(f.popWide(), a);
                Expr e = null;
                if (sa != null || sb != null) {
                    Expr lt = Expr.cmp(Expr.SLT, 64, sa, a, sb, b);
                    Expr eq = Expr.cmp(Expr.EQ, 64, sa, a, sb, b);
                    e = Expr.ite(lt, null, -1, Expr.ite(eq, null, 0, null, 1, 32), a == b ? 0 : 1, 32);
                }
                f.push(e);
            } catch (Throwable t) {
                fail(t);
            }
        }
        return r > 0 ? 1 : r < 0 ? -1 : 0;
    }

    // ================================================================== branches

    /** if_icmp<c>: a and b are the operands (dup2'ed); siteOp = site << 8 | opcode. */
    public static void icmp(int a, int b, int siteOp) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            Expr sb = int32(f.pop(), b);
            Expr sa = int32(f.pop(), a);
            if (sa == null && sb == null) {
                return;
            }
            int c = condition(siteOp & 0xff, Ops.IF_ICMPEQ, a, b);
            if (c != 0) {
                Trace.branch(siteOp >>> 8, c > 0, Expr.cmp(held(siteOp & 0xff, Ops.IF_ICMPEQ, c > 0), 32, sa, a, sb, b));
            }
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** if<c> (against zero): v is the operand (dup'ed); siteOp = site << 8 | opcode. */
    public static void izero(int v, int siteOp) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            Expr s = int32(f.pop(), v);
            if (s == null) {
                return;
            }
            int opcode = siteOp & 0xff;
            int c = condition(opcode, Ops.IFEQ, v, 0);
            if (c == 0) {
                return;
            }
            int held = held(opcode, Ops.IFEQ, c > 0);
            Expr node;
            if (isLcmp(s)) {
                // lcmp followed by if<c>: compare the longs themselves.
                Expr lt = s.a;
                node = Expr.binary(held, lt.a, lt.b);
            } else {
                node = Expr.cmp(held, 32, s, v, null, 0);
            }
            Trace.branch(siteOp >>> 8, c > 0, node);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /*
     * ITE(SLT(x, y), -1, ITE(c, 0, 1)): only lcmp builds this shape (c is EQ(x, y), perhaps
     * narrowed by the builder), so the SLT's operands are the longs compared.
     */
    private static boolean isLcmp(Expr s) {
        if (s.op != Expr.ITE || s.a.op != Expr.SLT || s.b.op != Expr.CONST || s.b.value != 0xffffffffL
                || s.c.op != Expr.ITE) {
            return false;
        }
        Expr inner = s.c;
        return inner.b.op == Expr.CONST && inner.b.value == 0 && inner.c.op == Expr.CONST && inner.c.value == 1;
    }

    /*
     * For the six conditional opcodes starting at `base` (eq ne lt ge gt le): 1 if the jump
     * is taken, -1 if not, 0 for an opcode that is not one of them.
     */
    private static int condition(int opcode, int base, int a, int b) {
        boolean t;
        switch (opcode - base) {
            case 0:
                t = a == b;
                break;
            case 1:
                t = a != b;
                break;
            case 2:
                t = a < b;
                break;
            case 3:
                t = a >= b;
                break;
            case 4:
                t = a > b;
                break;
            case 5:
                t = a <= b;
                break;
            default:
                Trace.mismatches++;
                return 0;
        }
        return t ? 1 : -1;
    }

    /* The comparison that held: the opcode's own if taken, its complement if not. */
    private static int held(int opcode, int base, boolean taken) {
        final int[] jump = {Expr.EQ, Expr.NE, Expr.SLT, Expr.SGE, Expr.SGT, Expr.SLE};
        final int[] fall = {Expr.NE, Expr.EQ, Expr.SGE, Expr.SLT, Expr.SLE, Expr.SGT};
        return (taken ? jump : fall)[opcode - base];
    }

    /** tableswitch/lookupswitch on `key` (dup'ed). */
    public static void sw(int key, int site) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Trace.switchKey(site, int32(top().pop(), key), key);
        } catch (Throwable t) {
            fail(t);
        }
    }

    // ================================================================== arrays

    /** baload on a byte[] or boolean[]. */
    public static int baload(Object array, int index, int site) {
        boolean bool = array instanceof boolean[];
        int v = bool ? (((boolean[]) array)[index] ? 1 : 0) : ((byte[]) array)[index];
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                index(f.pop(), index, bool ? ((boolean[]) array).length : ((byte[]) array).length, site);
                f.pop();
                Expr e = element(Shadows.element(array, index), 8, v);
                f.push(bool ? Expr.zext(e, 32) : Expr.sext(e, 32));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    public static char caload(char[] array, int index, int site) {
        char v = array[index];
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                index(f.pop(), index, array.length, site);
                f.pop();
                f.push(Expr.zext(element(Shadows.element(array, index), 16, v), 32));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    public static short saload(short[] array, int index, int site) {
        short v = array[index];
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                index(f.pop(), index, array.length, site);
                f.pop();
                f.push(Expr.sext(element(Shadows.element(array, index), 16, v), 32));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    public static int iaload(int[] array, int index, int site) {
        int v = array[index];
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                index(f.pop(), index, array.length, site);
                f.pop();
                f.push(element(Shadows.element(array, index), 32, v));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    public static long laload(long[] array, int index, int site) {
        long v = array[index];
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                index(f.pop(), index, array.length, site);
                f.pop();
                f.pushWide(element(Shadows.element(array, index), 64, v));
            } catch (Throwable t) {
                fail(t);
            }
        }
        return v;
    }

    /** bastore on a byte[] or boolean[] (a boolean element stores value & 1, as the JVM does). */
    public static void bastore(Object array, int index, int value, int site) {
        boolean bool = array instanceof boolean[];
        int length;
        if (bool) {
            boolean[] a = (boolean[]) array;
            a[index] = (value & 1) != 0;
            length = a.length;
        } else {
            byte[] a = (byte[]) array;
            a[index] = (byte) value;
            length = a.length;
        }
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr v = int32(f.pop(), value);
                index(f.pop(), index, length, site);
                f.pop();
                if (bool) {
                    v = Expr.bin(Expr.AND, 32, v, 0, null, 1);
                }
                Shadows.setElement(array, length, index, Expr.trunc(v, 8));
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void castore(char[] array, int index, char value, int site) {
        array[index] = value;
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr v = low16(f.pop(), value);
                index(f.pop(), index, array.length, site);
                f.pop();
                Shadows.setElement(array, array.length, index, v);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void sastore(short[] array, int index, short value, int site) {
        array[index] = value;
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr v = low16(f.pop(), value);
                index(f.pop(), index, array.length, site);
                f.pop();
                Shadows.setElement(array, array.length, index, v);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    /* The low 16 bits of an int shadow stored as a char or short (the JVM truncates). */
    private static Expr low16(Expr e, int v) {
        if (e != null && (e.width != 32 || ((e.value ^ v) & 0xffff) != 0)) {
            Trace.mismatches++;
            return null;
        }
        return Expr.trunc(e, 16);
    }

    public static void iastore(int[] array, int index, int value, int site) {
        array[index] = value;
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr v = int32(f.pop(), value);
                index(f.pop(), index, array.length, site);
                f.pop();
                Shadows.setElement(array, array.length, index, v);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    public static void lastore(long[] array, int index, long value, int site) {
        array[index] = value;
        if (Thread.currentThread() == owner) {
            try {
                Frame f = top();
                Expr v = int64(f.popWide(), value);
                index(f.pop(), index, array.length, site);
                f.pop();
                Shadows.setElement(array, array.length, index, v);
            } catch (Throwable t) {
                fail(t);
            }
        }
    }

    // ================================================================== fields

    /** getfield of I J Z B C S on obj (dup'ed); key = fieldKey << 1 | wide. */
    public static void getfield(Object obj, int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            f.pop();
            pushField(f, Shadows.field(obj, key >>> 1), key);
        } catch (Throwable t) {
            fail(t);
        }
    }

    private static void pushField(Frame f, Expr e, int key) {
        boolean wide = (key & 1) != 0;
        if (e != null && e.width != (wide ? 64 : 32)) {
            Trace.mismatches++;
            e = null;
        }
        if (wide) {
            f.pushWide(e);
        } else {
            f.push(e);
        }
    }

    /** putfield of I Z B C S: obj and value dup2'ed; key = fieldKey << 1. */
    public static void putfield(Object obj, int value, int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            Expr v = int32(f.pop(), value);
            f.pop();
            Shadows.setField(obj, key >>> 1, v);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** putfield of J, part 1: keeps the value while putfieldJ looks at the shadows. */
    public static void stashJ(long value) {
        if (Thread.currentThread() == owner) {
            stash = value;
        } else {
            STASH.get()[0] = value;
        }
    }

    /** putfield of J, part 2: pops the value's and the object's slots, stores the shadow. */
    public static void putfieldJ(Object obj, int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            Expr v = int64(f.popWide(), stash);
            f.pop();
            Shadows.setField(obj, key >>> 1, v);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** putfield of J, part 3: the stashed value back. */
    public static long unstashJ() {
        return Thread.currentThread() == owner ? stash : STASH.get()[0];
    }

    /** getstatic of I J Z B C S; key = fieldKey << 1 | wide. */
    public static void getstatic(int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            pushField(top(), Shadows.getStatic(key >>> 1), key);
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** putstatic of I J Z B C S; key = fieldKey << 1 | wide. */
    public static void putstatic(int key) {
        if (Thread.currentThread() != owner) {
            return;
        }
        try {
            Frame f = top();
            boolean wide = (key & 1) != 0;
            Expr e = wide ? f.popWide() : f.pop();
            if (e != null && e.width != (wide ? 64 : 32)) {
                Trace.mismatches++;
                e = null;
            }
            Shadows.setStatic(key >>> 1, e);
        } catch (Throwable t) {
            fail(t);
        }
    }
}
