/*
 * What instrumented code reaches: `invokestatic com/jvmfuzz/shim/Probes.hit(I)V` (the fuzzer,
 * and the agent with counts=exact), or the `flags` array (the agent's default, counts=covered).
 *
 * Each thread owns one SPSC event ring in native memory (allocated by the jvmfuzz runtime and
 * handed over as a direct ByteBuffer). `hit` appends the probe id to it on every call and
 * publishes the new head with release semantics; the runtime (Rust) drains rings into hit
 * counts (the profiler) or the fuzzer's coverage map.
 *
 * The natives are bound by the agent with RegisterNatives at VMInit (never by JNI name lookup,
 * because the fuzzer binary embeds the same runtime). The agent never instruments this package,
 * java.lang.* or jdk.internal.*: the ThreadLocal lookup below runs their code before any
 * re-entrancy guard can be consulted.
 */
package com.jvmfuzz.shim;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;

public final class Probes {
    private Probes() {}

    /* Each thread's ring. Correct for any number of platform or virtual threads, but a lookup
     * costs about 4 ns, more than the rest of the probe. */
    private static final ThreadLocal<Ring> RINGS = new ThreadLocal<>();

    /* Fast path: the ring of one "primary" thread (the first to attach, or the first to attach
     * after it died), checked against Thread.currentThread() without a ThreadLocal lookup.
     * Fuzzing and most test suites run their hot code on one thread. Written rarely, read
     * racily: a reader that sees a stale ring finds another owner and takes the slow path;
     * Ring's final fields make a racy publication safe. */
    private static Ring primary = Ring.DISABLED;

    /* Returns rings of dead threads to the runtime's free list once their Ring object is
     * unreachable. Created on first attach so a JVM that never fires a probe gets no thread. */
    private static volatile Cleaner cleaner;

    /* Thread.isVirtual() (JDK 21+), or null. Virtual threads get small rings: an application
     * may run a hundred thousand of them. Looked up reflectively: the shim targets Java 11. */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup()
                    .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /* The agent's default probe (counts=covered) is no call at all: rewritten code stores into
     * a static boolean field per probe, in holder classes the agent defines at run time
     * (agent/src/instrument/probe_fields.rs). A class with no constant-pool room for those
     * stores `fixed[id] = true` (ids below FIXED) or `flags[id] = true` itself (getstatic, push
     * id, iconst_1, bastore), JaCoCo's probe shape. The agent reads both through JNI at VM death
     * (agent/src/jvmti/flags.rs).
     *
     * `fixed` is final so that the JIT folds it, and its length, into compiled code: a probe is
     * then a single byte store. 1 MiB of heap; FIXED must equal flags.rs's FIXED_LEN. */
    public static final int FIXED = 1 << 20;
    public static final boolean[] fixed = new boolean[FIXED];

    /* Ids from FIXED on. Only the agent writes this field, through JNI, and only to a longer
     * array, before it hands back a class whose ids need the room; it keeps every array it ever
     * installed and ORs them at VM death, because compiled code may hold on to a replaced one.
     * Not final: the JIT must not fold it. Null until needed. */
    public static boolean[] flags;

    /** The probe. Kept tiny (well under 35 bytecode bytes) so the JIT always inlines it. */
    public static void hit(int id) {
        Ring r = primary;
        if (r.owner != Thread.currentThread()) {
            r = ring();
        }
        r.put(id);
    }

    /* Not the primary thread: the ThreadLocal lookup. */
    private static Ring ring() {
        Ring r = RINGS.get();
        return r != null ? r : attach();
    }

    /* First probe on this thread: get a ring from the runtime. */
    private static Ring attach() {
        // Probes fired by code that runs while we attach (the DirectByteBuffer constructor,
        // Cleaner internals, if the user instruments JDK packages) see a busy ring and return,
        // instead of recursing into attach().
        RINGS.set(Ring.DISABLED);
        Ring r = null;
        boolean registered = false;
        try {
            boolean virtual = IS_VIRTUAL != null && (boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
            ByteBuffer buf = newRing(virtual);
            if (buf == null) {
                // The runtime cannot give a ring (out of memory, too many): this thread's
                // probes are dropped; the application runs on.
                return Ring.DISABLED;
            }
            r = new Ring(buf);
            Cleaner c = cleaner;
            if (c == null) {
                c = createCleaner();
            }
            c.register(r, new Release(r.id));
            registered = true;
            RINGS.set(r);
            Thread p = primary.owner;
            if (p == null || !p.isAlive()) {
                primary = r;
            }
            return r;
        } catch (UnsatisfiedLinkError e) {
            // Natives not bound (not running under the agent or the fuzzer): stay disabled.
            return Ring.DISABLED;
        } catch (Throwable e) {
            // Transient (StackOverflowError when the first probe fires deep in a recursion,
            // OutOfMemoryError): give the ring back unless the Cleaner owns it now, and let a
            // later probe on this thread retry.
            try {
                if (r != null && !registered) {
                    release(r.id);
                }
                if (RINGS.get() == Ring.DISABLED) {
                    RINGS.remove();
                }
            } catch (Throwable ignored) {
                // Still failing: this probe is lost, the thread stays disabled.
            }
            return Ring.DISABLED;
        }
    }

    private static synchronized Cleaner createCleaner() {
        Cleaner c = cleaner;
        if (c == null) {
            c = Cleaner.create();
            cleaner = c;
        }
        return c;
    }

    /* Cleaner action: must not reference the Ring, or it would never become unreachable. */
    private static final class Release implements Runnable {
        private final int ring;

        Release(int ring) {
            this.ring = ring;
        }

        @Override
        public void run() {
            release(ring);
        }
    }

    /** Allocates (or recycles) a ring for the calling thread; null if the runtime cannot. */
    static native ByteBuffer newRing(boolean virtualThread);

    /** Drains ring `ring` into the runtime's counts; returns when the ring has free space. */
    static native void drain(int ring);

    /** The owner of ring `ring` is gone: drain it and put it on the free list. */
    static native void release(int ring);
}
