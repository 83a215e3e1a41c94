/*
 * The slot effects of the instructions Sym.op receives (JVMS ch. 6): loads and stores copy
 * slots, stack instructions permute them, everything else pops a fixed number of slots and
 * pushes concrete ones. Working on slots, not values, makes dup2, dup_x2, swap and friends exact
 * without knowing types. Opcodes the rewriter routes to their own Sym methods (iadd, lcmp,
 * baload, ...) are handled here too, by their slot effect, so a rewriter that sends one here by
 * mistake loses the value, not the frame's synchronisation.
 */
package com.jvmfuzz.shim.sym;

final class Ops {
    private Ops() {}

    static final int ILOAD = 0x15, ALOAD = 0x19, ILOAD_0 = 0x1a, ALOAD_3 = 0x2d;
    static final int ISTORE = 0x36, ASTORE = 0x3a, ISTORE_0 = 0x3b, ASTORE_3 = 0x4e;
    static final int IASTORE = 0x4f, SASTORE = 0x56;
    static final int POP = 0x57, POP2 = 0x58, DUP = 0x59, DUP_X1 = 0x5a, DUP_X2 = 0x5b, DUP2 = 0x5c,
            DUP2_X1 = 0x5d, DUP2_X2 = 0x5e, SWAP = 0x5f;
    static final int IADD = 0x60, LADD = 0x61, ISUB = 0x64, LSUB = 0x65, IMUL = 0x68, LMUL = 0x69,
            IDIV = 0x6c, LDIV = 0x6d, IREM = 0x70, LREM = 0x71, INEG = 0x74, ISHL = 0x78, LSHL = 0x79,
            ISHR = 0x7a, LSHR = 0x7b, IUSHR = 0x7c, LUSHR = 0x7d, IAND = 0x7e, LAND = 0x7f, IOR = 0x80,
            LOR = 0x81, IXOR = 0x82, LXOR = 0x83, IINC = 0x84;
    static final int I2B = 0x91, I2C = 0x92, I2S = 0x93;
    static final int IFEQ = 0x99, IF_ICMPEQ = 0x9f;
    static final int ATHROW = 0xbf;

    /* Generic effects: slots popped and (concrete) slots pushed; -1 = none (no-op). */
    private static final byte[] POPS = new byte[256];
    private static final byte[] PUSHES = new byte[256];

    static {
        java.util.Arrays.fill(POPS, (byte) -1);
        set(0x00, 0x00, 0, 0); // nop
        set(0x01, 0x08, 0, 1); // aconst_null, iconst_*
        set(0x09, 0x0a, 0, 2); // lconst_*
        set(0x0b, 0x0d, 0, 1); // fconst_*
        set(0x0e, 0x0f, 0, 2); // dconst_*
        set(0x10, 0x13, 0, 1); // bipush sipush ldc ldc_w
        set(0x14, 0x14, 0, 2); // ldc2_w
        // iaload laload faload daload aaload baload caload saload
        set(0x2e, 0x2e, 2, 1);
        set(0x2f, 0x2f, 2, 2);
        set(0x30, 0x30, 2, 1);
        set(0x31, 0x31, 2, 2);
        set(0x32, 0x35, 2, 1);
        // iastore lastore fastore dastore aastore bastore castore sastore
        set(0x4f, 0x4f, 3, 0);
        set(0x50, 0x50, 4, 0);
        set(0x51, 0x51, 3, 0);
        set(0x52, 0x52, 4, 0);
        set(0x53, 0x56, 3, 0);
        set(POP, POP, 1, 0);
        set(POP2, POP2, 2, 0);
        // add sub mul div rem: i l f d
        for (int base = 0x60; base <= 0x70; base += 4) {
            set(base, base, 2, 1);
            set(base + 1, base + 1, 4, 2);
            set(base + 2, base + 2, 2, 1);
            set(base + 3, base + 3, 4, 2);
        }
        set(0x74, 0x74, 1, 1); // ineg
        set(0x75, 0x75, 2, 2); // lneg
        set(0x76, 0x76, 1, 1); // fneg
        set(0x77, 0x77, 2, 2); // dneg
        for (int o = 0x78; o <= 0x7d; o += 2) {
            set(o, o, 2, 1); // ishl ishr iushr
            set(o + 1, o + 1, 3, 2); // lshl lshr lushr
        }
        for (int o = 0x7e; o <= 0x82; o += 2) {
            set(o, o, 2, 1); // iand ior ixor
            set(o + 1, o + 1, 4, 2); // land lor lxor
        }
        set(0x85, 0x85, 1, 2); // i2l
        set(0x86, 0x86, 1, 1); // i2f
        set(0x87, 0x87, 1, 2); // i2d
        set(0x88, 0x88, 2, 1); // l2i
        set(0x89, 0x89, 2, 1); // l2f
        set(0x8a, 0x8a, 2, 2); // l2d
        set(0x8b, 0x8b, 1, 1); // f2i
        set(0x8c, 0x8d, 1, 2); // f2l f2d
        set(0x8e, 0x8e, 2, 1); // d2i
        set(0x8f, 0x8f, 2, 2); // d2l
        set(0x90, 0x90, 2, 1); // d2f
        set(0x91, 0x93, 1, 1); // i2b i2c i2s
        set(0x94, 0x94, 4, 1); // lcmp
        set(0x95, 0x96, 2, 1); // fcmpl fcmpg
        set(0x97, 0x98, 4, 1); // dcmpl dcmpg
        set(0x99, 0x9e, 1, 0); // if<c>
        set(0x9f, 0xa6, 2, 0); // if_icmp<c> if_acmp<c>
        set(0xa7, 0xa7, 0, 0); // goto
        set(0xa8, 0xa8, 0, 1); // jsr
        set(0xaa, 0xab, 1, 0); // tableswitch lookupswitch
        set(0xbb, 0xbb, 0, 1); // new
        set(0xbc, 0xbe, 1, 1); // newarray anewarray arraylength
        set(0xc1, 0xc1, 1, 1); // instanceof
        set(0xc2, 0xc3, 1, 0); // monitorenter monitorexit
        set(0xc6, 0xc7, 1, 0); // ifnull ifnonnull
        set(0xc8, 0xc8, 0, 0); // goto_w
        set(0xc9, 0xc9, 0, 1); // jsr_w
        // checkcast (0xc0), wide, returns, field and invoke instructions: no effect here.
    }

