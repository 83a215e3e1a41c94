//! The fuzzer's coverage map: one byte per probe that has fired, instead of a fixed 64 KiB
//! hashed edge map.
//!
//! Why: in fuzz mode the rewriter plants a probe on method entry and on every arm of every
//! branch and switch (`flow_probes: false`), so a probe already *is* a control-flow edge, and
//! a cell per probe has no collisions. A probe gets its cell the first time it fires (an id ->
//! cell table), so LibAFL's `VariableMapObserver` sees `len = probes fired so far`, not every
//! probe of every loaded class. LibAFL's per-execution work (hit-count classification, novelty
//! search, the path hash of the power schedule) walks the whole map, so its cost follows the
//! map's length, and on real targets far fewer probes fire than are instrumented (measurements:
//! fuzzer/README.md, "Map choice"). A cell is never given back, so indices are stable for the
//! life of the process. A client that LibAFL restarts (timeout, native crash) restores a
//! novelty history indexed by these cells, so the table travels with the state as
//! [`CellTable`] (class name, probe index in the class, cell):
//! the new process gives each probe its old cell when its class loads, and new probes cells
//! after the old ones. (Probe ids follow class-load order, which differs between processes.)
//! The value-profile map's cells do not travel yet: after a restart its history is only
//! approximately right. Users still see covered/instrumented (the "probes" stat and the final
//! line); LibAFL's own "edges" stat reads covered/fired.
//!
//! The buffers are reserved once at their maximum size (zero pages cost nothing until touched)
//! so the observer's pointer never moves. Events reach the map through the runtime's sink
//! override: every drain of a thread ring (ring full, end of execution, thread end) bumps the
//! probe's cell, saturating at 255. Ids or cells beyond the capacity are dropped and counted.
//!
//! The second map, [`ValueMap`], is the value profile (libFuzzer's `-use_value_profile`, LibAFL's
//! `cmp_map`): one byte per comparison site the fuzz-mode rewriter logs (cmp_values.rs hands out
//! the site ids), which the shim's `Cmp` raises to 1 + the number of equal bits of the operands.
//! A second `MaxMapFeedback` over it makes an input interesting when it brings some comparison
//! closer to equality than any input before. Like the probe map it holds only what has been
//! reached: `Cmp` gives a site the next cell on its first comparison, through a site -> cell
//! table in native memory that it owns the writing of (one int of header: cells handed out).

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};

use std::collections::HashMap;
use std::sync::Mutex;

use jvmfuzz_runtime::{EventSink, MethodRecord};
use once_cell::sync::Lazy;
use serde::{Deserialize, Serialize};

/// Probe ids the map can hold (16 MiB of address space, touched only as far as used).
pub const CAPACITY: usize = 1 << 24;

pub struct CoverageMap {
    cells: Box<[AtomicU8]>,
    /// Probe id -> 1 + its cell, 0 until the probe first fires.
    index: Box<[AtomicU32]>,
    /// Cells handed out so far.
    assigned: AtomicUsize,
    /// The observer's current length: cells handed out as of the last execution's end.
    len: AtomicUsize,
    dropped: AtomicU64,
    /// Cells of a previous life not yet given back to their probes, by class name.
    pending: Mutex<HashMap<String, Vec<(u32, u32)>>>,
}

/// The probe -> cell table as it survives a restart: (class name, probe index in the class,
/// cell). State metadata.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellTable {
    pub entries: Vec<(String, u32, u32)>,
}
libafl_bolts::impl_serdeany!(CellTable);

static MAP: Lazy<CoverageMap> = Lazy::new(|| CoverageMap::with_capacity(CAPACITY));

/// Atomics whose all-zero bit pattern is a valid zero, allocated as plain zeroed integers: a
/// buffer this size comes from mmap, so no page is touched until written.
trait Zeroable: Sized {
    fn zeroed_slice(n: usize) -> Box<[Self]>;
}

macro_rules! zeroable {
    ($atomic:ty, $int:ty) => {
        impl Zeroable for $atomic {
            fn zeroed_slice(n: usize) -> Box<[Self]> {
                let v: Vec<$int> = vec![0; n];
                let mut v = std::mem::ManuallyDrop::new(v);
                let (ptr, len, cap) = (v.as_mut_ptr(), v.len(), v.capacity());
                // SAFETY: the atomic type has the same size, alignment and bit validity as the
                // integer; the allocation is handed over whole.
                unsafe { Vec::from_raw_parts(ptr.cast::<$atomic>(), len, cap) }.into_boxed_slice()
            }
        }
    };
}
zeroable!(AtomicU8, u8);
zeroable!(AtomicU32, u32);

