/*
 * Small methods written the way trace mode rewrites them: each original instruction is shown
 * in a comment, followed by exactly the Sym/Models calls docs/solver.md's table inserts for it
 * (label calls before the instruction, replacements instead of it). The instructions
 * themselves are the surrounding Java code. Sites are small ints per branch.
 */
package com.jvmfuzz.shim.sym;

import com.jvmfuzz.shim.fuzz.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

final class Emulated {
    private Emulated() {}

    // opcodes
    static final int ICONST_0 = 0x03, ICONST_1 = 0x04, ICONST_2 = 0x05, ICONST_3 = 0x06, ICONST_5 = 0x08,
            LCONST_0 = 0x09, BIPUSH = 0x10, SIPUSH = 0x11, LDC = 0x12, LDC2_W = 0x14;
    static final int ILOAD_0 = 0x1a, ILOAD_1 = 0x1b, ILOAD_2 = 0x1c, ILOAD_3 = 0x1d, LLOAD_1 = 0x1f,
            ALOAD_0 = 0x2a, ALOAD_1 = 0x2b, ALOAD_2 = 0x2c, ALOAD_3 = 0x2d, ILOAD = 0x15, ALOAD = 0x19;
    static final int ISTORE_1 = 0x3c, ISTORE_2 = 0x3d, ISTORE_3 = 0x3e, LSTORE_1 = 0x40, ASTORE_1 = 0x4c,
            ASTORE_2 = 0x4d, ASTORE_3 = 0x4e, ISTORE = 0x36, ASTORE = 0x3a;
    static final int POP = 0x57, DUP = 0x59;
    static final int IADD = 0x60, ISUB = 0x64, IMUL = 0x68, IDIV = 0x6c, IAND = 0x7e, IOR = 0x80, ISHL = 0x78;
    static final int I2L = 0x85, LCMP = 0x94;
    static final int IFEQ = 0x99, IFNE = 0x9a, IFLT = 0x9b, IFGE = 0x9c, IFGT = 0x9d, IFLE = 0x9e;
    static final int IF_ICMPEQ = 0x9f, IF_ICMPNE = 0xa0, IF_ICMPLT = 0xa1, IF_ICMPGE = 0xa2,
            IF_ICMPGT = 0xa3, IF_ICMPLE = 0xa4;
    static final int NEW = 0xbb, NEWARRAY = 0xbc, ATHROW = 0xbf;

    static int key(String s) {
        return Sym.key(s);
    }

    static int site(int site, int opcode) {
        return site << 8 | opcode;
    }

    /** Which branches the last run took, by site (for checking a concrete run). */
    static final StringBuilder path = new StringBuilder();

    // ------------------------------------------------------------------ arithmetic

    static final int K_ARITH = key("arith([B)I");

    /*
     * static int arith(byte[] in) {
     *     int x = (in[0] & 0xff) | (in[1] & 0xff) << 8;
     *     if (x * 3 + 7 == 1000) return 1;
     *     return 0;
     * }
     */
    static int arith(byte[] in) {
        Sym.enter(1, K_ARITH);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int t0 = Sym.baload(in, 0, 90); // baload
        Sym.op(SIPUSH);
        int t1 = Sym.ibin(t0, 255, IAND); // iand
        Sym.op(ALOAD_0);
        Sym.op(ICONST_1);
        int t2 = Sym.baload(in, 1, 90);
        Sym.op(SIPUSH);
        int t3 = Sym.ibin(t2, 255, IAND);
        Sym.op(BIPUSH);
        int t4 = Sym.ibin(t3, 8, ISHL); // ishl
        int x = Sym.ibin(t1, t4, IOR); // ior
        Sym.op(ISTORE_1);
        Sym.op(ILOAD_1);
        Sym.op(ICONST_3);
        int t5 = Sym.ibin(x, 3, IMUL);
        Sym.op(BIPUSH);
        int t6 = Sym.ibin(t5, 7, IADD);
        Sym.op(SIPUSH);
        Sym.icmp(t6, 1000, site(1, IF_ICMPNE)); // if_icmpne L
        if (t6 != 1000) {
            Sym.op(ICONST_0); // L: iconst_0
            Sym.ret(1); // ireturn
            return 0;
        }
        Sym.op(ICONST_1);
        Sym.ret(1);
        return 1;
    }

    // ------------------------------------------------------------------ calls

    static final int K_CALLS = key("calls([B)V");
    static final int K_TWICE = key("twice(I)I");
    static final int K_OPAQUE = key("opaque(I)I");
    static final int K_READ = key("read()I");
    static byte[] shared;

