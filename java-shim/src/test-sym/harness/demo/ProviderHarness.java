/*
 * A harness for SymTest's TraceRunner check, instrumented by hand as trace mode would:
 * public static void fuzzerTestOneInput(FuzzedDataProvider p) { if (p.consumeInt() == 256) ... }
 */
package demo;

import com.jvmfuzz.shim.fuzz.FuzzedDataProvider;
import com.jvmfuzz.shim.sym.Sym;

public class ProviderHarness {
    public static void fuzzerTestOneInput(FuzzedDataProvider p) {
        int key = Sym.key("consumeInt()I");
        Sym.enter(1, Sym.key("fuzzerTestOneInput(Lcom/jvmfuzz/shim/fuzz/FuzzedDataProvider;)V"));
        Sym.op(0x2a); // aload_0
        Sym.call(key, 1); // invokevirtual consumeInt
        int v = p.consumeInt();
        Sym.result(key, 1);
        Sym.op(0x11); // sipush 256
        Sym.icmp(v, 256, 1 << 8 | 0xa0); // if_icmpne
        if (v == 256) {
            System.out.print("");
        }
        Sym.ret(0);
    }
}
