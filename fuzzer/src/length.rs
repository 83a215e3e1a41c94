//! How long the mutators may make an input: libFuzzer's `-len_control` as a stage.
//!
//! Short inputs are cheap to run and each mutation changes a larger share of them, so a
//! campaign starts with inputs of at most 4 bytes (or the longest seed) and lets them grow
//! only while coverage stalls: every `len_control * log2(limit)` executions that add nothing
//! to the corpus raise the limit by `log2(limit)` bytes, up to `--max-len`. This is
//! libFuzzer's rule (`FuzzerLoop.cpp`, `TmpMaxMutationLen`), and Jazzer runs with it. Without
//! it, a parser that reads every byte (jsoup) spent its executions on inputs of hundreds of
//! bytes where a few dozen reach the same code.
//!
//! The limit is the state's `max_size`, which LibAFL's mutators already respect. The mutators
//! that put a value the target compared against into the input ([`crate::recent`]) may go up
//! to `--max-len` instead ([`directed_max`]), and so does the dictionary's insert ([`Directed`]
//! around LibAFL's `TokenInsert`, which cuts a token to the room left): that value is what the
//! target asked for, and a limit of a few bytes would hold back a `${jndi:ldap://...}` that
//! guidance already found. Grammar mode's trees are bounded by `--max-len` alone.

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};

use libafl::corpus::{Corpus, CorpusId};
use libafl::mutators::{MutationResult, Mutator};
use libafl::stages::{Restartable, Stage};
use libafl::state::{HasCorpus, HasExecutions, HasMaxSize};
use libafl::Error;
use libafl_bolts::Named;

use crate::state::State;

/// The shortest limit (libFuzzer's).
const MIN_LIMIT: usize = 4;

/// libFuzzer's default `-len_control`.
pub const DEFAULT_LEN_CONTROL: u64 = 100;

/// `--max-len` of this process's campaign (one campaign per process), for [`directed_max`].
static HARD_MAX: AtomicUsize = AtomicUsize::new(0);

/// The longest input a mutator that inserts a value the target compared against may make:
/// `--max-len`, not the length-control limit.
pub fn directed_max<S: HasMaxSize>(state: &S) -> usize {
    state.max_size().max(HARD_MAX.load(Ordering::Relaxed))
}

/// The rule, apart from LibAFL's state so it can be tested alone.
#[derive(Debug, Clone)]
pub struct LengthRule {
    /// Executions per byte of `log2(limit)` that must stall before the limit grows; 0: no control.
    len_control: u64,
    /// `--max-len`.
    max_len: usize,
    /// The current limit; 0 until the first update.
    limit: usize,
    /// Corpus size and execution count when the corpus last grew or the limit last moved.
    corpus: usize,
    since: u64,
}

impl LengthRule {
    pub fn new(len_control: u64, max_len: usize) -> Self {
        Self { len_control, max_len: max_len.max(1), limit: 0, corpus: 0, since: 0 }
    }

    /// The limit after `executions` executions with a corpus of `corpus` entries, the longest
    /// of them `longest` bytes (read only on the first update: the seeds set the start).
    pub fn update(&mut self, corpus: usize, executions: u64, longest: impl FnOnce() -> usize) -> usize {
        if self.len_control == 0 {
            return self.max_len;
        }
        if self.limit == 0 {
            self.limit = longest().max(MIN_LIMIT).min(self.max_len);
            self.corpus = corpus;
            self.since = executions;
        }
        if corpus != self.corpus {
            self.corpus = corpus;
            self.since = executions;
        }
        // One check per scheduled entry, which may run hundreds of executions: take every
        // step libFuzzer would have taken meanwhile (it checks every few executions).
        while self.limit < self.max_len {
            let step = log2(self.limit);
            let wait = self.len_control.saturating_mul(step as u64);
            if executions.saturating_sub(self.since) <= wait {
                break;
            }
            self.since = self.since.saturating_add(wait);
            self.limit = (self.limit + step).min(self.max_len);
        }
        self.limit
    }
}

fn log2(n: usize) -> usize {
    n.max(1).ilog2() as usize
}

/// Sets the state's `max_size` by [`LengthRule`] before each scheduled entry is fuzzed.
#[derive(Debug)]
pub struct LengthControl {
    rule: LengthRule,
}

impl LengthControl {
    pub fn new(len_control: u64, max_len: usize) -> Self {
        HARD_MAX.store(max_len.max(1), Ordering::Relaxed);
        Self { rule: LengthRule::new(len_control, max_len) }
    }
}

