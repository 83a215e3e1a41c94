/*
 * The shadow call stack: one Frame per traced invocation, and the two hand-overs between
 * frames. A `call` leaves the argument slots as the pending call, which the callee's `enter`
 * takes if the keys match (keys, not owners: virtual dispatch to an override matches). A `ret`
 * (or a provider, for the values it returns) leaves the return shadow as the pending return,
 * which the caller's `result` takes only if it has the callee's key and was made after the
 * caller's own `call` (sequence numbers), so a stale one is never taken. Owner thread only.
 */
package com.jvmfuzz.shim.sym;

final class Calls {
    private Calls() {}

    private static Frame[] frames = new Frame[64];
    private static int depth;

    private static boolean hasCall;
    private static int callKey;
    private static Expr[] callArgs;

    private static boolean hasReturn;
    private static int returnKey;
    private static Expr returnShadow;
    private static long returnSeq;
    private static long seq;

    static void reset() {
        // A deep recursion may have grown the frame array: let it go.
        frames = new Frame[64];
        depth = 0;
        hasCall = false;
        callArgs = null;
        hasReturn = false;
        returnShadow = null;
        seq = 0;
    }

    /*
     * The bottom frame stands for the harness's (untraced) caller: code that runs with no
     * traced frame (a desync) still has a stack to work on.
     */
    static void start() {
        frames[0] = new Frame(-1, 0, null);
        depth = 1;
    }

    static int depth() {
        return depth;
    }

    static Frame top() {
        if (depth == 0) {
            start();
        }
        return frames[depth - 1];
    }

    private static void push(Frame f) {
        if (depth == frames.length) {
            frames = java.util.Arrays.copyOf(frames, depth * 2);
        }
        frames[depth++] = f;
    }

    private static void popTo(int newDepth) {
        for (int k = newDepth; k < depth; k++) {
            frames[k] = null;
        }
        depth = newDepth;
    }

    /*
     * The pending call is cleared either way: a call whose callee was not traced must not hand
     * its arguments to a later method (the price: a traced method that a class initialiser runs
     * between a call and its callee's entry takes the callee's arguments as concrete).
     */
    static void enter(int mid, int key) {
        Expr[] args = hasCall && callKey == key ? callArgs : null;
        hasCall = false;
        callArgs = null;
        push(new Frame(mid, key, args));
    }

    /* Unwinds to the top frame of `mid` (recursion: the innermost); its stack becomes [exception]. */
    static void handler(int mid) {
        hasCall = false;
        callArgs = null;
        int j = depth - 1;
        while (j >= 1 && frames[j].mid != mid) {
            j--;
        }
        if (j >= 1) {
            popTo(j + 1);
        } else {
            // Its frame is missing (a desync): give the rest of the method a fresh one.
            Trace.mismatches++;
            push(new Frame(mid, 0, null));
        }
        Frame f = top();
        f.clearStack();
        f.push(null);
        f.calling = false;
    }

    static void call(int key, int slots) {
        Frame f = top();
        Expr[] args = new Expr[Math.max(slots, 0)];
        boolean symbolic = false;
        for (int i = args.length - 1; i >= 0; i--) {
            args[i] = f.pop();
            symbolic |= args[i] != null;
        }
        hasCall = true;
        callKey = key;
        callArgs = symbolic ? args : null;
        f.calling = true;
        f.callKey = key;
        f.callSeq = ++seq;
        f.callSymbolic = symbolic;
    }

    static void result(int key, int slots) {
        Frame f = caller(key);
        Expr shadow = null;
        if (f == null) {
            Trace.mismatches++;
            f = top();
        } else if (hasReturn && returnKey == key && returnSeq > f.callSeq) {
            shadow = returnShadow;
            if (shadow != null && shadow.width != (slots == 2 ? 64 : 32)) {
                Trace.mismatches++;
                shadow = null;
            }
        } else if (f.callSymbolic && slots > 0) {
            // An untraced callee took a symbolic argument and returned a value: lost.
            Trace.concretized++;
        }
        hasReturn = false;
        returnShadow = null;
        hasCall = false;
        callArgs = null;
        f.calling = false;
        if (slots == 2) {
            f.pushWide(shadow);
        } else {
            for (int i = 0; i < slots; i++) {
                f.push(i == 0 ? shadow : null);
            }
        }
    }

    /*
     * The frame that made the call `key` returns from: normally the top one. Frames above it
     * were left by methods an exception took out of traced code, into untraced code that caught
     * it and returned normally; they are dropped (a mismatch). Null if none is found.
     */
    private static Frame caller(int key) {
        for (int j = depth - 1, n = 0; j >= 0 && n < 64; j--, n++) {
            Frame f = frames[j];
            if (f.calling && f.callKey == key) {
                if (j < depth - 1) {
                    Trace.mismatches++;
                    popTo(j + 1);
                }
                return f;
            }
        }
        return null;
    }

    static void ret(int slots) {
        Frame f = top();
        Expr shadow = slots == 2 ? f.popWide() : slots == 1 ? f.pop() : null;
        returned(f.key, shadow);
        if (depth > 1) {
            frames[--depth] = null;
        } else {
            Trace.mismatches++;
        }
    }

    /* The pending return: what a callee with `key` returned just now. */
    static void returned(int key, Expr shadow) {
        hasReturn = true;
        returnKey = key;
        returnShadow = shadow;
        returnSeq = ++seq;
    }
}
