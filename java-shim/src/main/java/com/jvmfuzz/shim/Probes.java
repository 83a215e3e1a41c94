/*
 * What instrumented code calls: `invokestatic com/jvmfuzz/shim/Probes.hit(I)V` (the fuzzer, and
 * the agent with counts=exact) or `Probes.cover(I)V` (the agent's default, counts=covered).
 *
 * Each thread owns one SPSC event ring in native memory (allocated by the jvmfuzz runtime and
 * handed over as a direct ByteBuffer). `hit` appends the probe id to it on every call and
 * publishes the new head with release semantics; the runtime (Rust) drains rings into hit
 * counts and the edge map. `cover` first checks the probe's flag in a shared boolean[] and
 * appends an event only while the flag is clear: it is set once the event is stored, so after
 * its first hit a covered probe costs a field load, a bounds check and a byte test (about what
 * JaCoCo's `probes[i] = true` costs).
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

    /* Hit-once flags for `cover`, indexed by probe id, grown (copied) when a larger id first
     * fires. Read racily without a lock: a thread that sees an older or shorter array, or a
     * flag set in an array that was being replaced, just takes the slow path once more and
     * records one more event, which the reports (covered or not) do not mind. */
    private static boolean[] covered = new boolean[4096];

    /* Ids at or above this never get a flag (their probes record every hit, like `hit`):
     * bounds the array at 64 MB whatever ids a rewritten class carries. */
    private static final int MAX_FLAGS = 1 << 26;

    /** The probe. Kept tiny (well under 35 bytecode bytes) so the JIT always inlines it. */
    public static void hit(int id) {
        Ring r = primary;
        if (r.owner != Thread.currentThread()) {
            r = ring();
        }
        r.put(id);
    }

    /** The hit-once probe: records only until the probe's first event is stored. Tiny too. */
    public static void cover(int id) {
        boolean[] c = covered;
        if (id < 0 || id >= c.length || !c[id]) {
            firstCover(id);
        }
    }

    /* First hit of a `cover` probe (or a repeat whose event was not stored yet). */
    private static void firstCover(int id) {
        Ring r = primary;
        if (r.owner != Thread.currentThread()) {
            r = ring();
        }
        // The flag goes up only once the event is stored: a probe fired while this thread has
        // no ring (attaching, busy, or the attach failed) stays uncovered and tries again.
        if (r.offer(id) && id >= 0) {
            boolean[] c = covered;
            if (id >= c.length) {
                c = grow(id);
            }
            if (id < c.length) {
                c[id] = true;
            }
        }
    }

    /* Makes room for flag `id` (unless it is at or above MAX_FLAGS, or memory is short);
     * returns the current array. System.arraycopy, not java.util.Arrays: the JDK may be
     * instrumented on request, and this path must not fire probes of its own. */
    private static synchronized boolean[] grow(int id) {
        boolean[] c = covered;
        if (id < c.length || id >= MAX_FLAGS) {
            return c;
        }
        int n = c.length;
        while (n <= id) {
            n <<= 1;
        }
        try {
            boolean[] g = new boolean[n];
            System.arraycopy(c, 0, g, 0, c.length);
            covered = g;
            return g;
        } catch (OutOfMemoryError e) {
            return c;
        }
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
