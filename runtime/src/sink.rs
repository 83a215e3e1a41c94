//! Where drained events go. A ring hands the consumer contiguous slices of probe ids plus the
//! ring's "previous probe" (consumer-side edge context); [`Collector`] folds them into exact hit
//! counts and the edge map. Kept behind a trait so the fuzzer can plug in its own consumer
//! (e.g. a per-execution trace) without touching ring code.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::counts::HitCounts;
use crate::edges::EdgeMap;

pub trait EventSink: Sync {
    /// Consumes `events` in order. `prev` is the last valid probe this ring produced before
    /// `events[0]` (or [`crate::edges::NO_PREV`]); update it to the last valid one consumed.
    fn consume(&self, events: &[u32], prev: &mut u32);
}

/// Counts hits exactly and records edges. Ids that were never reserved are counted in
/// `invalid` and otherwise ignored (they do not break the edge chain).
pub struct Collector<'a> {
    pub counts: &'a HitCounts,
    pub edges: Option<&'a EdgeMap>,
    pub invalid: &'a AtomicU64,
}

/// Entries of the per-call accumulator. Direct-mapped by the low bits of the id: hot loops
/// produce few distinct ids per batch, so most events cost a compare and an add on the stack
/// instead of an atomic read-modify-write on a shared counter (measured: about 4 ns/event with
/// one `fetch_add` per event).
const ACC: usize = 256;

impl EventSink for Collector<'_> {
    fn consume(&self, events: &[u32], prev: &mut u32) {
        let limit = self.counts.limit();
        let mut acc = [(0u32, 0u32); ACC];
        let mut invalid = 0u64;
        let mut last = *prev;
        for &id in events {
            if u64::from(id) >= limit {
                // Never reserved: not counted, and it does not break the edge chain.
                invalid += 1;
                continue;
            }
            let e = &mut acc[id as usize % ACC];
            if e.0 == id {
                e.1 += 1;
            } else {
                if e.1 > 0 {
                    self.counts.add(e.0, u64::from(e.1));
                }
                *e = (id, 1);
            }
            if let Some(edges) = self.edges {
                edges.record(last, id);
            }
            last = id;
        }
        for (id, n) in acc {
            if n > 0 {
                self.counts.add(id, u64::from(n));
            }
        }
        if invalid > 0 {
            self.invalid.fetch_add(invalid, Ordering::Relaxed);
        }
        *prev = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edges::NO_PREV;

    #[test]
    fn runs_count_exactly_and_form_self_edges() {
        let counts = HitCounts::new();
        counts.grow(10).unwrap();
        let edges = EdgeMap::new(1 << 12);
        let invalid = AtomicU64::new(0);
        let c = Collector {
            counts: &counts,
            edges: Some(&edges),
            invalid: &invalid,
        };
        let mut prev = NO_PREV;
        c.consume(&[1, 1, 1, 2, 99, 3], &mut prev);
        c.consume(&[3], &mut prev);
        assert_eq!(counts.snapshot(0, 4), [0, 3, 1, 2]);
        assert_eq!(invalid.load(Ordering::Relaxed), 1);
        assert_eq!(prev, 3);
        assert_eq!(edges.get(edges.index(NO_PREV, 1)), 1);
        assert_eq!(edges.get(edges.index(1, 1)), 2);
        assert_eq!(edges.get(edges.index(1, 2)), 1);
        // The invalid id 99 is skipped: 2 -> 3 is an edge.
        assert_eq!(edges.get(edges.index(2, 3)), 1);
        assert_eq!(edges.get(edges.index(3, 3)), 1);
    }

    #[test]
    fn colliding_ids_are_counted_exactly() {
        let counts = HitCounts::new();
        counts.grow(5000).unwrap();
        let invalid = AtomicU64::new(0);
        let c = Collector {
            counts: &counts,
            edges: None,
            invalid: &invalid,
        };
        // 7, 263, 519, ... share an accumulator entry; interleave them with repeats.
        let ids: Vec<u32> = (0..10).map(|k| 7 + 256 * k).collect();
        let mut events = Vec::new();
        for round in 0..50u32 {
            for (k, &id) in ids.iter().enumerate() {
                for _ in 0..=(round + k as u32) % 3 {
                    events.push(id);
                }
            }
        }
        let mut prev = NO_PREV;
        c.consume(&events, &mut prev);
        for &id in &ids {
            assert_eq!(
                counts.get(id),
                events.iter().filter(|&&e| e == id).count() as u64,
                "id {id}"
            );
        }
        assert_eq!(prev, *events.last().unwrap());
    }
}

#[cfg(test)]
mod bench {
    use super::*;
    use crate::edges::NO_PREV;

    /// On-CPU nanoseconds of this thread (the machine is shared: wall time would count the
    /// time other processes ran).
    fn cpu_ns() -> u64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
            .unwrap_or(0)
    }

    /// `cargo test --release -p jvmfuzz-runtime -- --ignored --nocapture consume_cost`
    #[test]
    #[ignore]
    fn consume_cost() {
        let counts = HitCounts::new();
        counts.grow(1 << 16).unwrap();
        let edges = EdgeMap::new(1 << 16);
        let invalid = AtomicU64::new(0);
        for (label, distinct) in [("16 ids", 16u32), ("4096 ids", 4096), ("60000 ids", 60000)] {
            let batch: Vec<u32> = (0..8192u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) % distinct)
                .collect();
            for (mode, e) in [("counts", None), ("counts+edges", Some(&edges))] {
                let c = Collector {
                    counts: &counts,
                    edges: e,
                    invalid: &invalid,
                };
                let mut prev = NO_PREV;
                let rounds = 2000;
                let t = cpu_ns();
                for _ in 0..rounds {
                    c.consume(std::hint::black_box(&batch), &mut prev);
                }
                let ns = (cpu_ns() - t) as f64 / (rounds * batch.len()) as f64;
                eprintln!("{label:>10} {mode:<13} {ns:.2} ns/event");
            }
        }
    }
}
