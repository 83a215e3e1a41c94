//! The process-wide runtime: one registry, one set of counters, one ring set,
//! created on first use. The agent
//! and the fuzzer use these functions; the JNI natives reach the same instance.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use once_cell::sync::OnceCell;

use crate::counts::HitCounts;
use crate::registry::{ClassRecord, ProbeRegistry};
use crate::ring::Ring;
use crate::ring::RingKind;
use crate::rings::RingSet;
use crate::sink::{Collector, EventSink};
use crate::RuntimeError;

/// Events per thread ring. 8 Ki events = 32 KiB per producing thread; a full ring costs one
/// JNI call and one drain.
const RING_CAPACITY: u32 = 8192;
/// Events per virtual-thread ring: small, because there can be very many virtual threads.
const VIRTUAL_RING_CAPACITY: u32 = 512;

struct Runtime {
    registry: ProbeRegistry,
    counts: HitCounts,
    rings: RingSet,
    invalid: AtomicU64,
}

impl Runtime {
    fn sink(&self) -> Collector<'_> {
        Collector { counts: &self.counts, invalid: &self.invalid }
    }
}

static RT: OnceCell<Runtime> = OnceCell::new();
/// Where drained events go instead of the default counts (the fuzzer's own map).
static SINK_OVERRIDE: OnceCell<&'static dyn EventSink> = OnceCell::new();

/// Routes every drain (ring full, `drain_all`, thread end, ring release) to `sink` instead of
/// the built-in hit counts. Set it once, before the first probe fires; a sink that
/// also wants exact counts can forward to [`counting_sink`]. Fails if a sink is already set.
pub fn set_sink_override(sink: &'static dyn EventSink) -> Result<(), RuntimeError> {
    SINK_OVERRIDE.set(sink).map_err(|_| RuntimeError::SinkAlreadySet)
}

/// The built-in sink: exact hit counts.
pub fn counting_sink() -> Collector<'static> {
    rt().sink()
}

/// Runs `f` with the sink drains must use.
fn with_sink<R>(rt: &'static Runtime, f: impl FnOnce(&dyn EventSink) -> R) -> R {
    match SINK_OVERRIDE.get() {
        Some(sink) => f(*sink),
        None => f(&rt.sink()),
    }
}

fn rt() -> &'static Runtime {
    RT.get_or_init(|| Runtime {
        registry: ProbeRegistry::new(),
        counts: HitCounts::new(),
        rings: RingSet::new(RING_CAPACITY, VIRTUAL_RING_CAPACITY),
        invalid: AtomicU64::new(0),
    })
}

/// Reserves `n` consecutive probe ids (and their counters); returns the first.
pub fn reserve(n: u32) -> Result<u32, RuntimeError> {
    let rt = rt();
    let first = rt.registry.reserve(n)?;
    rt.counts.grow(u64::from(first) + u64::from(n))?;
    Ok(first)
}

/// Ids reserved so far: every probe id is below this.
pub fn probe_count() -> u64 {
    rt().registry.reserved()
}

pub fn register_class(record: ClassRecord) -> Arc<ClassRecord> {
    rt().registry.register_class(record)
}

pub fn classes() -> Vec<Arc<ClassRecord>> {
    rt().registry.classes()
}

/// Drains every thread's ring into the counts (or the override sink); returns the events consumed.
pub fn drain_all() -> u64 {
    let rt = rt();
    with_sink(rt, |sink| rt.rings.drain_all(sink))
}

/// Hits of probe `id` drained so far (call [`drain_all`] first for an up-to-date figure).
pub fn hit_count(id: u32) -> u64 {
    rt().counts.get(id)
}

/// Hits of every reserved probe, indexed by id.
pub fn hit_counts() -> Vec<u64> {
    let rt = rt();
    let n = u32::try_from(rt.registry.reserved()).unwrap_or(u32::MAX);
    rt.counts.snapshot(0, n)
}

