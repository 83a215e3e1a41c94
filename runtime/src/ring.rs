//! One SPSC event ring in native memory. The producer is a Java thread (the shim's
//! `com.jvmfuzz.shim.Ring`, which mirrors this layout) or a Rust [`Producer`]; the consumer is
//! whoever drains it (the producer itself through the `drain` native when full, report time,
//! `drain_all`). Layout, offsets in bytes from the 128-aligned base:
//!
//! | offset | field    | written by                                  |
//! |--------|----------|---------------------------------------------|
//! | 0      | reserved | -                                           |
//! | 4      | id u32   | runtime, once, before handing out           |
//! | 8      | cap u32  | runtime, once                               |
//! | 128    | tail u32 | consumer only, release store                |
//! | 256    | events   | `cap` u32 slots: producer writes ids, consumer resets them to EMPTY |
//!
//! Slots self-publish: a slot is free while it holds [`EMPTY`] (`u32::MAX`, never a probe id).
//! The producer keeps its head privately (in the Java object) and does one plain 32-bit store
//! per event, with no release fence: measured, publishing a head with `setRelease` after every
//! event cost as much as the rest of the probe. The consumer scans from tail while slots are
//! non-EMPTY, consumes them, resets them to EMPTY, then publishes tail with a release store; the
//! producer reads tail with acquire before reusing a slot, so it always writes after the reset.
//! If a weakly ordered CPU shows slot k+1 before slot k, the scan stops at k and picks the rest
//! up on the next drain. tail is a free-running wrapping counter; slot of counter `c` is
//! `c & (cap - 1)`; the producer is full when its head reaches tail + cap.
//!
//! tail sits on its own cache line pair (offset 128) away from the header the producer reads.
//! Consumers are serialised by a per-ring try-lock ([`Ring::try_drain`]); the producer never
//! takes it.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::sink::EventSink;
use crate::RuntimeError;

/// A free slot. Never a probe id: ids are < `u32::MAX` (see registry::MAX_IDS).
pub const EMPTY: u32 = u32::MAX;

pub const ID: usize = 4;
pub const CAPACITY: usize = 8;
pub const TAIL: usize = 128;
pub const EVENTS: usize = 256;
pub const ALIGN: usize = 128;

pub const MIN_CAPACITY: u32 = 64;
pub const MAX_CAPACITY: u32 = 1 << 24;

/// What kind of thread a ring is for (selects the size class).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RingKind {
    Platform = 0,
    Virtual = 1,
}

pub struct Ring {
    base: NonNull<u8>,
    layout: Layout,
    capacity: u32,
    id: u32,
    kind: RingKind,
    draining: AtomicBool,
    /// Handed to a producer (vs. on the free list).
    owned: AtomicBool,
}

// SAFETY: the native memory is only accessed through atomics (head, tail) or under the SPSC
// protocol (events), and the rest of the struct is atomics.
unsafe impl Send for Ring {}
unsafe impl Sync for Ring {}

impl std::fmt::Debug for Ring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ring")
            .field("id", &self.id)
            .field("capacity", &self.capacity)
            .field("pending", &self.pending())
            .finish()
    }
}

/// Rounds a requested capacity to a power of two within [MIN_CAPACITY, MAX_CAPACITY].
pub fn normalize_capacity(requested: u32) -> u32 {
    requested.clamp(MIN_CAPACITY, MAX_CAPACITY).next_power_of_two()
}

impl Ring {
    /// Allocates a zeroed ring. `capacity` is normalised with [`normalize_capacity`].
    pub fn new(id: u32, capacity: u32, kind: RingKind) -> Result<Ring, RuntimeError> {
        let capacity = normalize_capacity(capacity);
        let bytes = EVENTS + capacity as usize * 4;
        let layout = Layout::from_size_align(bytes, ALIGN)
            .map_err(|_| RuntimeError::OutOfMemory { what: "event ring", bytes })?;
        // SAFETY: non-zero size.
        let base = NonNull::new(unsafe { alloc_zeroed(layout) })
            .ok_or(RuntimeError::OutOfMemory { what: "event ring", bytes })?;
        let ring =
            Ring { base, layout, capacity, id, kind, draining: AtomicBool::new(false), owned: AtomicBool::new(false) };
        ring.word(ID).store(id, Ordering::Relaxed);
        ring.word(CAPACITY).store(capacity, Ordering::Relaxed);
        // SAFETY: the event array is inside the allocation; nobody else sees the ring yet.
        unsafe { std::ptr::write_bytes(ring.slot(0) as *mut u8, 0xFF, capacity as usize * 4) };
        Ok(ring)
    }

