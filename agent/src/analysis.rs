//! The coverage analysis of every loaded class, at VM death and ahead of it.
//!
//! A class's analysis (JaCoCo's model, filters and counters) is a pure function of its bytes,
//! its probe layout and *which* of its probes fired. Probes only ever go from "not fired" to
//! "fired", and most classes stop gaining coverage long before the program ends (a test class
//! after its tests ran). So the background thread (`background.rs`) analyses classes while the
//! program runs and keeps each result with the fired-probe bits it was computed from
//! ([`AnalysisCache`]); at VM death a result is reused only if the class's bits are still exactly
//! the same, and everything else is analysed then, on all cores ([`analyse_all`]). The reports are
//! therefore identical with or without the cache; only the exit gets shorter.
//!
//! Classes loaded more than once under one name (several class loaders, or a redefinition) are
//! analysed once, like JaCoCo does: copies with identical bytes have their hits added up probe by
//! probe ([`group`]); a copy with different bytes is left out (and noted).

use std::collections::HashMap;
use std::sync::Arc;

use jvmfuzz_runtime::ClassRecord;

use jvmfuzz_coverage::{analyze_class_with, ClassCoverage, ClassInput, MethodProbes, ProbeLayout};

/// One analysis result: a class, nothing to report (`None`: synthetic, module-info), or why the
/// class could not be analysed.
pub type Analysed = Result<Option<ClassCoverage>, String>;

/// Records of one class name whose bytes and probe layout are the same; the first is the one
/// analysed.
pub type Group<'a> = Vec<&'a ClassRecord>;

/// Groups records by class name, in first-load order; notes copies left out.
pub fn group(classes: &[Arc<ClassRecord>]) -> (Vec<Group<'_>>, Vec<String>) {
    let mut notes = Vec::new();
    let mut groups: Vec<Group<'_>> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for c in classes {
        match index.get(c.name.as_str()) {
            Some(&g) if same_layout(groups[g][0], c) => groups[g].push(c),
            Some(_) => {
                notes.push(format!("{}: loaded again with different bytes; only the first version is reported", c.name))
            }
            None => {
                index.insert(c.name.as_str(), groups.len());
                groups.push(vec![c]);
            }
        }
    }
    (groups, notes)
}

/// Same bytes, hence the same probe plan at the same offsets from the class's first probe.
fn same_layout(a: &ClassRecord, b: &ClassRecord) -> bool {
    a.original == b.original
        && a.methods.len() == b.methods.len()
        && a.methods.iter().zip(&b.methods).all(|(x, y)| {
            x.probe_count == y.probe_count
                && x.first_probe.wrapping_sub(a.first_probe) == y.first_probe.wrapping_sub(b.first_probe)
        })
}

/// Which probes of the group fired (`count(id) > 0`), record by record, method by method, as
/// bits: everything of the hits an analysis of the group depends on.
pub fn fired_bits(group: &[&ClassRecord], count: &dyn Fn(u64) -> u64) -> Vec<u64> {
    let mut bits = Vec::new();
    let mut n = 0usize;
    for r in group {
        for m in &r.methods {
            for k in 0..u64::from(m.probe_count) {
                if n.is_multiple_of(64) {
                    bits.push(0);
                }
                if count(u64::from(m.first_probe) + k) > 0 {
                    bits[n / 64] |= 1 << (n % 64);
                }
                n += 1;
            }
        }
    }
    bits
}

/// The first probe of every record of the group: a group whose records changed (another copy
/// loaded) is a different input.
fn firsts(group: &[&ClassRecord]) -> Vec<u32> {
    group.iter().map(|r| r.first_probe).collect()
}

/// Analyses one group with the hit counts `count`.
pub fn analyse_group(group: &[&ClassRecord], count: &dyn Fn(u64) -> u64, layout: ProbeLayout) -> Analysed {
    let first = group[0];
    let methods: Vec<MethodProbes<'_>> = first
        .methods
        .iter()
        .map(|m| MethodProbes {
            name: &m.name,
            descriptor: &m.descriptor,
            first_probe: m.first_probe,
            probe_count: m.probe_count,
        })
        .collect();
    // Probe `first.first_probe + k` is the same site in every copy.
    let hit = |id: u32| -> u64 {
        let offset = u64::from(id.wrapping_sub(first.first_probe));
        group.iter().map(|r| count(u64::from(r.first_probe) + offset)).sum()
    };
    analyze_class_with(&ClassInput { bytes: &first.original, methods: &methods }, &hit, layout)
        .map_err(|e| format!("{}: cannot analyse coverage: {e}", first.name))
}