/// Zeroes hit counts. Events still in rings are drained first (into the override sink, if one
/// is set).
pub fn reset_coverage() {
    let rt = rt();
    with_sink(rt, |sink| rt.rings.drain_all(sink));
    rt.counts.reset();
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Rings created (live + free).
    pub rings: u32,
    /// Rings owned by a live producer.
    pub rings_owned: u32,
    /// Events whose id was never reserved (a direct `Probes.hit` call with a bogus id).
    pub invalid_events: u64,
    pub probes: u64,
}

pub fn stats() -> Stats {
    let rt = rt();
    Stats {
        rings: rt.rings.len(),
        rings_owned: rt.rings.owned(),
        invalid_events: rt.invalid.load(Ordering::Relaxed),
        probes: rt.registry.reserved(),
    }
}

// ---- used by the natives -------------------------------------------------------------------

thread_local! {
    /// The ring last handed to a producer on this OS thread, for [`on_thread_end`].
    static THREAD_RING: Cell<Option<u32>> = const { Cell::new(None) };
}

pub(crate) fn acquire_ring(kind: RingKind) -> Result<&'static Ring, RuntimeError> {
    let ring = rt().rings.acquire(kind)?;
    THREAD_RING.with(|r| r.set(Some(ring.id())));
    Ok(ring)
}

/// Drains ring `id` (blocking on a concurrent drainer). Unknown ids are ignored.
pub(crate) fn drain_ring(id: u32) {
    let rt = rt();
    if let Some(ring) = rt.rings.get(id) {
        with_sink(rt, |sink| ring.drain_blocking(sink));
    }
}

pub(crate) fn release_ring(id: u32) -> bool {
    let rt = rt();
    with_sink(rt, |sink| rt.rings.release(id, sink))
}

/// A thread is ending (JVMTI ThreadEnd runs on the dying thread): drain the ring it produced
/// into so its events are counted now rather than at the next global drain. The ring itself is
/// recycled later, when the shim's Cleaner sees the thread's Ring object die: only that proves
/// no Java code can write to it any more. Harmless if called on any thread at any time.
pub fn on_thread_end() {
    if let Some(id) = THREAD_RING.with(|r| r.take()) {
        drain_ring(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The global instance is shared by every test in this binary: only this test touches it.
    #[test]
    fn global_reserve_count_and_drain() {
        let first = reserve(4).unwrap();
        let ring = acquire_ring(RingKind::Platform).unwrap();
        let rt = rt();
        // SAFETY: the only producer of this ring.
        let mut p = unsafe { ring.producer() };
        p.push(first + 1, &rt.sink());
        p.push(first + 1, &rt.sink());
        p.push(first + 3, &rt.sink());
        assert_eq!(hit_count(first + 1), 0, "not drained yet");
        assert_eq!(drain_all(), 3);
        assert_eq!(&hit_counts()[first as usize..], [0, 2, 0, 1]);
        p.push(first, &rt.sink());
        on_thread_end();
        assert_eq!(hit_count(first), 1);
        assert!(release_ring(ring.id()));
        assert_eq!(stats().rings_owned, 0);
        reset_coverage();
        assert_eq!(hit_count(first + 1), 0);

        // With an override, drains go to it and no longer to the counts.
        struct Recorder(std::sync::Mutex<Vec<u32>>);
        impl EventSink for Recorder {
            fn consume(&self, events: &[u32]) {
                self.0.lock().unwrap().extend_from_slice(events);
            }
        }
        static RECORDER: once_cell::sync::Lazy<Recorder> =
            once_cell::sync::Lazy::new(|| Recorder(std::sync::Mutex::new(Vec::new())));
        assert_eq!(set_sink_override(&*RECORDER), Ok(()));
        assert_eq!(set_sink_override(&*RECORDER), Err(RuntimeError::SinkAlreadySet));
        let ring = acquire_ring(RingKind::Platform).unwrap();
        // SAFETY: the only producer of this ring.
        let mut p = unsafe { ring.producer() };
        p.push(first + 2, &counting_sink());
        p.push(first, &counting_sink());
        assert_eq!(drain_all(), 2);
        assert_eq!(*RECORDER.0.lock().unwrap(), [first + 2, first]);
        assert_eq!(hit_count(first + 2), 0);
    }
}
