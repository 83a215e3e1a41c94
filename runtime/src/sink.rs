//! Where drained events go. A ring hands the consumer contiguous slices of probe ids;
//! [`Collector`] folds them into exact hit counts. Kept behind a trait so the fuzzer plugs in
//! its own consumer (its coverage map) without touching ring code.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::counts::HitCounts;

pub trait EventSink: Sync {
    /// Consumes `events`, in the order one thread produced them.
    fn consume(&self, events: &[u32]);
}

/// Counts hits exactly. Ids that were never reserved are counted in `invalid` and otherwise
/// ignored.
pub struct Collector<'a> {
    pub counts: &'a HitCounts,
    pub invalid: &'a AtomicU64,
}

/// Entries of the per-call accumulator. Direct-mapped by the low bits of the id: hot loops
/// produce few distinct ids per batch, so most events cost a compare and an add on the stack
/// instead of an atomic read-modify-write on a shared counter (measured: about 4 ns/event with
/// one `fetch_add` per event).
const ACC: usize = 256;

impl EventSink for Collector<'_> {
    fn consume(&self, events: &[u32]) {
        let limit = self.counts.limit();
        let mut acc = [(0u32, 0u32); ACC];
        let mut invalid = 0u64;
        for &id in events {
            if u64::from(id) >= limit {
                // Never reserved: not counted.
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
        }
        for (id, n) in acc {
            if n > 0 {
                self.counts.add(id, u64::from(n));
            }
        }
        if invalid > 0 {
            self.invalid.fetch_add(invalid, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_exactly() {
        let counts = HitCounts::new();
        counts.grow(10).unwrap();
        let invalid = AtomicU64::new(0);
        let c = Collector { counts: &counts, invalid: &invalid };
        c.consume(&[1, 1, 1, 2, 99, 3]);
        c.consume(&[3]);
        assert_eq!(counts.snapshot(0, 4), [0, 3, 1, 2]);
        assert_eq!(invalid.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn colliding_ids_are_counted_exactly() {
        let counts = HitCounts::new();
        counts.grow(5000).unwrap();
        let invalid = AtomicU64::new(0);
        let c = Collector { counts: &counts, invalid: &invalid };
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
        c.consume(&events);
        for &id in &ids {
            assert_eq!(counts.get(id), events.iter().filter(|&&e| e == id).count() as u64, "id {id}");
        }
    }
}

#[cfg(test)]
mod bench {
    use super::*;

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
        let invalid = AtomicU64::new(0);
        for (label, distinct) in [("16 ids", 16u32), ("4096 ids", 4096), ("60000 ids", 60000)] {
            let batch: Vec<u32> = (0..8192u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 7) % distinct).collect();
            let c = Collector { counts: &counts, invalid: &invalid };
            let rounds = 2000;
            let t = cpu_ns();
            for _ in 0..rounds {
                c.consume(std::hint::black_box(&batch));
            }
            let ns = (cpu_ns() - t) as f64 / (rounds * batch.len()) as f64;
            eprintln!("{label:>10} {ns:.2} ns/event");
        }
    }
}
