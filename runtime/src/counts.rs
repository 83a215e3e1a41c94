//! Per-probe hit counts: one `AtomicU64` per id in 64 Ki-entry chunks. The chunk directory
//! covers the whole u32 id space and is allocated once, so a chunk never moves: readers (report,
//! fuzzer) and drainers on other threads index it without a lock while classes keep loading.
//! Chunks are allocated when ids are reserved, never on the drain path; an id at or past the
//! reserved limit is rejected (bogus ids from a direct `Probes.hit` call cannot allocate).

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

use crate::RuntimeError;

pub const CHUNK_BITS: u32 = 16;
pub const CHUNK_LEN: usize = 1 << CHUNK_BITS;
const DIR_LEN: usize = 1 << (32 - CHUNK_BITS);

pub struct HitCounts {
    dir: Box<[AtomicPtr<AtomicU64>]>,
    /// Ids `< limit` have their chunk allocated. Published with Release after the chunks.
    limit: AtomicU64,
}

impl Default for HitCounts {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for HitCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HitCounts").field("limit", &self.limit()).finish()
    }
}

fn chunk_layout() -> Layout {
    // CHUNK_LEN * 8 bytes, 8-aligned: cannot fail.
    Layout::array::<AtomicU64>(CHUNK_LEN).unwrap_or_else(|_| Layout::new::<AtomicU64>())
}

impl HitCounts {
    pub fn new() -> Self {
        let dir = (0..DIR_LEN).map(|_| AtomicPtr::new(ptr::null_mut())).collect();
        Self { dir, limit: AtomicU64::new(0) }
    }

    /// Ids `< limit()` can be counted.
    pub fn limit(&self) -> u64 {
        self.limit.load(Ordering::Acquire)
    }

    /// Makes ids `< end` countable (allocates their chunks). Safe to call concurrently.
    pub fn grow(&self, end: u64) -> Result<(), RuntimeError> {
        let end = end.min(1 << 32);
        if end <= self.limit() {
            return Ok(());
        }
        let last_chunk = ((end - 1) >> CHUNK_BITS) as usize;
        for slot in &self.dir[..=last_chunk] {
            if !slot.load(Ordering::Acquire).is_null() {
                continue;
            }
            let layout = chunk_layout();
            // SAFETY: layout has non-zero size. Zeroed memory is a valid [AtomicU64].
            let fresh = unsafe { alloc_zeroed(layout) } as *mut AtomicU64;
            if fresh.is_null() {
                return Err(RuntimeError::OutOfMemory { what: "hit count chunk", bytes: layout.size() });
            }
            if slot.compare_exchange(ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire).is_err() {
                // Another thread installed this chunk first.
                // SAFETY: `fresh` came from alloc_zeroed with this layout and was never shared.
                unsafe { dealloc(fresh as *mut u8, layout) };
            }
        }
        self.limit.fetch_max(end, Ordering::AcqRel);
        Ok(())
    }

    #[inline]
    fn cell(&self, id: u32) -> Option<&AtomicU64> {
        if u64::from(id) >= self.limit.load(Ordering::Acquire) {
            return None;
        }
        let chunk = self.dir[(id >> CHUNK_BITS) as usize].load(Ordering::Acquire);
        if chunk.is_null() {
            return None;
        }
        // SAFETY: a non-null chunk holds CHUNK_LEN counters and lives as long as `self`.
        Some(unsafe { &*chunk.add(id as usize & (CHUNK_LEN - 1)) })
    }

    /// Adds `n` hits to `id`. False if `id` was never reserved.
    #[inline]
    pub fn add(&self, id: u32, n: u64) -> bool {
        match self.cell(id) {
            Some(c) => {
                // Atomic: rings of different threads are drained concurrently into the same
                // counters and the counts must be exact.
                c.fetch_add(n, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    pub fn get(&self, id: u32) -> u64 {
        self.cell(id).map_or(0, |c| c.load(Ordering::Relaxed))
    }

    /// Counts of ids `first .. first + len` (0 for ids never reserved).
    pub fn snapshot(&self, first: u32, len: u32) -> Vec<u64> {
        (0..len).map(|i| first.checked_add(i).map_or(0, |id| self.get(id))).collect()
    }

    /// Calls `f(id, count)` for every id with a non-zero count, in id order.
    pub fn for_each_nonzero(&self, mut f: impl FnMut(u32, u64)) {
        let limit = self.limit();
        for (c, slot) in self.dir.iter().enumerate() {
            let base = (c as u64) << CHUNK_BITS;
            if base >= limit {
                break;
            }
            let chunk = slot.load(Ordering::Acquire);
            if chunk.is_null() {
                continue;
            }
            let n = (limit - base).min(CHUNK_LEN as u64) as usize;
            for i in 0..n {
                // SAFETY: i < CHUNK_LEN, chunk is live.
                let v = unsafe { &*chunk.add(i) }.load(Ordering::Relaxed);
                if v != 0 {
                    f((base + i as u64) as u32, v);
                }
            }
        }
    }

    /// Zeroes every counter (not atomic as a whole: hits drained meanwhile may survive).
    pub fn reset(&self) {
        let limit = self.limit();
        for (c, slot) in self.dir.iter().enumerate() {
            if ((c as u64) << CHUNK_BITS) >= limit {
                break;
            }
            let chunk = slot.load(Ordering::Acquire);
            if !chunk.is_null() {
                for i in 0..CHUNK_LEN {
                    // SAFETY: as above.
                    unsafe { &*chunk.add(i) }.store(0, Ordering::Relaxed);
                }
            }
        }
    }
}

impl Drop for HitCounts {
    fn drop(&mut self) {
        for slot in self.dir.iter() {
            let chunk = slot.swap(ptr::null_mut(), Ordering::AcqRel);
            if !chunk.is_null() {
                // SAFETY: allocated in grow() with chunk_layout(); we have &mut self.
                unsafe { dealloc(chunk as *mut u8, chunk_layout()) };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_reserved_ids() {
        let c = HitCounts::new();
        assert!(!c.add(0, 1));
        c.grow(10).unwrap();
        assert!(c.add(9, 2));
        assert!(!c.add(10, 1));
        assert_eq!(c.get(9), 2);
        assert_eq!(c.get(10), 0);
    }

    #[test]
    fn chunks_across_the_boundary_and_high_ids() {
        let c = HitCounts::new();
        c.grow(CHUNK_LEN as u64 + 5).unwrap();
        assert!(c.add(CHUNK_LEN as u32 - 1, 1));
        assert!(c.add(CHUNK_LEN as u32 + 4, 3));
        let mut seen = Vec::new();
        c.for_each_nonzero(|id, n| seen.push((id, n)));
        assert_eq!(seen, [(CHUNK_LEN as u32 - 1, 1), (CHUNK_LEN as u32 + 4, 3)]);
        c.reset();
        assert_eq!(c.get(CHUNK_LEN as u32 + 4), 0);
        assert_eq!(c.snapshot(CHUNK_LEN as u32 + 3, 2), [0, 0]);
    }

    #[test]
    fn concurrent_grow_and_add_are_exact() {
        let c = std::sync::Arc::new(HitCounts::new());
        let hs: Vec<_> = (0..4)
            .map(|t| {
                let c = std::sync::Arc::clone(&c);
                std::thread::spawn(move || {
                    c.grow(200_000 + t).unwrap();
                    for i in 0..100_000u32 {
                        assert!(c.add(i * 2, 1));
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(c.get(0), 4);
        assert_eq!(c.get(199_998), 4);
        assert_eq!(c.get(1), 0);
    }
}
