//! Time for every driver method (the JDriver seed's scheduling): with generated drivers, the
//! corpus entry to fuzz next is chosen per method first.
//!
//! LibAFL's schedulers weigh entries by their coverage, and a library's methods are far from
//! equal in it: left alone, a few methods with many entries take most of the runs while others
//! run a handful of times. [`MethodScheduler`] wraps the coverage scheduler:
//! - **fair share first**: until every method has had [`FAIR_RUNS`] runs, most picks go to the
//!   method with the fewest runs so far;
//! - **then growth**: a quarter of the picks go to a method chosen by weight, one plus its recent
//!   new corpus entries (decayed per pick), so methods whose coverage still grows get more time;
//!   a tenth stay with the fewest-runs rule, and the rest with the wrapped scheduler, whose
//!   weights favour entries that reach new coverage anyway. The weight is divided by
//!   how much slower than [`CHEAP`] a method's mean run is: once every method has its share,
//!   a method that takes 10 ms a run must grow a hundred times as fast as a 100 µs one to be
//!   picked as often, or a few slow methods would take most of the campaign's time.
//!
//! Within a method the entry is random, with a lean towards its newest ones and towards those the
//! wrapped minimizer favours. [`KeepMethod`]
//! keeps a mutant on the method its parent was scheduled for (its first input bytes are the
//! dispatcher's method choice), most of the time.
//!
//! Counts are state metadata ([`MethodShares`]), so they survive a client's restart.

use std::borrow::Cow;

use libafl::corpus::{Corpus, CorpusId, SchedulerTestcaseMetadata};
use libafl::inputs::{BytesInput, HasMutatorBytes};
use libafl::mutators::{MutationResult, Mutator};
use libafl::observers::TimeObserver;
use libafl::schedulers::minimizer::IsFavoredMetadata;
use libafl::schedulers::{on_next_metadata_default, Scheduler};
use libafl::state::{HasCorpus, HasRand};
use libafl::{Error, HasMetadata};
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::MatchName;
use libafl_bolts::Named;
use serde::{Deserialize, Serialize};

use super::clock::method_of;
use crate::determinism::FIXED_EXEC_TIME;
use crate::state::State;

/// Runs each method gets before growth decides (the "at least 1,000 runs").
pub const FAIR_RUNS: u64 = 1000;

/// Per pick, how much of a method's growth is kept.
const DECAY: f64 = 0.995;

/// Weight of one recent new entry against the base weight of 1.
const GROWTH_WEIGHT: f64 = 8.0;

/// Percent of picks for the fewest-runs method and for growth, while some method is short of
/// its fair share and after; the rest go to the wrapped scheduler. Its picks are LibAFL's
/// favoured entries (small, fast, covering): on WordUtils's 16 methods, leaving it a third of
/// the picks after the fair share ran at 205k executions/s, two thirds at 247k/s.
const FAIR_PICKS: u64 = 80;
const FAIR_PICKS_AFTER: u64 = 10;
const GROWTH_PICKS: u64 = 10;
const GROWTH_PICKS_AFTER: u64 = 25;

/// A run this fast or faster costs nothing extra in the growth weight.
const CHEAP: f64 = 100_000.0; // ns

/// Entries of the chosen method looked at for a favoured one.
const CANDIDATES: usize = 4;

/// Percent of mutants put back on their parent's method.
const KEEP_METHOD: u64 = 90;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct MethodShares {
    /// Executions per method (every input evaluated, whoever chose it).
    pub runs: Vec<u64>,
    /// Corpus entries per method.
    pub entries: Vec<Vec<CorpusId>>,
    /// New entries per method, decayed per pick.
    pub growth: Vec<f64>,
    /// Nanoseconds per method over its timed runs (a sample), as LibAFL's time observer
    /// measured them, and how many runs were timed.
    pub time_ns: Vec<u64>,
    pub timed: Vec<u64>,
}
libafl_bolts::impl_serdeany!(MethodShares);

impl MethodShares {
    fn new(methods: usize) -> MethodShares {
        MethodShares {
            runs: vec![0; methods],
            entries: vec![Vec::new(); methods],
            growth: vec![0.0; methods],
            time_ns: vec![0; methods],
            timed: vec![0; methods],
        }
    }
}

fn shares(state: &mut State, methods: usize) -> &mut MethodShares {
    let s = state.metadata_or_insert_with(|| MethodShares::new(methods));
    if s.runs.len() != methods || s.time_ns.len() != methods || s.timed.len() != methods {
        *s = MethodShares::new(methods);
    }
    s
}

/// Every this many evaluations, one run's time is read (a name lookup in the observers).
const TIME_SAMPLE: u64 = 8;