impl<S> Restartable<S> for LengthControl {
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}

impl<E, EM, Z> Stage<E, EM, State, Z> for LengthControl {
    fn perform(
        &mut self,
        _fuzzer: &mut Z,
        _executor: &mut E,
        state: &mut State,
        _manager: &mut EM,
    ) -> Result<(), Error> {
        let count = state.corpus().count();
        let executions = *state.executions();
        let limit = self.rule.update(count, executions, || longest(state));
        state.set_max_size(limit);
        Ok(())
    }
}

/// A mutator that may make inputs up to `--max-len` whatever the length-control limit.
#[derive(Debug)]
pub struct Directed<M>(pub M);

impl<I, S: HasMaxSize, M: Mutator<I, S>> Mutator<I, S> for Directed<M> {
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let limit = state.max_size();
        state.set_max_size(directed_max(state));
        let result = self.0.mutate(state, input);
        state.set_max_size(limit);
        result
    }

    fn post_exec(&mut self, state: &mut S, new: Option<CorpusId>) -> Result<(), Error> {
        self.0.post_exec(state, new)
    }
}

impl<M: Named> Named for Directed<M> {
    fn name(&self) -> &Cow<'static, str> {
        self.0.name()
    }
}

/// The longest input in the corpus (its seeds, on the first update).
fn longest(state: &State) -> usize {
    let corpus = state.corpus();
    let mut most = 0;
    let mut id = corpus.first();
    while let Some(i) = id {
        if let Ok(tc) = corpus.get(i) {
            if let Some(input) = tc.borrow().input() {
                most = most.max(input.as_ref().len());
            }
        }
        id = corpus.next(i);
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_at_four_bytes_or_the_longest_seed() {
        assert_eq!(LengthRule::new(100, 4096).update(0, 0, || 0), 4);
        assert_eq!(LengthRule::new(100, 4096).update(3, 0, || 300), 300);
        assert_eq!(LengthRule::new(100, 100).update(3, 0, || 300), 100);
        assert_eq!(LengthRule::new(0, 4096).update(0, 0, || 0), 4096);
    }

    #[test]
    fn grows_by_log2_per_stall_of_len_control_times_log2() {
        let mut r = LengthRule::new(100, 4096);
        assert_eq!(r.update(1, 0, || 0), 4);
        // log2(4) = 2: 200 stalled executions are not enough, 201 are.
        assert_eq!(r.update(1, 200, || 0), 4);
        assert_eq!(r.update(1, 201, || 0), 6);
        // A new corpus entry restarts the wait.
        assert_eq!(r.update(2, 1_000, || 0), 6);
        assert_eq!(r.update(2, 1_200, || 0), 6);
        assert_eq!(r.update(2, 1_201, || 0), 8);
    }

    /// Records the size limit it was called with.
    struct SeesLimit(usize);

    impl<I, S: HasMaxSize> Mutator<I, S> for SeesLimit {
        fn mutate(&mut self, state: &mut S, _input: &mut I) -> Result<MutationResult, Error> {
            self.0 = state.max_size();
            Ok(MutationResult::Skipped)
        }

        fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    impl Named for SeesLimit {
        fn name(&self) -> &Cow<'static, str> {
            static NAME: Cow<'static, str> = Cow::Borrowed("SeesLimit");
            &NAME
        }
    }

    struct Limit(usize);

    impl HasMaxSize for Limit {
        fn max_size(&self) -> usize {
            self.0
        }
        fn set_max_size(&mut self, max_size: usize) {
            self.0 = max_size;
        }
    }

    #[test]
    fn a_directed_mutator_may_go_to_max_len_and_the_limit_comes_back() {
        // The same --max-len every test of this process would give (one campaign per process).
        let _stage = LengthControl::new(DEFAULT_LEN_CONTROL, 4096);
        let mut state = Limit(6);
        let mut m = Directed(SeesLimit(0));
        m.mutate(&mut state, &mut ()).ok();
        assert_eq!(m.0 .0, 4096);
        assert_eq!(state.0, 6);
    }

    #[test]
    fn a_long_stall_takes_every_step_at_once_up_to_max_len() {
        let mut r = LengthRule::new(100, 4096);
        r.update(1, 0, || 0);
        // From 4 to 512 bytes libFuzzer needs about 100 * 512 stalled executions.
        let at = r.update(1, 60_000, || 0);
        assert!((512..1024).contains(&at), "{at}");
        assert_eq!(r.update(1, u64::MAX / 2, || 0), 4096);
    }
}