    private static void set(int from, int to, int pops, int pushes) {
        for (int o = from; o <= to; o++) {
            POPS[o] = (byte) pops;
            PUSHES[o] = (byte) pushes;
        }
    }

    private static boolean wide(int type) {
        return type == 1 || type == 3; // i l f d a
    }

    static void apply(Frame f, int opcode, int index) {
        if (opcode >= ILOAD && opcode <= ALOAD) {
            load(f, opcode - ILOAD, index);
        } else if (opcode >= ILOAD_0 && opcode <= ALOAD_3) {
            load(f, (opcode - ILOAD_0) / 4, (opcode - ILOAD_0) % 4);
        } else if (opcode >= ISTORE && opcode <= ASTORE) {
            store(f, opcode - ISTORE, index);
        } else if (opcode >= ISTORE_0 && opcode <= ASTORE_3) {
            store(f, (opcode - ISTORE_0) / 4, (opcode - ISTORE_0) % 4);
        } else if (opcode >= DUP && opcode <= SWAP) {
            stack(f, opcode);
        } else if (opcode == ATHROW) {
            f.clearStack();
        } else if (opcode == IINC) {
            f.setLocal(index, null);
        } else {
            generic(f, opcode);
        }
    }

    private static void load(Frame f, int type, int n) {
        f.push(f.local(n));
        if (wide(type)) {
            f.push(f.local(n + 1));
        }
    }

    private static void store(Frame f, int type, int n) {
        if (wide(type)) {
            Expr upper = f.pop();
            f.setLocal(n, f.pop());
            f.setLocal(n + 1, upper);
        } else {
            f.setLocal(n, f.pop());
        }
    }

    /* dup..swap; v1 is the top slot. */
    private static void stack(Frame f, int opcode) {
        Expr v1 = f.pop();
        switch (opcode) {
            case DUP:
                f.push(v1);
                f.push(v1);
                return;
            case DUP_X1: {
                Expr v2 = f.pop();
                f.push(v1);
                f.push(v2);
                f.push(v1);
                return;
            }
            case DUP_X2: {
                Expr v2 = f.pop();
                Expr v3 = f.pop();
                f.push(v1);
                f.push(v3);
                f.push(v2);
                f.push(v1);
                return;
            }
            case DUP2: {
                Expr v2 = f.pop();
                f.push(v2);
                f.push(v1);
                f.push(v2);
                f.push(v1);
                return;
            }
            case DUP2_X1: {
                Expr v2 = f.pop();
                Expr v3 = f.pop();
                f.push(v2);
                f.push(v1);
                f.push(v3);
                f.push(v2);
                f.push(v1);
                return;
            }
            case DUP2_X2: {
                Expr v2 = f.pop();
                Expr v3 = f.pop();
                Expr v4 = f.pop();
                f.push(v2);
                f.push(v1);
                f.push(v4);
                f.push(v3);
                f.push(v2);
                f.push(v1);
                return;
            }
            default: { // SWAP
                Expr v2 = f.pop();
                f.push(v1);
                f.push(v2);
            }
        }
    }

    private static void generic(Frame f, int opcode) {
        int pops = POPS[opcode];
        if (pops < 0) {
            return;
        }
        int pushes = PUSHES[opcode];
        boolean symbolic = f.drop(pops);
        if (symbolic && (pushes > 0 || (opcode >= IASTORE && opcode <= SASTORE))) {
            // A symbolic operand of an unmodelled computation (float arithmetic, a conversion,
            // an Object[] index): its value goes on concretely.
            Trace.concretized++;
        }
        for (int i = 0; i < pushes; i++) {
            f.push(null);
        }
    }
}