    /*
     * static void calls(byte[] in) {
     *     int x = in[0];
     *     int y = twice(x);            // traced
     *     if (y == 84) path("A");
     *     int z = opaque(x);           // not traced (no enter/ret inside)
     *     if (z == 5) path("B");
     *     shared = in;
     *     readFromOutside();           // untraced code calling the traced read() (a stale return)
     *     int r = read();              // ... and then read() resolves to an untraced override
     *     if (r == 1) path("C");
     * }
     */
    static void calls(byte[] in) {
        Sym.enter(2, K_CALLS);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int x = Sym.baload(in, 0, 90);
        Sym.op(ISTORE_1);
        Sym.op(ILOAD_1);
        Sym.call(K_TWICE, 1); // invokestatic twice
        int y = twice(x);
        Sym.result(K_TWICE, 1);
        Sym.op(ISTORE_2);
        Sym.op(ILOAD_2);
        Sym.op(BIPUSH);
        Sym.icmp(y, 84, site(2, IF_ICMPNE));
        if (y == 84) {
            path.append("A");
        }
        Sym.op(ILOAD_1);
        Sym.call(K_OPAQUE, 1);
        int z = opaque(x);
        Sym.result(K_OPAQUE, 1);
        Sym.op(ISTORE_3);
        Sym.op(ILOAD_3);
        Sym.op(ICONST_5);
        Sym.icmp(z, 5, site(3, IF_ICMPNE));
        if (z == 5) {
            path.append("B");
        }
        Sym.op(ALOAD_0);
        Sym.fx(1); // putstatic Object: pops 1
        shared = in;
        Sym.call(key("readFromOutside()V"), 0);
        readFromOutside();
        Sym.result(key("readFromOutside()V"), 0);
        Sym.call(K_READ, 0);
        int r = readUntraced();
        Sym.result(K_READ, 1);
        Sym.op(ISTORE | 4 << 8);
        Sym.op(ILOAD | 4 << 8);
        Sym.op(ICONST_1);
        Sym.icmp(r, 1, site(4, IF_ICMPNE));
        if (r == 1) {
            path.append("C");
        }
        Sym.ret(0);
    }

    /* static int twice(int v) { return v + v; } */
    static int twice(int v) {
        Sym.enter(3, K_TWICE);
        Sym.op(ILOAD_0);
        Sym.op(ILOAD_0);
        int r = Sym.ibin(v, v, IADD);
        Sym.ret(1);
        return r;
    }

    /* Not traced. */
    static int opaque(int v) {
        return v + 1;
    }

    /* Untraced code (say a JDK callback) calling the traced read(). */
    static void readFromOutside() {
        read();
    }

    /* static int read() { return shared[1]; } */
    static int read() {
        Sym.enter(4, K_READ);
        Sym.fx(1 << 8); // getstatic shared
        Sym.op(ICONST_1);
        int v = Sym.baload(shared, 1, 90);
        Sym.ret(1);
        return v;
    }

    /* An override of read() that is not traced. */
    static int readUntraced() {
        return shared[1];
    }

    // ------------------------------------------------------------------ exceptions

    static final int K_GUARDED = key("guarded([B)V");
    static final int K_THROWER = key("thrower(I)V");
    static final int K_EXC_INIT = key("<init>()V");

    /*
     * static void guarded(byte[] in) {
     *     int x = in[0];
     *     try { thrower(x); } catch (RuntimeException e) { path("caught"); }
     *     int q;
     *     try { q = 100 / (x - 3); } catch (ArithmeticException e) { q = -1; }
     *     if (x > 10) path("big");
     * }
     */
    static void guarded(byte[] in) {
        Sym.enter(5, K_GUARDED);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int x = Sym.baload(in, 0, 90);
        Sym.op(ISTORE_1);
        try {
            Sym.op(ILOAD_1);
            Sym.call(K_THROWER, 1);
            thrower(x);
            Sym.result(K_THROWER, 0);
        } catch (RuntimeException e) {
            Sym.handler(5); // handler: [e]
            Sym.op(ASTORE_2);
            path.append("caught;");
        }
        int q;
        try {
            Sym.op(BIPUSH);
            Sym.op(ILOAD_1);
            Sym.op(ICONST_3);
            int d = Sym.ibin(x, 3, ISUB);
            q = Sym.ibin(100, d, IDIV);
            Sym.op(ISTORE_3);
        } catch (ArithmeticException e) {
            Sym.handler(5);
            Sym.op(POP);
            Sym.op(ICONST_1); // (iconst_m1, same effect)
            Sym.op(ISTORE_3);
            q = -1;
            path.append("div0;");
        }
        Sym.op(ILOAD_1);
        Sym.op(BIPUSH);
        Sym.icmp(x, 10, site(6, IF_ICMPLE));
        if (x > 10) {
            path.append("big;");
        }
        Sym.ret(0);
        if (q == 12345) {
            path.append("never");
        }
    }