/// The coverage scheduler `CS`, with driver methods chosen first (see the module comment).
/// With one method or none it is `CS` unchanged.
pub struct MethodScheduler<CS> {
    inner: CS,
    methods: usize,
    /// Counts since the last pick, added to the state's [`MethodShares`] at the next one: per
    /// execution this is a vector increment, not a metadata lookup.
    runs: Vec<u64>,
    time_ns: Vec<u64>,
    timed: Vec<u64>,
    evaluations: u64,
    /// `--seed`: every run counts as [`FIXED_EXEC_TIME`], so the picks depend on the RNG, the
    /// runs and the growth only (determinism.rs; measured times made a seeded package run
    /// find a bug in one run and miss it in the next). As for LibAFL's recorded times, a seed
    /// alone turns it on, with a time budget too: slow methods are then not picked less.
    fixed_time: bool,
}

impl<CS> MethodScheduler<CS> {
    pub fn new(inner: CS, methods: usize) -> MethodScheduler<CS> {
        MethodScheduler {
            inner,
            methods,
            runs: vec![0; methods],
            time_ns: vec![0; methods],
            timed: vec![0; methods],
            evaluations: 0,
            fixed_time: false,
        }
    }

    /// With `fixed` (a `--seed` run), measured times are replaced by [`FIXED_EXEC_TIME`].
    pub fn with_fixed_time(mut self, fixed: bool) -> MethodScheduler<CS> {
        self.fixed_time = fixed;
        self
    }

    /// Adds the counts since the last pick to the state's.
    fn flush(&mut self, state: &mut State) {
        let s = shares(state, self.methods);
        for m in 0..self.methods {
            s.runs[m] += std::mem::take(&mut self.runs[m]);
            s.time_ns[m] += std::mem::take(&mut self.time_ns[m]);
            s.timed[m] += std::mem::take(&mut self.timed[m]);
        }
    }

    /// The method to fuzz next, or `None` to leave the pick to the wrapped scheduler.
    fn pick_method(&self, state: &mut State) -> Option<usize> {
        let roll = state.rand_mut().below_or_zero(100) as u64;
        let seed = state.rand_mut().next();
        let weigh = state.rand_mut().next_float();
        let s = shares(state, self.methods);
        for g in &mut s.growth {
            *g *= DECAY;
        }
        let live: Vec<usize> = (0..self.methods).filter(|&m| !s.entries[m].is_empty()).collect();
        if live.is_empty() {
            return None;
        }
        let fewest = || {
            // Ties broken from a random start, so equal methods take turns.
            let start = (seed as usize) % live.len();
            (0..live.len()).map(|k| live[(start + k) % live.len()]).min_by_key(|&m| s.runs[m])
        };
        let short = live.iter().any(|&m| s.runs[m] < FAIR_RUNS);
        let (fair, growth) = if short { (FAIR_PICKS, GROWTH_PICKS) } else { (FAIR_PICKS_AFTER, GROWTH_PICKS_AFTER) };
        if roll < fair {
            return fewest();
        }
        if roll >= fair + growth {
            return None;
        }
        let weight = |m: usize| {
            let mean = s.time_ns[m] as f64 / s.timed[m].max(1) as f64;
            (1.0 + GROWTH_WEIGHT * s.growth[m]) * (CHEAP / mean.max(CHEAP))
        };
        let total: f64 = live.iter().map(|&m| weight(m)).sum();
        let mut at = weigh * total;
        for &m in &live {
            at -= weight(m);
            if at <= 0.0 {
                return Some(m);
            }
        }
        live.last().copied()
    }
}