struct Entry {
    firsts: Vec<u32>,
    bits: Vec<u64>,
    result: Analysed,
    /// How often this class was analysed during the run.
    analyses: u32,
}

struct Seen {
    firsts: Vec<u32>,
    bits: Vec<u64>,
    /// Looks in a row that found these bits again.
    still: u32,
}

/// A class analysed k times must hold still for 2^k looks before the next analysis (at most
/// 2^4): library classes that gain coverage all through a test suite are not re-analysed at
/// every pause, while a test class (run once) is analysed once, early.
const MAX_BACKOFF: u32 = 4;

/// Analyses made ahead of VM death, each with the exact input it was made from.
#[derive(Default)]
pub struct AnalysisCache {
    done: HashMap<String, Entry>,
    /// Fired-probe bits seen at the previous look, per class whose analysis (if any) is stale.
    seen: HashMap<String, Seen>,
}

/// What [`AnalysisCache::consider`] decided for one group.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Analysed with these very bits already.
    Current,
    /// Changed lately, or nothing fired yet: wait.
    Moving,
    /// Held still long enough: analyse now, then [`AnalysisCache::store`].
    Analyse,
}

impl AnalysisCache {
    /// Notes the group's current bits and says whether to analyse it now.
    pub fn consider(&mut self, group: &[&ClassRecord], bits: &[u64]) -> Verdict {
        // Nothing fired yet: the class is loaded but not run (JUnit loads every test class before
        // the first test). Its analysis would almost surely be redone; if it never runs, the
        // exit does it.
        if bits.iter().all(|&w| w == 0) {
            return Verdict::Moving;
        }
        let name = &group[0].name;
        let firsts = firsts(group);
        let done = self.done.get(name);
        if done.is_some_and(|e| e.firsts == firsts && e.bits == bits) {
            return Verdict::Current;
        }
        let needed = 1u32 << done.map_or(0, |e| e.analyses).min(MAX_BACKOFF);
        match self.seen.get_mut(name) {
            Some(s) if s.firsts == firsts && s.bits.as_slice() == bits => {
                s.still += 1;
                if s.still >= needed {
                    Verdict::Analyse
                } else {
                    Verdict::Moving
                }
            }
            Some(s) => {
                *s = Seen { firsts, bits: bits.to_vec(), still: 0 };
                Verdict::Moving
            }
            None => {
                self.seen.insert(name.clone(), Seen { firsts, bits: bits.to_vec(), still: 0 });
                Verdict::Moving
            }
        }
    }

    pub fn store(&mut self, group: &[&ClassRecord], bits: Vec<u64>, result: Analysed) {
        let name = group[0].name.clone();
        self.seen.remove(&name);
        let analyses = self.done.get(&name).map_or(0, |e| e.analyses) + 1;
        self.done.insert(name, Entry { firsts: firsts(group), bits, result, analyses });
    }

    /// The cached result for the group if it was made from exactly `bits`.
    fn take(&mut self, group: &[&ClassRecord], bits: &[u64]) -> Option<Analysed> {
        let name = &group[0].name;
        let e = self.done.get(name)?;
        if e.firsts == firsts(group) && e.bits == bits {
            self.done.remove(name).map(|e| e.result)
        } else {
            None
        }
    }
}