    #[inline]
    fn word(&self, offset: usize) -> &AtomicU32 {
        // SAFETY: offset is one of the aligned header fields inside the allocation; the memory
        // lives as long as self.
        unsafe { &*(self.base.as_ptr().add(offset) as *const AtomicU32) }
    }

    #[inline]
    fn slot(&self, counter: u32) -> *mut u32 {
        let i = (counter & (self.capacity - 1)) as usize;
        // SAFETY: i < capacity, inside the allocation.
        unsafe { (self.base.as_ptr().add(EVENTS) as *mut u32).add(i) }
    }

    #[inline]
    fn slot_atomic(&self, counter: u32) -> &AtomicU32 {
        // SAFETY: aligned u32 inside the allocation, alive as long as self.
        unsafe { &*(self.slot(counter) as *const AtomicU32) }
    }

    /// Number of published slots from `tail` on (stops at the first EMPTY).
    fn scan(&self, tail: u32) -> u32 {
        let mut n = 0;
        while n < self.capacity && self.slot_atomic(tail.wrapping_add(n)).load(Ordering::Relaxed) != EMPTY {
            n += 1;
        }
        n
    }

    pub fn id(&self) -> u32 {
        self.id
    }

    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    pub fn kind(&self) -> RingKind {
        self.kind
    }

    /// Start of the native memory (for NewDirectByteBuffer).
    pub fn base_ptr(&self) -> *mut u8 {
        self.base.as_ptr()
    }

    pub fn byte_len(&self) -> usize {
        self.layout.size()
    }

    /// Events published but not yet drained (a snapshot).
    pub fn pending(&self) -> u32 {
        self.scan(self.word(TAIL).load(Ordering::Acquire))
    }

    pub(crate) fn set_owned(&self, owned: bool) -> bool {
        self.owned.swap(owned, Ordering::AcqRel)
    }

    pub fn is_owned(&self) -> bool {
        self.owned.load(Ordering::Acquire)
    }

    /// Drains every published event into `sink` unless another consumer holds this ring's lock.
    /// Returns the number of events consumed, or None if the ring was busy.
    pub fn try_drain(&self, sink: &dyn EventSink) -> Option<u32> {
        if self.draining.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return None;
        }
        struct Unlock<'a>(&'a AtomicBool);
        impl Drop for Unlock<'_> {
            fn drop(&mut self) {
                self.0.store(false, Ordering::Release);
            }
        }
        let _unlock = Unlock(&self.draining);

        let tail = self.word(TAIL).load(Ordering::Relaxed);
        let n = self.scan(tail);
        let first = (tail & (self.capacity - 1)) as usize;
        let until_wrap = (self.capacity as usize - first).min(n as usize);
        let rest = n as usize - until_wrap;
        // SAFETY: the n slots from tail hold published events; the producer does not write
        // them again until tail passes them, which happens only below.
        unsafe {
            sink.consume(std::slice::from_raw_parts(self.slot(tail), until_wrap));
            if rest > 0 {
                sink.consume(std::slice::from_raw_parts(self.slot(0), rest));
            }
            std::ptr::write_bytes(self.slot(tail) as *mut u8, 0xFF, until_wrap * 4);
            std::ptr::write_bytes(self.slot(0) as *mut u8, 0xFF, rest * 4);
        }
        // Release: the producer's acquire load of tail then sees the slots reset to EMPTY.
        self.word(TAIL).store(tail.wrapping_add(n), Ordering::Release);
        Some(n)
    }

    /// Drains, waiting for a concurrent consumer to finish first. Used by a producer whose ring
    /// is full: returning means there is free space (unless the producer raced ahead again).
    pub fn drain_blocking(&self, sink: &dyn EventSink) -> u32 {
        let mut spins = 0u32;
        loop {
            if let Some(n) = self.try_drain(sink) {
                return n;
            }
            // The other consumer drained (or is draining) this ring; waiting for it is enough.
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// A Rust-side producer for this ring.
    ///
    /// # Safety
    /// At most one producer (Rust or Java) may write a ring at a time.
    pub unsafe fn producer(&self) -> Producer<'_> {
        // A recycled ring was drained before being handed out: everything from tail is EMPTY.
        let tail = self.word(TAIL).load(Ordering::Acquire);
        Producer { ring: self, head: tail, limit: tail.wrapping_add(self.capacity) }
    }
}