impl<CS> Scheduler<BytesInput, State> for MethodScheduler<CS>
where
    CS: Scheduler<BytesInput, State>,
{
    fn on_add(&mut self, state: &mut State, id: CorpusId) -> Result<(), Error> {
        self.inner.on_add(state, id)?;
        if self.methods > 1 {
            let input = state.corpus().cloned_input_for_id(id)?;
            let m = method_of(input.mutator_bytes(), self.methods);
            let s = shares(state, self.methods);
            s.entries[m].push(id);
            s.growth[m] += 1.0;
        }
        Ok(())
    }

    fn on_evaluation<OT>(&mut self, state: &mut State, input: &BytesInput, observers: &OT) -> Result<(), Error>
    where
        OT: MatchName,
    {
        self.inner.on_evaluation(state, input, observers)?;
        if self.methods > 1 {
            let m = method_of(input.mutator_bytes(), self.methods);
            self.runs[m] += 1;
            self.evaluations += 1;
            if self.evaluations.is_multiple_of(TIME_SAMPLE) {
                #[allow(deprecated)] // by name: the engine's observers are a tuple this module does not name
                let took = if self.fixed_time {
                    Some(FIXED_EXEC_TIME)
                } else {
                    observers.match_name::<TimeObserver>("time").and_then(|t| *t.last_runtime())
                };
                if let Some(t) = took {
                    self.time_ns[m] += u64::try_from(t.as_nanos()).unwrap_or(u64::MAX);
                    self.timed[m] += 1;
                }
            }
        }
        Ok(())
    }

    fn next(&mut self, state: &mut State) -> Result<CorpusId, Error> {
        if self.methods <= 1 {
            return self.inner.next(state);
        }
        self.flush(state);
        let Some(m) = self.pick_method(state) else { return self.inner.next(state) };
        // A few candidates of the method, the first one the minimizer favours (LibAFL's small,
        // fast entries that cover its edges) if any: picking blind ran longer, slower inputs.
        let mut id = None;
        for _ in 0..CANDIDATES {
            let newest = state.rand_mut().coinflip(0.5);
            let r = state.rand_mut().next() as usize;
            let list = &shares(state, self.methods).entries[m];
            let c = if newest && list.len() > 1 {
                let half = list.len() / 2;
                list[half + r % (list.len() - half)]
            } else {
                list[r % list.len()]
            };
            id.get_or_insert(c);
            if state.corpus().get(c)?.borrow().has_metadata::<IsFavoredMetadata>() {
                id = Some(c);
                break;
            }
        }
        let Some(id) = id else { return self.inner.next(state) };
        *state.corpus_mut().current_mut() = Some(id);
        // What the wrapped scheduler's own pick would update (its power schedule's handicap),
        // when the entry has that scheduler's metadata.
        if state.corpus().get(id)?.borrow().has_metadata::<SchedulerTestcaseMetadata>() {
            on_next_metadata_default(state)?;
        }
        Ok(id)
    }

    fn set_current_scheduled(&mut self, state: &mut State, next_id: Option<CorpusId>) -> Result<(), Error> {
        self.inner.set_current_scheduled(state, next_id)
    }
}

/// A mutator that puts the mutant back on its parent's driver method (the input's first one or
/// two bytes) [`KEEP_METHOD`] percent of the time; the rest may wander to other methods.
pub struct KeepMethod<M> {
    inner: M,
    methods: usize,
}

impl<M> KeepMethod<M> {
    pub fn new(inner: M, methods: usize) -> KeepMethod<M> {
        KeepMethod { inner, methods }
    }

    fn prefix(&self) -> usize {
        match self.methods {
            0 | 1 => 0,
            2..=256 => 1,
            _ => 2,
        }
    }
}

impl<M: Named> Named for KeepMethod<M> {
    fn name(&self) -> &Cow<'static, str> {
        self.inner.name()
    }
}

