/*
 * The shadow of one traced method invocation: its locals and operand stack, slot for slot (a
 * long's expression in the lower slot, null in the upper), plus the call it has outstanding.
 * Arrays grow on demand; popping an empty stack yields null and counts a mismatch, because a
 * desynchronised frame must degrade to concrete values, never throw into the target.
 */
package com.jvmfuzz.shim.sym;

final class Frame {
    final int mid;
    final int key;
    Expr[] locals;
    Expr[] stack = new Expr[8];
    int sp;

    /* The invoke between `call` and `result`: the callee's key, and Trace.seq at the call. */
    boolean calling;
    int callKey;
    long callSeq;
    /* Whether an argument of that call was symbolic (a lost return value is then counted). */
    boolean callSymbolic;

    /* `args`: the pending call's argument slots, taken over (they were copied for us). */
    Frame(int mid, int key, Expr[] args) {
        this.mid = mid;
        this.key = key;
        locals = args != null && args.length > 0 ? args : new Expr[8];
    }

    Expr local(int n) {
        return n >= 0 && n < locals.length ? locals[n] : null;
    }

    void setLocal(int n, Expr e) {
        if (n < 0) {
            return;
        }
        if (n >= locals.length) {
            if (e == null) {
                return;
            }
            locals = java.util.Arrays.copyOf(locals, Math.max(n + 1, locals.length * 2));
        }
        locals[n] = e;
    }

    void push(Expr e) {
        if (sp == stack.length) {
            stack = java.util.Arrays.copyOf(stack, stack.length * 2);
        }
        stack[sp++] = e;
    }

    /** The two slots of a long: the expression, then null. */
    void pushWide(Expr e) {
        push(e);
        push(null);
    }

    Expr pop() {
        if (sp == 0) {
            Trace.mismatches++;
            return null;
        }
        Expr e = stack[--sp];
        stack[sp] = null;
        return e;
    }

    /** A long's two slots; its expression. */
    Expr popWide() {
        pop();
        return pop();
    }

    /** Pops n slots, reporting whether any held a symbolic value. */
    boolean drop(int n) {
        boolean symbolic = false;
        for (int i = 0; i < n; i++) {
            symbolic |= pop() != null;
        }
        return symbolic;
    }

    void clearStack() {
        java.util.Arrays.fill(stack, 0, sp, null);
        sp = 0;
    }
}