/// Analyses every group with the final hit counts, reusing what `cache` holds for unchanged
/// classes; results in group order. Returns the results and how many came from the cache.
pub fn analyse_all(
    groups: &[Group<'_>],
    hits: &[u64],
    layout: ProbeLayout,
    mut cache: Option<&mut AnalysisCache>,
) -> (Vec<Analysed>, usize) {
    let count = |id: u64| hits.get(id as usize).copied().unwrap_or(0);
    let mut results: Vec<Option<Analysed>> =
        groups.iter().map(|g| cache.as_deref_mut().and_then(|c| c.take(g, &fired_bits(g, &count)))).collect();
    let reused = results.iter().filter(|r| r.is_some()).count();
    let todo: Vec<usize> = (0..groups.len()).filter(|&i| results[i].is_none()).collect();
    // Classes are analysed independently (each re-parses its original bytes): spread over the
    // cores, since this runs at VM death on the profiled program's clock.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let chunk = todo.len().div_ceil(threads).max(1);
    let done: Vec<(usize, Analysed)> = std::thread::scope(|s| {
        let handles: Vec<_> = todo
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter().map(|&i| (i, analyse_group(&groups[i], &count, layout))).collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .zip(todo.chunks(chunk))
            .flat_map(|(h, part)| {
                h.join().unwrap_or_else(|_| {
                    part.iter()
                        .map(|&i| (i, Err(format!("{}: a coverage analysis thread panicked", groups[i][0].name))))
                        .collect()
                })
            })
            .collect()
    });
    for (i, r) in done {
        results[i] = Some(r);
    }
    let results = results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.unwrap_or_else(|| Err(format!("{}: not analysed", groups[i][0].name))))
        .collect();
    (results, reused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_runtime::MethodRecord;

    fn record(name: &str, first: u32, counts: &[u32]) -> ClassRecord {
        let mut next = first;
        let methods = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let m =
                    MethodRecord { name: format!("m{i}"), descriptor: "()V".into(), first_probe: next, probe_count: c };
                next += c;
                m
            })
            .collect();
        ClassRecord { name: name.into(), original: Arc::from(&b"bytes"[..]), first_probe: first, methods }
    }

    #[test]
    fn fired_bits_follow_records_and_methods() {
        let a = record("A", 10, &[2, 70]);
        let b = record("A", 100, &[2, 70]);
        let fired = [11u64, 81, 100];
        let count = |id: u64| u64::from(fired.contains(&id));
        let bits = fired_bits(&[&a, &b], &count);
        assert_eq!(bits.len(), 3, "144 probes");
        assert_eq!(bits[0], 0b10, "probe 11: bit 1");
        // Probe 81: bit 2 + 69 = 71; probe 100, the second record's first: bit 72.
        assert_eq!(bits[1], (1 << (71 - 64)) | (1 << (72 - 64)));
        assert_eq!(bits[2], 0);
    }

    #[test]
    fn a_class_is_analysed_once_its_bits_hold_still_and_reused_only_unchanged() {
        let a = record("A", 0, &[3]);
        let g = vec![&a];
        let mut cache = AnalysisCache::default();
        assert_eq!(cache.consider(&g, &[0b001]), Verdict::Moving);
        assert_eq!(cache.consider(&g, &[0b011]), Verdict::Moving, "changed since the last look");
        assert_eq!(cache.consider(&g, &[0b011]), Verdict::Analyse);
        cache.store(&g, vec![0b011], Ok(None));
        assert_eq!(cache.consider(&g, &[0b011]), Verdict::Current);
        assert!(cache.take(&g, &[0b111]).is_none(), "a probe fired after the analysis");
        assert_eq!(cache.take(&g, &[0b011]), Some(Ok(None)));
        assert!(cache.take(&g, &[0b011]).is_none(), "taken once");
    }

    #[test]
    fn a_class_nothing_of_which_ran_waits() {
        let a = record("A", 0, &[3]);
        let g = vec![&a];
        let mut cache = AnalysisCache::default();
        for _ in 0..10 {
            assert_eq!(cache.consider(&g, &[0]), Verdict::Moving);
        }
    }

    #[test]
    fn each_reanalysis_waits_twice_as_long() {
        let a = record("A", 0, &[8]);
        let g = vec![&a];
        let mut cache = AnalysisCache::default();
        // Looks in a row with the same bits before each analysis: 1, 2, 4, 8, 16, 16.
        for (k, wait) in [1u32, 2, 4, 8, 16, 16].into_iter().enumerate() {
            let bits = vec![(1u64 << (k + 1)) - 1];
            assert_eq!(cache.consider(&g, &bits), Verdict::Moving, "new bits");
            for _ in 1..wait {
                assert_eq!(cache.consider(&g, &bits), Verdict::Moving);
            }
            assert_eq!(cache.consider(&g, &bits), Verdict::Analyse, "analysis {k}");
            cache.store(&g, bits.clone(), Ok(None));
            assert_eq!(cache.consider(&g, &bits), Verdict::Current);
        }
    }

    #[test]
    fn another_copy_of_the_class_invalidates_its_analysis() {
        let a = record("A", 0, &[3]);
        let a2 = record("A", 3, &[3]);
        let mut cache = AnalysisCache::default();
        cache.store(&[&a], vec![1], Ok(None));
        assert!(cache.take(&[&a, &a2], &[1]).is_none());
    }
}
