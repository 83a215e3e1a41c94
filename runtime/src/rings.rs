//! The set of all event rings. Rings are created lazily, one per producing thread, and never
//! freed while the set lives: a ring whose owner died goes on a free list and is handed to the
//! next new thread. Two size classes: platform threads get large rings (few threads, long
//! lived, hot); virtual threads get small ones, because a JDK 21+ application may keep a
//! hundred thousand of them alive at once. Lookup by id (what the `drain` native does on the producer's slow path) is
//! lock-free: an append-only two-level table of pointers. Creation and recycling (once per
//! thread) take a mutex.

use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::ring::{normalize_capacity, Ring, RingKind};
use crate::sink::EventSink;
use crate::RuntimeError;

const CHUNK_BITS: u32 = 10;
const CHUNK_LEN: usize = 1 << CHUNK_BITS;
const DIR_LEN: usize = 1 << 12;
/// 4 Mi rings: far beyond any live thread count, even with virtual threads.
pub const MAX_RINGS: u32 = (DIR_LEN * CHUNK_LEN) as u32;

type Chunk = [AtomicPtr<Ring>; CHUNK_LEN];

pub struct RingSet {
    dir: Box<[AtomicPtr<Chunk>]>,
    /// Rings `< len` are present in the table. Published with Release after the pointer.
    len: AtomicU32,
    /// Capacity per kind.
    capacity: [u32; 2],
    /// Free lists per kind; the lock also serialises creation.
    free: Mutex<[Vec<u32>; 2]>,
}

impl std::fmt::Debug for RingSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RingSet").field("len", &self.len()).field("capacity", &self.capacity).finish()
    }
}

impl RingSet {
    /// Rings of `capacity` events for platform threads and `virtual_capacity` for virtual
    /// threads (both normalised to a power of two).
    pub fn new(capacity: u32, virtual_capacity: u32) -> Self {
        let dir = (0..DIR_LEN).map(|_| AtomicPtr::new(ptr::null_mut())).collect();
        Self {
            dir,
            len: AtomicU32::new(0),
            capacity: [normalize_capacity(capacity), normalize_capacity(virtual_capacity)],
            free: Mutex::new([Vec::new(), Vec::new()]),
        }
    }

    pub fn ring_capacity(&self, kind: RingKind) -> u32 {
        self.capacity[kind as usize]
    }

    /// Rings created so far (owned or free).
    pub fn len(&self) -> u32 {
        self.len.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock_free_list(&self) -> MutexGuard<'_, [Vec<u32>; 2]> {
        self.free.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, id: u32) -> Option<&Ring> {
        if id >= self.len() {
            return None;
        }
        let chunk = self.dir[(id >> CHUNK_BITS) as usize].load(Ordering::Acquire);
        if chunk.is_null() {
            return None;
        }
        // SAFETY: chunks and rings are never freed while self lives.
        let ring = unsafe { &*chunk }[id as usize & (CHUNK_LEN - 1)].load(Ordering::Acquire);
        // SAFETY: as above.
        (!ring.is_null()).then(|| unsafe { &*ring })
    }

    /// A ring for a new producer: a recycled one (already drained, tail == head) or a new one.
    pub fn acquire(&self, kind: RingKind) -> Result<&Ring, RuntimeError> {
        let mut free = self.lock_free_list();
        while let Some(id) = free[kind as usize].pop() {
            if let Some(ring) = self.get(id) {
                ring.set_owned(true);
                return Ok(ring);
            }
        }
        let id = self.len();
        if id >= MAX_RINGS {
            return Err(RuntimeError::TooManyRings { limit: MAX_RINGS });
        }
        let slot = &self.dir[(id >> CHUNK_BITS) as usize];
        let mut chunk = slot.load(Ordering::Acquire);
        if chunk.is_null() {
            let fresh: Box<Chunk> = Box::new(std::array::from_fn(|_| AtomicPtr::new(ptr::null_mut())));
            chunk = Box::into_raw(fresh);
            // Only creators write the directory and they hold the free-list lock.
            slot.store(chunk, Ordering::Release);
        }
        let ring = Box::into_raw(Box::new(Ring::new(id, self.capacity[kind as usize], kind)?));
        // SAFETY: chunk is live; ring was just leaked and is owned by the table from now on.
        unsafe {
            (&*chunk)[id as usize & (CHUNK_LEN - 1)].store(ring, Ordering::Release);
            (*ring).set_owned(true);
        }
        self.len.store(id + 1, Ordering::Release);
        drop(free);
        // SAFETY: lives as long as self.
        Ok(unsafe { &*ring })
    }