impl Drop for Ring {
    fn drop(&mut self) {
        // SAFETY: allocated in new() with this layout.
        unsafe { dealloc(self.base.as_ptr(), self.layout) };
    }
}

/// Producer side in Rust, the same algorithm as the Java shim's `Ring.put` (used by tests and by
/// Rust code that wants to emit events).
pub struct Producer<'a> {
    ring: &'a Ring,
    head: u32,
    limit: u32,
}

impl Producer<'_> {
    /// Appends `id`; when the ring is full, drains it into `sink` first (as the shim's `drain`
    /// native does).
    #[inline]
    pub fn push(&mut self, id: u32, sink: &dyn EventSink) {
        let h = self.head;
        if h == self.limit {
            self.refill(sink);
        }
        // Slot h is free (h - tail < capacity): a single 32-bit store publishes the event.
        self.ring.slot_atomic(h).store(id, Ordering::Relaxed);
        self.head = h.wrapping_add(1);
    }

    #[cold]
    fn refill(&mut self, sink: &dyn EventSink) {
        let mut tail = self.ring.word(TAIL).load(Ordering::Acquire);
        if tail.wrapping_add(self.ring.capacity) == self.head {
            self.ring.drain_blocking(sink);
            tail = self.ring.word(TAIL).load(Ordering::Acquire);
        }
        self.limit = tail.wrapping_add(self.ring.capacity);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts::HitCounts;
    use crate::sink::Collector;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn header_layout_matches_the_java_shim() {
        let r = Ring::new(7, 100, RingKind::Platform).unwrap();
        assert_eq!(r.capacity(), 128);
        assert_eq!(r.base_ptr() as usize % ALIGN, 0);
        assert_eq!(r.byte_len(), EVENTS + 128 * 4);
        // SAFETY: reading the header the runtime just wrote.
        unsafe {
            let p = r.base_ptr();
            assert_eq!((p.add(ID) as *const u32).read(), 7);
            assert_eq!((p.add(CAPACITY) as *const u32).read(), 128);
            assert_eq!((p.add(TAIL) as *const u32).read(), 0);
            assert_eq!((p.add(EVENTS) as *const u32).read(), EMPTY);
            assert_eq!((p.add(EVENTS + 127 * 4) as *const u32).read(), EMPTY);
        }
    }

    #[test]
    fn wraps_and_drains_in_order() {
        let counts = HitCounts::new();
        counts.grow(1000).unwrap();
        let invalid = AtomicU64::new(0);
        let sink = Collector { counts: &counts, invalid: &invalid };
        let r = Ring::new(0, 64, RingKind::Platform).unwrap();
        // SAFETY: single producer.
        let mut p = unsafe { r.producer() };
        for i in 0..1000u32 {
            p.push(i, &sink);
        }
        // Full rings were drained on the 65th, 129th, ... push: 15 * 64 = 960 events.
        assert_eq!(r.try_drain(&sink), Some(40));
        assert!((0..1000).all(|i| counts.get(i) == 1));
        assert_eq!(r.pending(), 0);
    }

    #[test]
    fn a_hole_stops_the_scan_until_filled() {
        let counts = HitCounts::new();
        counts.grow(10).unwrap();
        let invalid = AtomicU64::new(0);
        let sink = Collector { counts: &counts, invalid: &invalid };
        let r = Ring::new(0, 64, RingKind::Platform).unwrap();
        // Slot 1 visible before slot 0, as a weakly ordered CPU may show it.
        r.slot_atomic(1).store(5, Ordering::Relaxed);
        assert_eq!(r.try_drain(&sink), Some(0));
        r.slot_atomic(0).store(4, Ordering::Relaxed);
        assert_eq!(r.pending(), 2);
        assert_eq!(r.try_drain(&sink), Some(2));
        assert_eq!((counts.get(4), counts.get(5)), (1, 1));
        assert_eq!(r.slot_atomic(0).load(Ordering::Relaxed), EMPTY, "consumed slots are reset");
        assert_eq!(r.word(TAIL).load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_busy_ring_is_not_drained_twice() {
        let counts = HitCounts::new();
        let invalid = AtomicU64::new(0);
        let sink = Collector { counts: &counts, invalid: &invalid };
        let r = Ring::new(0, 64, RingKind::Platform).unwrap();
        r.draining.store(true, Ordering::Relaxed);
        assert_eq!(r.try_drain(&sink), None);
        r.draining.store(false, Ordering::Relaxed);
        assert_eq!(r.try_drain(&sink), Some(0));
    }
}