    /* static void thrower(int v) { if (v != 0) throw new RuntimeException(); } */
    static void thrower(int v) {
        Sym.enter(6, K_THROWER);
        Sym.op(ILOAD_0);
        Sym.izero(v, site(5, IFEQ));
        if (v != 0) {
            Sym.op(NEW);
            Sym.op(DUP);
            Sym.call(K_EXC_INIT, 1);
            RuntimeException e = new RuntimeException("thrown");
            Sym.result(K_EXC_INIT, 0);
            Sym.op(BIPUSH); // junk on the stack that the unwind must discard
            Sym.op(ATHROW);
            throw e;
        }
        Sym.ret(0);
    }

    // ------------------------------------------------------------------ fields

    static final class Box {
        int v;
        long w;
        static int s;
    }

    static final int K_FIELDS = key("fields([B)V");
    static final int F_V = key("vI");
    static final int F_W = key("wJ");
    static final int F_S = key("com/jvmfuzz/shim/sym/Emulated$Box.sI");

    /*
     * static void fields(byte[] in) {
     *     Box b = new Box();
     *     b.v = in[0] + 1;
     *     b.w = in[1];
     *     Box.s = in[2];
     *     if (b.v == 10) path("v");
     *     if (b.w < 0) path("w");
     *     if (Box.s == 7) path("s");
     * }
     */
    static void fields(byte[] in) {
        Sym.enter(7, K_FIELDS);
        Sym.op(NEW);
        Sym.op(DUP);
        Sym.call(key("<init>()V"), 1);
        Box b = new Box();
        Sym.result(key("<init>()V"), 0);
        Sym.op(ASTORE_1);
        // b.v = in[0] + 1
        Sym.op(ALOAD_1);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int t = Sym.baload(in, 0, 90);
        Sym.op(ICONST_1);
        int v = Sym.ibin(t, 1, IADD);
        Sym.putfield(b, v, F_V << 1); // dup2; putfield
        b.v = v;
        // b.w = in[1]
        Sym.op(ALOAD_1);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_1);
        int t1 = Sym.baload(in, 1, 90);
        long w = Sym.i2l(t1);
        Sym.stashJ(w);
        Sym.putfieldJ(b, F_W << 1 | 1);
        long back = Sym.unstashJ();
        b.w = back;
        // Box.s = in[2]
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2);
        int t2 = Sym.baload(in, 2, 90);
        Sym.putstatic(F_S << 1);
        Box.s = t2;
        // if (b.v == 10)
        Sym.op(ALOAD_1);
        Sym.getfield(b, F_V << 1);
        int gv = b.v;
        Sym.op(BIPUSH);
        Sym.icmp(gv, 10, site(7, IF_ICMPNE));
        if (gv == 10) {
            path.append("v;");
        }
        // if (b.w < 0): getfield J, lconst_0, lcmp, ifge
        Sym.op(ALOAD_1);
        Sym.getfield(b, F_W << 1 | 1);
        long gw = b.w;
        Sym.op(LCONST_0);
        int c = Sym.lcmp(gw, 0);
        Sym.izero(c, site(8, IFGE));
        if (c < 0) {
            path.append("w;");
        }
        // if (Box.s == 7)
        Sym.getstatic(F_S << 1);
        int gs = Box.s;
        Sym.op(BIPUSH);
        Sym.icmp(gs, 7, site(9, IF_ICMPNE));
        if (gs == 7) {
            path.append("s;");
        }
        Sym.ret(0);
    }

    // ------------------------------------------------------------------ models

    static final int K_PARSE = key("parse([B)V");

    /*
     * static void parse(byte[] in) {
     *     String s = new String(in, 0, 3, StandardCharsets.US_ASCII);
     *     int n = Integer.parseInt(s);
     *     if (n > 500) path("big");
     * }
     */
    static void parse(byte[] in) {
        Sym.enter(8, K_PARSE);
        // new String; dup: removed by the rewriter
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        Sym.op(ICONST_3);
        Sym.fx(1 << 8); // getstatic US_ASCII (a reference)
        String s = Models.newString(in, 0, 3, StandardCharsets.US_ASCII);
        Sym.op(ASTORE_1);
        Sym.op(ALOAD_1);
        int n = Models.parseInt(s);
        Sym.op(ISTORE_2);
        Sym.op(ILOAD_2);
        Sym.op(SIPUSH);
        Sym.icmp(n, 500, site(10, IF_ICMPLE));
        if (n > 500) {
            path.append("big;");
        }
        Sym.ret(0);
    }

    static final int K_VERB = key("verb([B)V");

    /*
     * static void verb(byte[] in) {
     *     String s = new String(in, StandardCharsets.UTF_8);
     *     if (s.startsWith("GE")) path("ge");
     *     if (s.equals("GET")) path("get");
     *     if (Character.isDigit(s.charAt(2))) path("digit");
     *     switch (s.hashCode()) { case 70454: path("GET hash"); }   // "GET".hashCode() == 70454
     * }
     */
    static void verb(byte[] in) {
        Sym.enter(9, K_VERB);
        Sym.op(ALOAD_0);
        Sym.fx(1 << 8); // getstatic UTF_8
        String s = Models.newString(in, StandardCharsets.UTF_8);
        Sym.op(ASTORE_1);
        Sym.op(ALOAD_1);
        Sym.op(LDC);
        boolean ge = Models.startsWith(s, "GE");
        int gi = ge ? 1 : 0;
        Sym.izero(gi, site(11, IFEQ));
        if (ge) {
            path.append("ge;");
        }
        Sym.op(ALOAD_1);
        Sym.op(LDC);
        boolean eq = Models.equals(s, "GET");
        int ei = eq ? 1 : 0;
        Sym.izero(ei, site(12, IFEQ));
        if (eq) {
            path.append("get;");
        }
        Sym.op(ALOAD_1);
        Sym.op(ICONST_2);
        char c = Models.charAt(s, 2, 94);
        boolean digit = Models.isDigit(c);
        int di = digit ? 1 : 0;
        Sym.izero(di, site(13, IFEQ));
        if (digit) {
            path.append("digit;");
        }
        Sym.op(ALOAD_1);
        int h = Models.hashCode(s);
        Sym.sw(h, 14); // lookupswitch, after dup
        if (h == 70454) {
            path.append("GET hash;");
        }
        Sym.ret(0);
    }

    // ------------------------------------------------------------------ lcmp, switch, arrays

    static final int K_SPAN = key("span([B)I");
    static final int ARRAYLENGTH = 0xbe, ICONST_M1 = 0x02;

    /*
     * static int span(byte[] in) {
     *     int off = in[0], len = in[1];
     *     if (off < 1 || len < 1 || off > in.length - len) return -1;
     *     return in[off + len];        // one past the span when it ends at the input's end
     * }
     */
    static int span(byte[] in) {
        Sym.enter(11, K_SPAN);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int off = Sym.baload(in, 0, 90);
        Sym.op(ISTORE_1);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_1);
        int len = Sym.baload(in, 1, 90);
        Sym.op(ISTORE_2);
        Sym.op(ILOAD_1);
        Sym.op(ICONST_1);
        Sym.icmp(off, 1, site(20, IF_ICMPLT));
        if (off < 1) {
            Sym.op(ICONST_M1);
            Sym.ret(1);
            return -1;
        }
        Sym.op(ILOAD_2);
        Sym.op(ICONST_1);
        Sym.icmp(len, 1, site(21, IF_ICMPLT));
        if (len < 1) {
            Sym.op(ICONST_M1);
            Sym.ret(1);
            return -1;
        }
        Sym.op(ILOAD_1);
        Sym.op(ALOAD_0);
        Sym.op(ARRAYLENGTH);
        Sym.op(ILOAD_2);
        int room = Sym.ibin(in.length, len, ISUB);
        Sym.icmp(off, room, site(22, IF_ICMPGT));
        if (off > room) {
            Sym.op(ICONST_M1);
            Sym.ret(1);
            return -1;
        }
        Sym.op(ALOAD_0);
        Sym.op(ILOAD_1);
        Sym.op(ILOAD_2);
        int at = Sym.ibin(off, len, IADD);
        int v = Sym.baload(in, at, 23);
        Sym.ret(1);
        return v;
    }

    static final int K_PICK = key("pick([B)I");

    /*
     * static int pick(byte[] in) {
     *     String word = "word";
     *     char c = word.charAt(in[0] + in[1]);     // modelled, with its site
     *     return word.substring(in[2]).length() + c;
     * }
     */
    static int pick(byte[] in) {
        Sym.enter(12, K_PICK);
        Sym.op(LDC);
        String word = "word";
        Sym.op(ASTORE_1);
        Sym.op(ALOAD_1);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int a = Sym.baload(in, 0, 90);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_1);
        int b = Sym.baload(in, 1, 90);
        int at = Sym.ibin(a, b, IADD);
        char c = Models.charAt(word, at, 24);
        Sym.op(ISTORE_2);
        Sym.op(ALOAD_1);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2);
        int from = Sym.baload(in, 2, 90);
        String rest = Models.substring(word, from, 25);
        int n = Models.length(rest);
        Sym.op(ILOAD_2);
        int r = Sym.ibin(n, c, IADD);
        Sym.ret(1);
        return r;
    }

    static final int K_MISC = key("misc([B)V");

    /*
     * static void misc(byte[] in) {
     *     long l = in[0];
     *     if (l < 100L) path("small");
     *     switch (in[1]) { case 1: path("one"); break; case 2: path("two"); break; }
     *     int[] a = new int[4];
     *     a[in[2] & 3] = in[3];
     *     if (a[in[2] & 3] == 9) path("nine");
     * }
     */
    static void misc(byte[] in) {
        Sym.enter(10, K_MISC);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_0);
        int b0 = Sym.baload(in, 0, 90);
        long l = Sym.i2l(b0);
        Sym.op(LSTORE_1);
        Sym.op(LLOAD_1);
        Sym.op(LDC2_W);
        int c = Sym.lcmp(l, 100L);
        Sym.izero(c, site(15, IFGE));
        if (l < 100L) {
            path.append("small;");
        }
        Sym.op(ALOAD_0);
        Sym.op(ICONST_1);
        int b1 = Sym.baload(in, 1, 90);
        Sym.sw(b1, 16);
        switch (b1) {
            case 1:
                path.append("one;");
                break;
            case 2:
                path.append("two;");
                break;
            default:
                break;
        }
        Sym.op(ICONST_3 + 1); // iconst_4
        Sym.op(NEWARRAY);
        int[] a = new int[4];
        Sym.op(ASTORE | 4 << 8);
        Sym.op(ALOAD | 4 << 8); // a
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2);
        int b2 = Sym.baload(in, 2, 90);
        Sym.op(ICONST_3);
        int idx = Sym.ibin(b2, 3, IAND);
        Sym.op(ALOAD_0);
        Sym.op(ICONST_3);
        int b3 = Sym.baload(in, 3, 90);
        Sym.iastore(a, idx, b3, 18);
        Sym.op(ALOAD | 4 << 8); // a
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2);
        int b2b = Sym.baload(in, 2, 90);
        Sym.op(ICONST_3);
        int idx2 = Sym.ibin(b2b, 3, IAND);
        int e = Sym.iaload(a, idx2, 19);
        Sym.op(BIPUSH);
        Sym.icmp(e, 9, site(17, IF_ICMPNE));
        if (e == 9) {
            path.append("nine;");
        }
        Sym.ret(0);
    }

    // ------------------------------------------------------------------ providers

    static final int K_FDP = key("fdp(Lcom/jvmfuzz/shim/fuzz/FuzzedDataProvider;)V");

    /*
     * static void fdp(FuzzedDataProvider p) {
     *     int v = p.consumeInt();
     *     if (v == 0x41424344) path("int");
     *     int r = p.consumeInt(10, 20);
     *     if (r == 15) path("range");
     *     byte[] bs = p.consumeBytes(2);
     *     if (bs[1] == 'z') path("z");
     *     String s = p.consumeAsciiString(3);
     *     if (s.charAt(0) == 'q') path("q");
     * }
     */
    static void fdp(FuzzedDataProvider p) {
        Sym.enter(11, K_FDP);
        Sym.op(ALOAD_0);
        Sym.call(key("consumeInt()I"), 1);
        int v = p.consumeInt();
        Sym.result(key("consumeInt()I"), 1);
        Sym.op(ISTORE_1);
        Sym.op(ILOAD_1);
        Sym.op(LDC);
        Sym.icmp(v, 0x41424344, site(18, IF_ICMPNE));
        if (v == 0x41424344) {
            path.append("int;");
        }
        Sym.op(ALOAD_0);
        Sym.op(BIPUSH);
        Sym.op(BIPUSH);
        Sym.call(key("consumeInt(II)I"), 3);
        int r = p.consumeInt(10, 20);
        Sym.result(key("consumeInt(II)I"), 1);
        Sym.op(ISTORE_2);
        Sym.op(ILOAD_2);
        Sym.op(BIPUSH);
        Sym.icmp(r, 15, site(19, IF_ICMPNE));
        if (r == 15) {
            path.append("range;");
        }
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2);
        Sym.call(key("consumeBytes(I)[B"), 2);
        byte[] bs = p.consumeBytes(2);
        Sym.result(key("consumeBytes(I)[B"), 1);
        Sym.op(ASTORE_3);
        Sym.op(ALOAD_3);
        Sym.op(ICONST_1);
        int b = Sym.baload(bs, 1, 90);
        Sym.op(BIPUSH);
        Sym.icmp(b, 'z', site(20, IF_ICMPNE));
        if (b == 'z') {
            path.append("z;");
        }
        Sym.op(ALOAD_0);
        Sym.op(ICONST_3);
        Sym.call(key("consumeAsciiString(I)Ljava/lang/String;"), 2);
        String s = p.consumeAsciiString(3);
        Sym.result(key("consumeAsciiString(I)Ljava/lang/String;"), 1);
        Sym.op(ASTORE | 4 << 8);
        Sym.op(ALOAD | 4 << 8);
        Sym.op(ICONST_0);
        char c = Models.charAt(s, 0, 95);
        Sym.op(BIPUSH);
        Sym.icmp(c, 'q', site(21, IF_ICMPNE));
        if (c == 'q') {
            path.append("q;");
        }
        Sym.ret(0);
    }

    static final int K_JAZZER = key("jazzer(Lcom/jvmfuzz/junit/FuzzedDataProvider;)V");

    /*
     * static void jazzer(com.jvmfuzz.junit.FuzzedDataProvider p) {   // Jazzer's layout
     *     int v = p.consumeInt();               // the last 4 bytes, little-endian
     *     if (v == 0x01020304) path("int");
     *     int r = p.consumeInt(-5, 300);        // 2 more bytes from the end
     *     if (r > 200) path("range");
     *     String s = p.consumeString(4);        // from the front
     *     if (s.equals("ab")) path("ab");
     *     boolean z = p.consumeBoolean();
     *     if (z) path("bool");
     * }
     */
    static void jazzer(com.jvmfuzz.junit.FuzzedDataProvider p) {
        Sym.enter(12, K_JAZZER);
        Sym.op(ALOAD_0);
        Sym.call(key("consumeInt()I"), 1);
        int v = p.consumeInt();
        Sym.result(key("consumeInt()I"), 1);
        Sym.op(ISTORE_1);
        Sym.op(ILOAD_1);
        Sym.op(LDC);
        Sym.icmp(v, 0x01020304, site(22, IF_ICMPNE));
        if (v == 0x01020304) {
            path.append("int;");
        }
        Sym.op(ALOAD_0);
        Sym.op(BIPUSH);
        Sym.op(SIPUSH);
        Sym.call(key("consumeInt(II)I"), 3);
        int r = p.consumeInt(-5, 300);
        Sym.result(key("consumeInt(II)I"), 1);
        Sym.op(ISTORE_2);
        Sym.op(ILOAD_2);
        Sym.op(SIPUSH);
        Sym.icmp(r, 200, site(23, IF_ICMPLE));
        if (r > 200) {
            path.append("range;");
        }
        Sym.op(ALOAD_0);
        Sym.op(ICONST_2 + 2);
        Sym.call(key("consumeString(I)Ljava/lang/String;"), 2);
        String s = p.consumeString(4);
        Sym.result(key("consumeString(I)Ljava/lang/String;"), 1);
        Sym.op(ASTORE_3);
        Sym.op(ALOAD_3);
        Sym.op(LDC);
        boolean eq = Models.equals(s, "ab");
        Sym.izero(eq ? 1 : 0, site(24, IFEQ));
        if (eq) {
            path.append("ab;");
        }
        Sym.op(ALOAD_0);
        Sym.call(key("consumeBoolean()Z"), 1);
        boolean z = p.consumeBoolean();
        Sym.result(key("consumeBoolean()Z"), 1);
        Sym.izero(z ? 1 : 0, site(25, IFEQ));
        if (z) {
            path.append("bool;");
        }
        Sym.ret(0);
    }
}
