/*
 * A harness for SymTest's TraceRunner check, instrumented by hand as trace mode would:
 * public static void fuzzerTestOneInput(byte[] in) { if (in[0] == 'X') throw new IllegalStateException(); }
 */
package demo;

import com.jvmfuzz.shim.sym.Sym;

public class BytesHarness {
    public static boolean initialized;

    public static void fuzzerInitialize() {
        initialized = true;
    }

    public static void fuzzerTestOneInput(byte[] in) {
        Sym.enter(1, Sym.key("fuzzerTestOneInput([B)V"));
        Sym.op(0x2a); // aload_0
        Sym.op(0x03); // iconst_0
        int b = Sym.baload(in, 0, 90);
        Sym.op(0x10); // bipush 'X'
        Sym.icmp(b, 'X', 1 << 8 | 0xa0); // if_icmpne
        if (b == 'X') {
            Sym.op(0xbb); // new
            Sym.op(0x59); // dup
            Sym.op(0x12); // ldc
            Sym.call(Sym.key("<init>(Ljava/lang/String;)V"), 2);
            IllegalStateException e = new IllegalStateException("X");
            Sym.result(Sym.key("<init>(Ljava/lang/String;)V"), 0);
            Sym.op(0xbf); // athrow
            throw e;
        }
        Sym.ret(0);
    }
}
