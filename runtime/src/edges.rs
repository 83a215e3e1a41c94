//! Edge map: AFL-style byte counters indexed by a hash of (previous probe, probe) of the same
//! thread, for the fuzzer's map feedback. Its size is fixed at construction (a power of two);
//! the fuzzer sizes it to the probes in use. Counters saturate at 255 instead of wrapping, so a
//! hot edge never looks unvisited. Updates are relaxed load+store, not atomic read-modify-write:
//! rings of different threads draining into the same byte at the same instant may lose an
//! increment, which is acceptable for a feedback heuristic and keeps draining cheap. Exact
//! counts live in [`crate::HitCounts`].

use std::sync::atomic::{AtomicU8, Ordering};

/// "No previous probe": the first event of a thread (or after a reset) forms an entry edge.
pub const NO_PREV: u32 = u32::MAX;

pub const MIN_SIZE: usize = 64;
pub const MAX_SIZE: usize = 1 << 28;

pub struct EdgeMap {
    cells: Box<[AtomicU8]>,
    /// 64 - log2(len): the index is the top bits of a multiplicative hash.
    shift: u32,
}

impl std::fmt::Debug for EdgeMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EdgeMap").field("len", &self.len()).finish()
    }
}

impl EdgeMap {
    /// A map of `size` bytes, rounded up to a power of two within [MIN_SIZE, MAX_SIZE].
    pub fn new(size: usize) -> Self {
        let len = size.clamp(MIN_SIZE, MAX_SIZE).next_power_of_two();
        let cells = (0..len).map(|_| AtomicU8::new(0)).collect();
        Self {
            cells,
            shift: 64 - len.trailing_zeros(),
        }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// Directional: (a, b) and (b, a) land in different cells (unless they collide).
    #[inline]
    pub fn index(&self, prev: u32, cur: u32) -> usize {
        let key = (u64::from(prev) << 32) | u64::from(cur);
        // Fibonacci hashing: the high bits of the product depend on every bit of the key,
        // which matters because probe ids are small consecutive integers.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Adds `n` to cell `idx`, saturating at 255.
    #[inline]
    pub fn bump(&self, idx: usize, n: u32) {
        if let Some(cell) = self.cells.get(idx) {
            let v = cell.load(Ordering::Relaxed);
            if v != u8::MAX {
                let nv = u32::from(v).saturating_add(n).min(u32::from(u8::MAX)) as u8;
                cell.store(nv, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    pub fn record(&self, prev: u32, cur: u32) {
        self.bump(self.index(prev, cur), 1);
    }

    pub fn get(&self, idx: usize) -> u8 {
        self.cells.get(idx).map_or(0, |c| c.load(Ordering::Relaxed))
    }

    /// Copies the map into `out` (up to the shorter length).
    pub fn copy_to(&self, out: &mut [u8]) {
        for (o, c) in out.iter_mut().zip(self.cells.iter()) {
            *o = c.load(Ordering::Relaxed);
        }
    }

    pub fn snapshot(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect()
    }

    /// Number of non-zero cells.
    pub fn count_nonzero(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| c.load(Ordering::Relaxed) != 0)
            .count()
    }

    pub fn reset(&self) {
        for c in self.cells.iter() {
            c.store(0, Ordering::Relaxed);
        }
    }

    /// The map's bytes, for observers that read it in place (e.g. a LibAFL map observer).
    /// Valid as long as `self`; concurrent drains may change bytes under the reader.
    pub fn as_ptr(&self) -> *const u8 {
        self.cells.as_ptr() as *const u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_in_range() {
        assert_eq!(EdgeMap::new(0).len(), MIN_SIZE);
        assert_eq!(EdgeMap::new(1000).len(), 1024);
        assert_eq!(EdgeMap::new(65536).len(), 65536);
    }

    #[test]
    fn index_is_directional_and_in_range() {
        let m = EdgeMap::new(1 << 16);
        assert_ne!(m.index(1, 2), m.index(2, 1));
        assert_ne!(m.index(NO_PREV, 0), m.index(0, 0));
        // Consecutive ids spread over the map instead of clustering.
        let mut seen = std::collections::HashSet::new();
        for i in 0..1000u32 {
            let idx = m.index(i, i + 1);
            assert!(idx < m.len());
            seen.insert(idx);
        }
        assert!(seen.len() > 990, "only {} distinct cells", seen.len());
    }

    #[test]
    fn counters_saturate() {
        let m = EdgeMap::new(64);
        let i = m.index(3, 4);
        m.bump(i, 200);
        m.bump(i, 100);
        assert_eq!(m.get(i), 255);
        m.record(3, 4);
        assert_eq!(m.get(i), 255);
        assert_eq!(m.count_nonzero(), 1);
        m.reset();
        assert_eq!(m.get(i), 0);
    }
}