    /// The producer of ring `id` is gone: drain what it left into `sink` and put the ring on
    /// the free list. Idempotent (a second release of a free ring does nothing). False if `id`
    /// is unknown or was not owned.
    pub fn release(&self, id: u32, sink: &dyn EventSink) -> bool {
        let Some(ring) = self.get(id) else {
            return false;
        };
        // Drain before it can be handed out again: a new owner must start with tail == head.
        ring.drain_blocking(sink);
        let mut free = self.lock_free_list();
        if !ring.set_owned(false) {
            return false;
        }
        free[ring.kind() as usize].push(id);
        true
    }

    /// Drains every ring (busy ones are waited for). Returns the number of events consumed.
    pub fn drain_all(&self, sink: &dyn EventSink) -> u64 {
        let mut total = 0u64;
        for id in 0..self.len() {
            if let Some(ring) = self.get(id) {
                total += u64::from(ring.drain_blocking(sink));
            }
        }
        total
    }

    /// Number of rings currently owned by a producer.
    pub fn owned(&self) -> u32 {
        (0..self.len()).filter(|&id| self.get(id).is_some_and(|r| r.is_owned())).count() as u32
    }
}

impl Drop for RingSet {
    fn drop(&mut self) {
        for slot in self.dir.iter() {
            let chunk = slot.swap(ptr::null_mut(), Ordering::AcqRel);
            if chunk.is_null() {
                continue;
            }
            // SAFETY: created by Box::into_raw in acquire(); we have &mut self.
            let chunk = unsafe { Box::from_raw(chunk) };
            for r in chunk.iter() {
                let ring = r.swap(ptr::null_mut(), Ordering::AcqRel);
                if !ring.is_null() {
                    // SAFETY: as above.
                    drop(unsafe { Box::from_raw(ring) });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts::HitCounts;
    use crate::sink::Collector;
    use std::sync::atomic::AtomicU64;
    use std::sync::Arc;

    struct Fixture {
        counts: HitCounts,
        invalid: AtomicU64,
    }

    impl Fixture {
        fn new(ids: u64) -> Self {
            let counts = HitCounts::new();
            counts.grow(ids).unwrap();
            Self { counts, invalid: AtomicU64::new(0) }
        }
        fn sink(&self) -> Collector<'_> {
            Collector { counts: &self.counts, invalid: &self.invalid }
        }
    }

    /// Deterministic work: the probe sequence of "task" `t` (a small pseudo-random walk with
    /// loops, like branchy code would produce).
    fn task(t: u32, out: &mut impl FnMut(u32)) {
        let mut x = t.wrapping_mul(2_654_435_761) | 1;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let id = x % 500;
            for _ in 0..(x >> 29) {
                out(id);
            }
            out(500 + (id & 7));
        }
    }

    /// The acceptance test of the runtime: the same tasks run on 1 thread and on 8 threads
    /// (with rings smaller than the work, so producers drain their own rings while a separate
    /// thread keeps calling drain_all, and threads exit and recycle rings mid-run) give exactly
    /// the same per-probe counts.
    #[test]
    fn multi_threaded_counts_equal_single_threaded() {
        const TASKS: u32 = 64;
        let single = Fixture::new(508);
        let set1 = RingSet::new(256, 64);
        {
            let ring = set1.acquire(RingKind::Platform).unwrap();
            let sink = single.sink();
            // SAFETY: one producer.
            let mut p = unsafe { ring.producer() };
            for t in 0..TASKS {
                task(t, &mut |id| p.push(id, &sink));
            }
        }
        set1.drain_all(&single.sink());

        let multi = Arc::new(Fixture::new(508));
        let set = Arc::new(RingSet::new(256, 64));
        let next = Arc::new(AtomicU32::new(0));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let drainer = {
            let (multi, set, stop) = (Arc::clone(&multi), Arc::clone(&set), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Acquire) {
                    set.drain_all(&multi.sink());
                    std::thread::yield_now();
                }
            })
        };
        // Waves of short-lived threads: each takes tasks until none remain, then releases its
        // ring (as the shim's Cleaner does) so later waves recycle rings.
        for _wave in 0..4 {
            let workers: Vec<_> = (0..8)
                .map(|i| {
                    let (multi, set, next) = (Arc::clone(&multi), Arc::clone(&set), Arc::clone(&next));
                    // Half the producers use small (virtual-thread) rings: more drains.
                    let kind = if i % 2 == 0 { RingKind::Platform } else { RingKind::Virtual };
                    std::thread::spawn(move || {
                        let ring = set.acquire(kind).unwrap();
                        let sink = multi.sink();
                        // SAFETY: this thread is the ring's only producer until release.
                        let mut p = unsafe { ring.producer() };
                        for _ in 0..2 {
                            let t = next.fetch_add(1, Ordering::AcqRel);
                            if t >= TASKS {
                                break;
                            }
                            task(t, &mut |id| p.push(id, &sink));
                        }
                        let id = ring.id();
                        set.release(id, &sink);
                    })
                })
                .collect();
            for w in workers {
                w.join().unwrap();
            }
        }
        stop.store(true, Ordering::Release);
        drainer.join().unwrap();
        set.drain_all(&multi.sink());
        assert!(next.load(Ordering::Acquire) >= TASKS, "not all tasks ran");
        assert!(set.len() <= 9, "rings were not recycled: {}", set.len());

        let a = single.counts.snapshot(0, 508);
        let b = multi.counts.snapshot(0, 508);
        assert!(a.iter().sum::<u64>() > 100_000);
        assert_eq!(a, b);
        assert_eq!(multi.invalid.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn release_is_idempotent_and_recycles() {
        let f = Fixture::new(10);
        let set = RingSet::new(128, 64);
        let a = set.acquire(RingKind::Platform).unwrap().id();
        assert!(set.release(a, &f.sink()));
        assert!(!set.release(a, &f.sink()));
        assert!(!set.release(99, &f.sink()));
        // A free platform ring is not handed to a virtual thread, and vice versa.
        let v = set.acquire(RingKind::Virtual).unwrap();
        assert_ne!(v.id(), a);
        assert_eq!(v.capacity(), 64);
        let b = set.acquire(RingKind::Platform).unwrap();
        assert_eq!(a, b.id());
        assert_eq!(b.capacity(), 128);
        assert!(set.release(v.id(), &f.sink()));
        assert_eq!(set.acquire(RingKind::Virtual).unwrap().id(), v.id());
        assert_eq!(set.len(), 2);
        assert_eq!(set.owned(), 2);
        let c = set.acquire(RingKind::Platform).unwrap().id();
        assert_ne!(b.id(), c);
        assert!(set.get(c).is_some());
        assert!(set.get(5).is_none());
    }

    #[test]
    fn release_drains_the_dead_threads_events() {
        let f = Fixture::new(10);
        let set = RingSet::new(64, 64);
        let ring = set.acquire(RingKind::Platform).unwrap();
        // SAFETY: one producer.
        let mut p = unsafe { ring.producer() };
        p.push(3, &f.sink());
        p.push(3, &f.sink());
        assert!(set.release(ring.id(), &f.sink()));
        assert_eq!(f.counts.get(3), 2);
        assert_eq!(ring.pending(), 0);
    }
}