/// The process-wide map.
pub fn map() -> &'static CoverageMap {
    &MAP
}

impl CoverageMap {
    /// A map for probe ids below `capacity`, with as many cells.
    pub fn with_capacity(capacity: usize) -> CoverageMap {
        CoverageMap {
            cells: AtomicU8::zeroed_slice(capacity),
            index: AtomicU32::zeroed_slice(capacity),
            assigned: AtomicUsize::new(0),
            len: AtomicUsize::new(1),
            dropped: AtomicU64::new(0),
            pending: Mutex::new(HashMap::new()),
        }
    }

    /// Cells handed out so far (changes when a probe fires for the first time).
    pub fn assigned(&self) -> usize {
        self.assigned.load(Ordering::Relaxed)
    }

    /// Takes over a previous life's table, before any class loads: its cells stay reserved for
    /// their probes, and new probes get cells after them.
    pub fn restore(&self, table: &CellTable) {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        let mut end = 0usize;
        for (class, local, cell) in &table.entries {
            if (*cell as usize) < self.cells.len() {
                pending.entry(class.clone()).or_default().push((*local, *cell));
                end = end.max(*cell as usize + 1);
            }
        }
        self.assigned.fetch_max(end, Ordering::Relaxed);
    }

    /// A class was instrumented (before any of its probes can fire): its probes get back the
    /// cells a previous life gave them.
    pub fn on_class(&self, name: &str, methods: &[MethodRecord]) {
        let Some(cells) = self.pending.lock().unwrap_or_else(|e| e.into_inner()).remove(name) else { return };
        for (local, cell) in cells {
            if let Some(slot) = probe_id(methods, local).and_then(|id| self.index.get(id as usize)) {
                let _ = slot.compare_exchange(0, cell + 1, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
    }

    /// The table to carry over a restart: every cell given to a probe of a class in
    /// `classes`, plus the cells of a previous life whose classes have not loaded again.
    pub fn table(&self, classes: &[std::sync::Arc<jvmfuzz_runtime::ClassRecord>]) -> CellTable {
        let mut entries = Vec::new();
        for c in classes {
            let mut local = 0u32;
            for m in &c.methods {
                for k in 0..m.probe_count {
                    let id = m.first_probe.saturating_add(k);
                    let cell = self.index.get(id as usize).map_or(0, |s| s.load(Ordering::Relaxed));
                    if cell != 0 {
                        entries.push((c.name.clone(), local, cell - 1));
                    }
                    local = local.saturating_add(1);
                }
            }
        }
        for (class, cells) in self.pending.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            entries.extend(cells.iter().map(|&(local, cell)| (class.clone(), local, cell)));
        }
        CellTable { entries }
    }

    /// Pointer for the observer; valid for the life of the process.
    pub fn as_mut_ptr(&self) -> *mut u8 {
        self.cells.as_ptr() as *mut u8
    }

    /// Pointer to the observer's length word.
    pub fn len_ptr(&self) -> *mut usize {
        self.len.as_ptr()
    }

    /// Makes the map as long as the cells handed out so far. Called after every execution
    /// (probes that fired for the first time during it took new cells).
    pub fn sync_len(&self) {
        let n = self.assigned.load(Ordering::Relaxed).min(self.cells.len());
        self.len.store(n.max(1), Ordering::Relaxed);
    }

    /// The cell of probe `id`, handed out on its first hit; `None` beyond the capacity.
    fn cell_of(&self, id: u32) -> Option<&AtomicU8> {
        let slot = self.index.get(id as usize)?;
        let mut ix = slot.load(Ordering::Relaxed);
        if ix == 0 {
            // Two threads may race to a probe's first hit: the loser's cell stays unused (an
            // always-zero cell, which no feedback notices).
            let new = self.assigned.fetch_add(1, Ordering::Relaxed);
            let new = u32::try_from(new + 1).ok().filter(|&n| n as usize <= self.cells.len())?;
            ix = match slot.compare_exchange(0, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => new,
                Err(winner) => winner,
            };
        }
        self.cells.get(ix as usize - 1)
    }

    /// Probes instrumented so far (the denominator users expect for "edges covered").
    pub fn probes(&self) -> usize {
        usize::try_from(jvmfuzz_runtime::probe_count()).unwrap_or(usize::MAX)
    }

    /// Cells in use (the observed map's length).
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The probe id each cell was given to (`None` for cells of a previous life not given back).
    pub fn probes_of_cells(&self) -> Vec<Option<u32>> {
        let mut out = vec![None; self.assigned().min(self.cells.len())];
        let reserved = usize::try_from(jvmfuzz_runtime::probe_count()).unwrap_or(usize::MAX).min(self.index.len());
        for (id, slot) in self.index[..reserved].iter().enumerate() {
            let cell = slot.load(Ordering::Relaxed) as usize;
            if let (Some(c), Ok(id)) = (cell.checked_sub(1), u32::try_from(id)) {
                if let Some(o) = out.get_mut(c) {
                    *o = Some(id);
                }
            }
        }
        out
    }

    /// Cells that are non-zero (for `cmin` and tests).
    pub fn covered(&self) -> Vec<usize> {
        self.cells[..self.len()]
            .iter()
            .enumerate()
            .filter(|(_, c)| c.load(Ordering::Relaxed) != 0)
            .map(|(i, _)| i)
            .collect()
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

/// The probe id of a class's `local`-th probe (its methods' probes counted in order).
fn probe_id(methods: &[MethodRecord], mut local: u32) -> Option<u32> {
    for m in methods {
        if local < m.probe_count {
            return m.first_probe.checked_add(local);
        }
        local -= m.probe_count;
    }
    None
}

/// Folds drained probe events into the map.
pub struct MapSink;

impl EventSink for MapSink {
    fn consume(&self, events: &[u32]) {
        map().fold(events);
    }
}

impl CoverageMap {
    /// Bumps the cell of every probe id in `events`.
    fn fold(&self, events: &[u32]) {
        let mut dropped = 0u64;
        for &id in events {
            match self.cell_of(id) {
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
        if dropped > 0 {
            self.dropped.fetch_add(dropped, Ordering::Relaxed);
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

/// The value-profile map: one cell per comparison site reached, written by the shim's `Cmp`
/// through direct ByteBuffers over [`ValueMap::as_mut_ptr`] and [`ValueMap::index_buffer`].
pub struct ValueMap {
    cells: Box<[AtomicU8]>,
    /// `Cmp`'s site -> cell table: `[0]` = cells handed out, `[1 + site]` = 1 + the site's cell.
    index: Box<[AtomicU32]>,
    /// Site ids handed out to the rewriter.
    reserved: AtomicUsize,
    /// The observer's current length (cells handed out as of the end of the last execution).
    len: AtomicUsize,
}

static VALUES: Lazy<ValueMap> = Lazy::new(|| ValueMap {
    cells: AtomicU8::zeroed_slice(VALUE_CAPACITY),
    index: AtomicU32::zeroed_slice(VALUE_CAPACITY + 1),
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

    /// The site -> cell table for the shim's ByteBuffer (pointer, bytes); valid for the life
    /// of the process.
    pub fn index_buffer(&self) -> (*mut u8, usize) {
        (self.index.as_ptr() as *mut u8, self.index.len() * 4)
    }

    /// Pointer to the observer's length word.
    pub fn len_ptr(&self) -> *mut usize {
        self.len.as_ptr()
    }

    /// Reserves `n` consecutive site ids; `None` when the map is full (the site is not logged).
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

    /// Makes the observer see every cell handed out so far.
    pub fn sync_len(&self) {
        let handed_out = self.index[0].load(Ordering::Relaxed) as usize;
        self.len.store(handed_out.clamp(1, VALUE_CAPACITY), Ordering::Relaxed);
    }
}

/// Cells covered by the campaigns of this process so far, when kept (a JUnit fuzz run's
/// coverage report): each campaign adds the cells its map feedback ever saw.
static KEPT: std::sync::Mutex<Option<std::collections::BTreeSet<usize>>> = std::sync::Mutex::new(None);

/// From now on, campaigns add what they covered to [`kept`].
pub fn keep_covered() {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(Default::default);
}

/// Adds the cells of `history` (a map feedback's history: non-zero = covered once) if kept.
pub fn note_history(history: &[u8]) {
    if let Some(k) = KEPT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        k.extend(history.iter().enumerate().filter(|(_, v)| **v != 0).map(|(i, _)| i));
    }
}

/// The cells kept so far.
pub fn kept() -> Vec<usize> {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|k| k.iter().copied().collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(m: &CoverageMap) -> Vec<u8> {
        m.cells[..m.len()].iter().map(|c| c.load(Ordering::Relaxed)).collect()
    }

    #[test]
    fn probes_get_cells_in_order_of_first_hit_and_keep_them() {
        let m = CoverageMap::with_capacity(1024);
        m.sync_len();
        assert_eq!(m.len(), 1, "an empty map still has one cell for the observer");
        m.fold(&[500, 7, 500, 500]);
        m.sync_len();
        assert_eq!(m.len(), 2);
        assert_eq!(cells(&m), vec![3, 1]);
        assert_eq!(m.covered(), vec![0, 1]);
        m.reset();
        m.fold(&[7, 9]);
        m.sync_len();
        // 7 keeps cell 1; 9 is new and takes cell 2.
        assert_eq!(cells(&m), vec![0, 1, 1]);
    }

    #[test]
    fn ids_beyond_the_capacity_are_dropped_and_counted() {
        let m = CoverageMap::with_capacity(4);
        m.fold(&[3, 4, 1_000_000, 3]);
        m.sync_len();
        assert_eq!(cells(&m), vec![2]);
        assert_eq!(m.dropped(), 2);
    }

    fn class(name: &str, methods: &[(u32, u32)]) -> std::sync::Arc<jvmfuzz_runtime::ClassRecord> {
        std::sync::Arc::new(jvmfuzz_runtime::ClassRecord {
            name: name.into(),
            original: std::sync::Arc::from(&[][..]),
            first_probe: methods.first().map_or(0, |m| m.0),
            methods: methods
                .iter()
                .map(|&(first_probe, probe_count)| MethodRecord {
                    name: "m".into(),
                    descriptor: "()V".into(),
                    first_probe,
                    probe_count,
                })
                .collect(),
        })
    }

    #[test]
    fn a_restarted_map_gives_probes_their_old_cells_whatever_the_new_ids() {
        // First life: class A's probes are ids 10..13 (two methods: 10-11 and 12-13), B's 20..22.
        let a1 = class("A", &[(10, 2), (12, 2)]);
        let b1 = class("B", &[(20, 3)]);
        let first = CoverageMap::with_capacity(1024);
        first.fold(&[21, 13, 10]);
        let table = first.table(&[a1, b1]);
        assert_eq!(
            table.entries,
            vec![("A".into(), 0, 2), ("A".into(), 3, 1), ("B".into(), 1, 0)],
            "A's 4th probe is id 13 (second method), cell 1"
        );
        // Second life: classes load in the other order, with other ids; C is new.
        let second = CoverageMap::with_capacity(1024);
        second.restore(&table);
        let b2 = class("B", &[(0, 3)]);
        let a2 = class("A", &[(3, 2), (7, 2)]);
        second.on_class("B", &b2.methods);
        second.on_class("A", &a2.methods);
        // A's probe 3 is id 8 now; C's first probe (id 50) fires first but gets a new cell.
        second.fold(&[50, 8, 3, 1]);
        second.sync_len();
        assert_eq!(cells(&second), vec![1, 1, 1, 1], "cells 0-2 went back to their probes, cell 3 is new");
        let c2 = class("C", &[(50, 1)]);
        let again = second.table(&[b2, a2, c2]);
        assert_eq!(again.entries.len(), 4);
        assert!(again.entries.contains(&("C".into(), 0, 3)), "{again:?}");
        assert!(again.entries.contains(&("A".into(), 0, 2)), "{again:?}");
    }

    #[test]
    fn cells_of_classes_not_loaded_again_stay_reserved_and_in_the_table() {
        let table = CellTable { entries: vec![("Gone".into(), 0, 5), ("Bad".into(), 0, 99_999)] };
        let m = CoverageMap::with_capacity(64);
        m.restore(&table);
        m.fold(&[7]);
        m.sync_len();
        assert_eq!(m.len(), 7, "new probes start after the restored cells; out-of-range cells are dropped");
        let t = m.table(&[]);
        assert_eq!(t.entries, vec![("Gone".into(), 0, 5)]);
    }

    #[test]
    fn counts_saturate() {
        let m = CoverageMap::with_capacity(8);
        let many = vec![5u32; 300];
        m.fold(&many);
        m.sync_len();
        assert_eq!(cells(&m), vec![255]);
    }
}