impl<M> Mutator<BytesInput, State> for KeepMethod<M>
where
    M: Mutator<BytesInput, State>,
{
    fn mutate(&mut self, state: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
        let k = self.prefix();
        if k == 0 || input.mutator_bytes().len() < k {
            return self.inner.mutate(state, input);
        }
        let mut before = [0u8; 2];
        before[..k].copy_from_slice(&input.mutator_bytes()[..k]);
        let result = self.inner.mutate(state, input)?;
        let bytes = input.mutator_bytes_mut();
        // A mutant cut shorter than the choice reads the missing bytes as zero: left as it is.
        if bytes.len() >= k && state.rand_mut().below_or_zero(100) < KEEP_METHOD as usize {
            bytes[..k].copy_from_slice(&before[..k]);
        }
        Ok(result)
    }

    fn post_exec(&mut self, state: &mut State, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        self.inner.post_exec(state, new_corpus_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::corpus::Testcase;
    use libafl::schedulers::RandScheduler;

    fn state() -> State {
        crate::state::test_state()
    }

    fn add(state: &mut State, sched: &mut MethodScheduler<RandScheduler<State>>, bytes: &[u8]) -> CorpusId {
        let id = state.corpus_mut().add(Testcase::new(BytesInput::new(bytes.to_vec()))).unwrap();
        sched.on_add(state, id).unwrap();
        id
    }

    #[test]
    fn the_method_with_fewest_runs_comes_first() {
        let mut state = state();
        let mut sched = MethodScheduler::new(RandScheduler::new(), 3);
        for m in 0..3u8 {
            add(&mut state, &mut sched, &[m, 0, 0]);
        }
        // Method 0 and 2 ran a lot, method 1 not at all.
        for _ in 0..500 {
            sched.on_evaluation(&mut state, &BytesInput::new(vec![0, 1]), &()).unwrap();
            sched.on_evaluation(&mut state, &BytesInput::new(vec![2, 1]), &()).unwrap();
        }
        let mut picks = [0u32; 3];
        for _ in 0..1000 {
            let id = sched.next(&mut state).unwrap();
            let b = state.corpus().cloned_input_for_id(id).unwrap();
            picks[usize::from(b.mutator_bytes()[0])] += 1;
        }
        assert!(picks[1] > 700, "{picks:?}");
        assert_eq!(shares(&mut state, 3).runs, vec![500, 0, 500]);
    }

    #[test]
    fn after_the_fair_share_growing_methods_get_more() {
        let mut state = state();
        let mut sched = MethodScheduler::new(RandScheduler::new(), 2);
        add(&mut state, &mut sched, &[0]);
        for _ in 0..20 {
            add(&mut state, &mut sched, &[1, 7]);
        }
        for _ in 0..FAIR_RUNS {
            sched.on_evaluation(&mut state, &BytesInput::new(vec![0]), &()).unwrap();
            sched.on_evaluation(&mut state, &BytesInput::new(vec![1]), &()).unwrap();
        }
        sched.flush(&mut state);
        // The scheduler's own picks (the rest go to the wrapped one).
        let mut picks = [0u32; 2];
        for _ in 0..200 {
            if let Some(m) = sched.pick_method(&mut state) {
                picks[m] += 1;
            }
        }
        assert!(picks[1] > picks[0] * 2, "{picks:?}");
    }

    #[test]
    fn after_the_fair_share_slow_methods_are_picked_less() {
        let mut state = state();
        let mut sched = MethodScheduler::new(RandScheduler::new(), 2);
        add(&mut state, &mut sched, &[0]);
        add(&mut state, &mut sched, &[1]);
        for _ in 0..FAIR_RUNS {
            sched.on_evaluation(&mut state, &BytesInput::new(vec![0]), &()).unwrap();
            sched.on_evaluation(&mut state, &BytesInput::new(vec![1]), &()).unwrap();
        }
        // Method 1's runs took 10 ms each (no time observer in this test: set by hand).
        sched.flush(&mut state);
        let s = shares(&mut state, 2);
        s.time_ns = vec![10_000 * FAIR_RUNS, 10_000_000 * FAIR_RUNS];
        s.timed = vec![FAIR_RUNS, FAIR_RUNS];
        // The scheduler's own picks (the rest go to the wrapped one).
        let mut picks = [0u32; 2];
        for _ in 0..1000 {
            if let Some(m) = sched.pick_method(&mut state) {
                picks[m] += 1;
            }
        }
        assert!(picks[0] > picks[1] * 3, "{picks:?}");
    }

    #[test]
    fn with_a_seed_every_method_counts_as_equally_fast() {
        let mut state = state();
        let mut sched = MethodScheduler::new(RandScheduler::new(), 2).with_fixed_time(true);
        add(&mut state, &mut sched, &[0]);
        add(&mut state, &mut sched, &[1]);
        for m in 0..2u8 {
            for _ in 0..TIME_SAMPLE * 10 {
                sched.on_evaluation(&mut state, &BytesInput::new(vec![m]), &()).unwrap();
            }
        }
        sched.flush(&mut state);
        let s = shares(&mut state, 2);
        let fixed = u64::try_from(FIXED_EXEC_TIME.as_nanos()).unwrap();
        assert_eq!(s.timed, vec![10, 10]);
        assert_eq!(s.time_ns, vec![10 * fixed, 10 * fixed]);
    }

    #[test]
    fn mutants_mostly_keep_their_method() {
        struct Scramble;
        impl Named for Scramble {
            fn name(&self) -> &Cow<'static, str> {
                static N: Cow<'static, str> = Cow::Borrowed("scramble");
                &N
            }
        }
        impl Mutator<BytesInput, State> for Scramble {
            fn mutate(&mut self, _: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
                for b in input.mutator_bytes_mut().iter_mut() {
                    *b = b.wrapping_add(1);
                }
                Ok(MutationResult::Mutated)
            }
            fn post_exec(&mut self, _: &mut State, _: Option<CorpusId>) -> Result<(), Error> {
                Ok(())
            }
        }
        let mut state = state();
        let mut keep = KeepMethod::new(Scramble, 570);
        let mut kept = 0;
        for _ in 0..1000 {
            let mut input = BytesInput::new(vec![1, 2, 3]);
            keep.mutate(&mut state, &mut input).unwrap();
            assert_eq!(input.mutator_bytes()[2], 4, "the rest is mutated");
            kept += u32::from(input.mutator_bytes()[..2] == [1, 2]);
        }
        assert!((850..=950).contains(&kept), "{kept}");
    }
}
