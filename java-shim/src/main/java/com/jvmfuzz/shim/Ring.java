/*
 * Producer side of one thread's SPSC event ring. The memory is owned by the jvmfuzz runtime
 * (runtime/src/ring.rs defines the layout and the protocol; the offsets below must match it):
 *
 *   4    ring id   u32, set by the runtime, read once here
 *   8    capacity  u32, events, a power of two
 *   128  tail      u32, written only by the consumer (release store), read here on "full"
 *   256  events    capacity x u32 slots; EMPTY (-1) = free
 *
 * Slots self-publish: one plain aligned int store per event, no fence. The head counter lives
 * only in this object; the ring is full when head reaches tail + capacity (wrapping ints).
 */
package com.jvmfuzz.shim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

final class Ring {
    static final int ID = 4;
    static final int CAPACITY = 8;
    static final int TAIL = 128;
    static final int EVENTS = 256;

    /* Public API for access to native memory; sun.misc.Unsafe warns on JDK 24+. */
    private static final VarHandle INT =
            MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /* Shared by threads that must not record (attaching, or no ring could be had): busy forever,
     * owned by nobody. */
    static final Ring DISABLED = new Ring();

    /* The producing thread. Probes.hit compares it with Thread.currentThread() (an intrinsic)
     * to take the fast path without a ThreadLocal lookup. */
    final Thread owner;
    private final ByteBuffer buf;
    final int id;
    private final int capacity;
    /* Byte offset mask of the event array: slot offset = (counter << 2) & byteMask. */
    private final int byteMask;
    private int head;
    private int limit;
    /* Re-entrancy guard: set while this thread is inside the probe. Code the probe itself runs
     * (VarHandle linkage and checks, in java.util/java.nio if the user instruments JDK
     * packages) may fire probes; those are dropped instead of recursing. */
    private boolean busy;

    private Ring() {
        owner = null;
        buf = null;
        id = -1;
        capacity = 0;
        byteMask = 0;
        busy = true;
    }

    Ring(ByteBuffer buf) {
        this.owner = Thread.currentThread();
        this.buf = buf;
        this.id = (int) INT.get(buf, ID);
        this.capacity = (int) INT.get(buf, CAPACITY);
        this.byteMask = (capacity << 2) - 1;
        // A recycled ring was drained before it was handed out: every slot from tail is free.
        this.head = (int) INT.getAcquire(buf, TAIL);
        this.limit = head + capacity;
    }

    void put(int id) {
        if (busy) {
            return;
        }
        busy = true;
        try {
            store(id);
        } finally {
            // finally, not a plain store: a StackOverflowError thrown inside the probe (deep
            // recursion in fuzzed code) must not leave this thread's probes off for good.
            busy = false;
        }
    }

    private boolean store(int id) {
        int h = head;
        if (h == limit && !refill()) {
            return false;
        }
        INT.set(buf, EVENTS + ((h << 2) & byteMask), id);
        head = h + 1;
        return true;
    }

    /* The cached limit was reached: re-read tail, drain if really full. False = drop event. */
    private boolean refill() {
        try {
            int t = (int) INT.getAcquire(buf, TAIL);
            if (t + capacity == head) {
                Probes.drain(id);
                t = (int) INT.getAcquire(buf, TAIL);
            }
            limit = t + capacity;
            return limit != head;
        } catch (Throwable e) {
            // Never let a probe throw into the application.
            return false;
        }
    }
}
