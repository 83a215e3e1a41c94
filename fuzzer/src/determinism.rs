//! `--seed N`: makes a single-job run reproducible (same seed, same `--runs` → same corpus and
//! findings).
//!
//! The state's RNG is seeded from `--seed` (engine.rs); everything LibAFL draws comes from it.
//! What else made two runs differ is measured time: LibAFL records each corpus entry's execution
//! time (`TimeFeedback` when the entry is added, `CalibrationStage` when it is first scheduled,
//! which also adds to the global average), and the power schedule (how many mutations an entry
//! gets), the weighted scheduler (how often it is picked) and the minimizer's length × time
//! penalty (which entry is favoured for an edge) all read it. JIT warm-up and a shared machine
//! make those times differ from run to run, so the search diverged after the first calibration.
//! With a seed, [`FixedExecTime`] (a feedback placed after `TimeFeedback`) and
//! [`FixedTimesStage`] (a stage right after calibration) replace every recorded time by
//! [`FIXED_EXEC_TIME`]: the schedules then depend on input length, coverage and the RNG only.
//!
//! Still not deterministic (see fuzzer/README.md): `--jobs` > 1 (clients exchange inputs when
//! they happen to), `--max-total-time` (a time budget), timeouts, native crashes (a restart),
//! and targets that are not deterministic themselves (identity hash codes, threads, clocks).

use std::borrow::Cow;
use std::time::Duration;

use libafl::corpus::{Corpus, HasCurrentCorpusId, Testcase};
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl::schedulers::powersched::SchedulerMetadata;
use libafl::stages::{Restartable, Stage};
use libafl::state::HasCorpus;
use libafl::{Error, HasMetadata};
use libafl_bolts::Named;

use crate::state::State;

/// The RNG seed of client `client` of a `--seed` run: `seed` itself for client 0 (so a
/// single-job run is what `--seed` says), a distinct one for each other client. With one seed
/// for all, the clients of `--jobs N` mutated in lockstep: the same inputs, found at the same
/// moment, N times over.
pub fn client_seed(seed: u64, client: usize) -> u64 {
    seed ^ (client as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The execution time every corpus entry is recorded with under `--seed`. Under a millisecond,
/// like almost every real execution here, so the minimizer's penalty (length × whole
/// milliseconds) is 0 as in an unseeded run. (1 ms makes the penalty prefer shorter inputs,
/// which found the planted DivMagic bug for fewer seeds.)
pub const FIXED_EXEC_TIME: Duration = Duration::from_micros(100);

/// Overwrites the execution time `TimeFeedback` recorded on a new corpus entry (when on).
#[derive(Debug, Clone, Copy)]
pub struct FixedExecTime {
    on: bool,
}

impl FixedExecTime {
    pub fn new(on: bool) -> Self {
        Self { on }
    }
}

impl Named for FixedExecTime {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("fixed_exec_time");
        &NAME
    }
}

impl<S> StateInitializer<S> for FixedExecTime {}

impl<EM, I, OT, S> Feedback<EM, I, OT, S> for FixedExecTime {
    fn append_metadata(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _observers: &OT,
        testcase: &mut Testcase<I>,
    ) -> Result<(), Error> {
        if self.on {
            *testcase.exec_time_mut() = Some(FIXED_EXEC_TIME);
        }
        Ok(())
    }
}

/// Runs right after `CalibrationStage`: replaces the times it measured for the current entry
/// and added to the power schedule's global average (when on).
#[derive(Debug, Clone, Copy)]
pub struct FixedTimesStage {
    on: bool,
}

impl FixedTimesStage {
    pub fn new(on: bool) -> Self {
        Self { on }
    }
}

impl<S> Restartable<S> for FixedTimesStage {
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}

impl<E, EM, Z> Stage<E, EM, State, Z> for FixedTimesStage {
    fn perform(
        &mut self,
        _fuzzer: &mut Z,
        _executor: &mut E,
        state: &mut State,
        _manager: &mut EM,
    ) -> Result<(), Error> {
        if !self.on {
            return Ok(());
        }
        if let Some(id) = state.current_corpus_id()? {
            *state.corpus().get(id)?.borrow_mut().exec_time_mut() = Some(FIXED_EXEC_TIME);
        }
        if let Ok(meta) = state.metadata_mut::<SchedulerMetadata>() {
            let cycles = u32::try_from(meta.cycles()).unwrap_or(u32::MAX);
            meta.set_exec_time(FIXED_EXEC_TIME.saturating_mul(cycles));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::client_seed;

    #[test]
    fn client_zero_keeps_the_seed_and_others_differ() {
        assert_eq!(client_seed(1, 0), 1);
        let seeds: std::collections::HashSet<u64> = (0..64).map(|c| client_seed(1, c)).collect();
        assert_eq!(seeds.len(), 64);
    }
}
