//! The fuzzer's coverage map: one byte per probe id, Jazzer-style, instead of a fixed 64 KiB
//! hashed edge map.
//!
//! Why: in fuzz mode the rewriter plants a probe on method entry and on every arm of every
//! branch and switch (`flow_probes: false`), so a probe id already *is* a control-flow edge;
//! indexing by id has no collisions, and the map is exactly as long as the probes in use
//! (LibAFL's `VariableMapObserver` sees `len = probes reserved so far`, growing as classes
//! load; `MaxMapFeedback` grows its history to match). Reset and novelty search cost
//! O(probes in use), which is what made small maps ~5x faster in the LibAFL measurements.
//!
//! The buffer is reserved once at its maximum size (zero pages cost nothing until touched) so
//! the observer's pointer never moves. Events reach it through the runtime's sink override:
//! every drain of a thread ring (ring full, end of execution, thread end) bumps `map[id]`,
//! saturating at 255. Ids beyond the capacity are dropped and counted.
//!
//! The second map, [`ValueMap`], is the value profile (libFuzzer's `-use_value_profile`, LibAFL's
//! `cmp_map`): one byte per comparison site the fuzz-mode rewriter logs (cmplog.rs hands out
//! the cells), which the shim's `Cmp` raises to 1 + the number of equal bits of the operands.
//! A second `MaxMapFeedback` over it makes an input interesting when it brings some comparison
//! closer to equality than any input before. It grows the same way: its observer's length is
//! the cells reserved so far.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};

use jvmfuzz_runtime::EventSink;
use once_cell::sync::Lazy;

/// Probe ids the map can hold (16 MiB of address space, touched only as far as used).
pub const CAPACITY: usize = 1 << 24;

pub struct CoverageMap {
    cells: Box<[AtomicU8]>,
    /// The observer's current length: probes reserved so far (clamped to CAPACITY).
    len: AtomicUsize,
    dropped: AtomicU64,
}

static MAP: Lazy<CoverageMap> = Lazy::new(|| {
    // A zeroed allocation of this size comes from mmap: no page is touched until written.
    let cells: Vec<AtomicU8> = {
        let v: Vec<u8> = vec![0u8; CAPACITY];
        let mut v = std::mem::ManuallyDrop::new(v);
        let (ptr, len, cap) = (v.as_mut_ptr(), v.len(), v.capacity());
        // SAFETY: AtomicU8 has the same size, alignment and bit validity as u8.
        unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU8>(), len, cap) }
    };
    CoverageMap { cells: cells.into_boxed_slice(), len: AtomicUsize::new(0), dropped: AtomicU64::new(0) }
});

/// The process-wide map.
pub fn map() -> &'static CoverageMap {
    &MAP
}

impl CoverageMap {
    /// Pointer for the observer; valid for the life of the process.
    pub fn as_mut_ptr(&self) -> *mut u8 {
        self.cells.as_ptr() as *mut u8
    }

    /// Pointer to the observer's length word.
    pub fn len_ptr(&self) -> *mut usize {
        self.len.as_ptr()
    }

    /// Makes the map as long as the probes reserved so far. Called after every execution
    /// (classes loaded during it added probes).
    pub fn sync_len(&self) {
        let n = usize::try_from(jvmfuzz_runtime::probe_count()).unwrap_or(CAPACITY).min(CAPACITY);
        self.len.store(n.max(1), Ordering::Relaxed);
    }

    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Cells that are non-zero (for `cmin` and tests).
    pub fn covered(&self) -> Vec<usize> {
        self.cells[..self.len()].iter().enumerate().filter(|(_, c)| c.load(Ordering::Relaxed) != 0).map(|(i, _)| i).collect()
    }

    pub fn reset(&self) {
        for c in &self.cells[..self.len()] {
            c.store(0, Ordering::Relaxed);
        }
    }

    /// Events whose probe id was beyond the map's capacity.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

/// Folds drained probe events into the map.
pub struct MapSink;

impl EventSink for MapSink {
    fn consume(&self, events: &[u32], prev: &mut u32) {
        let map = map();
        let mut dropped = 0u64;
        for &id in events {
            match map.cells.get(id as usize) {
                Some(c) => {
                    // Load + store, not fetch_add: rings of different threads draining into the
                    // same cell at once may lose a count, which a feedback heuristic tolerates.
                    let v = c.load(Ordering::Relaxed);
                    if v != u8::MAX {
                        c.store(v + 1, Ordering::Relaxed);
                    }
                }
                None => dropped += 1,
            }
        }
        if let Some(&last) = events.last() {
            *prev = last;
        }
        if dropped > 0 {
            map.dropped.fetch_add(dropped, Ordering::Relaxed);
        }
    }
}

static SINK: MapSink = MapSink;

/// Routes every ring drain of the runtime into the map. Call before the JVM runs any probe.
pub fn install() -> Result<(), jvmfuzz_runtime::RuntimeError> {
    Lazy::force(&MAP);
    jvmfuzz_runtime::global::set_sink_override(&SINK)
}

/// Drains every thread's ring into the map and updates the maps' lengths: the end of an
/// execution.
pub fn collect() {
    jvmfuzz_runtime::drain_all();
    map().sync_len();
    value_map().sync_len();
}

/// Comparison sites the value-profile map can hold (1 MiB, touched only as far as used).
pub const VALUE_CAPACITY: usize = 1 << 20;

/// The value-profile map: one cell per logged comparison (per case of a switch), written by
/// the shim's `Cmp` through a direct ByteBuffer over [`ValueMap::as_mut_ptr`].
pub struct ValueMap {
    cells: Box<[AtomicU8]>,
    /// Cells handed out to comparison sites.
    reserved: AtomicUsize,
    /// The observer's current length (`reserved` as of the end of the last execution).
    len: AtomicUsize,
}

static VALUES: Lazy<ValueMap> = Lazy::new(|| ValueMap {
    cells: (0..VALUE_CAPACITY).map(|_| AtomicU8::new(0)).collect(),
    reserved: AtomicUsize::new(0),
    len: AtomicUsize::new(1),
});

/// The process-wide value-profile map.
pub fn value_map() -> &'static ValueMap {
    &VALUES
}

impl ValueMap {
    /// Pointer for the observer and the shim's ByteBuffer; valid for the life of the process.
    pub fn as_mut_ptr(&self) -> *mut u8 {
        self.cells.as_ptr() as *mut u8
    }

    /// Pointer to the observer's length word.
    pub fn len_ptr(&self) -> *mut usize {
        self.len.as_ptr()
    }

    /// Reserves `n` consecutive cells; `None` when the map is full (the site is not logged).
    pub fn reserve(&self, n: usize) -> Option<usize> {
        let mut cur = self.reserved.load(Ordering::Relaxed);
        loop {
            let end = cur.checked_add(n).filter(|&e| e <= VALUE_CAPACITY)?;
            match self.reserved.compare_exchange_weak(cur, end, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some(cur),
                Err(now) => cur = now,
            }
        }
    }

    /// Makes the observer see every cell reserved so far.
    pub fn sync_len(&self) {
        self.len.store(self.reserved.load(Ordering::Relaxed).max(1), Ordering::Relaxed);
    }
}
