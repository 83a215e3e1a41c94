//! How many mutations an execution pays for. LibAFL's havoc copies the corpus entry and stacks
//! 2..2^N fresh mutations on the copy for every execution, so a fast target spends most of its
//! loop mutating. libFuzzer (and so Jazzer) applies one mutation per execution instead, to the
//! previous mutant of the same entry, up to a depth of five, and starts again from the entry
//! after one found new coverage. [`Deepen`] does either around a one-mutation scheduler:
//! [`Deepen::chained`] for harnesses, where each execution pays for one mutation while the
//! inputs tried still carry one to [`DEPTH`]; [`Deepen::stacked`] (havoc's) for generated
//! drivers, whose inputs are tapes of typed values: there one mutation moves one value, the
//! methods' own cost dwarfs the mutations', and the wider jumps found more within a budget.

use std::borrow::Cow;

use libafl::corpus::{CorpusId, HasCurrentCorpusId};
use libafl::inputs::{BytesInput, HasMutatorBytes, ResizableMutator};
use libafl::mutators::{MutationResult, Mutator};
use libafl::state::HasRand;
use libafl::Error;
use libafl_bolts::rands::Rand;
use libafl_bolts::Named;

use crate::state::State;

/// The most mutations one chain stacks before it starts again from the entry
/// (libFuzzer's `-mutate_depth` default).
pub const DEPTH: usize = 5;

/// Tries of the inner mutator per execution before giving up (a mutation can find nothing to
/// do: no token to insert, no room to grow); libFuzzer tries up to 100 times too.
const ATTEMPTS: usize = 100;

/// Chains mutations onto the previous mutant, or stacks them on a fresh copy (see the module
/// comment). `inner` applies one mutation per call.
pub struct Deepen<M> {
    inner: M,
    /// None: one mutation per execution, chained up to [`DEPTH`]; Some(N): 2..=2^N on a fresh
    /// copy of the entry, as LibAFL's havoc picks them.
    stack_pow: Option<usize>,
    /// The last mutant of the chain and how many steps it carries (0: start from the entry).
    last: Vec<u8>,
    depth: usize,
    /// The entry the chain grew from.
    entry: Option<CorpusId>,
}

impl<M> Deepen<M> {
    /// One mutation per execution, chained up to [`DEPTH`] (libFuzzer's).
    pub fn chained(inner: M) -> Deepen<M> {
        Deepen { inner, stack_pow: None, last: Vec::new(), depth: 0, entry: None }
    }

    /// 2..=2^`max_stack_pow` mutations on a fresh copy of the entry per execution (LibAFL's
    /// `HavocScheduledMutator`).
    pub fn stacked(inner: M, max_stack_pow: usize) -> Deepen<M> {
        Deepen { inner, stack_pow: Some(max_stack_pow), last: Vec::new(), depth: 0, entry: None }
    }
}

impl<M: Named> Named for Deepen<M> {
    fn name(&self) -> &Cow<'static, str> {
        self.inner.name()
    }
}

impl<M> Mutator<BytesInput, State> for Deepen<M>
where
    M: Mutator<BytesInput, State>,
{
    fn mutate(&mut self, state: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
        if let Some(pow) = self.stack_pow {
            let mut result = MutationResult::Skipped;
            for _ in 0..1u64 << (1 + state.rand_mut().below_or_zero(pow)) {
                if self.inner.mutate(state, input)? == MutationResult::Mutated {
                    result = MutationResult::Mutated;
                }
            }
            return Ok(result);
        }
        let entry = state.current_corpus_id()?;
        if entry != self.entry || self.depth >= DEPTH {
            self.entry = entry;
            self.depth = 0;
        }
        if self.depth > 0 {
            input.resize(self.last.len(), 0);
            input.mutator_bytes_mut().copy_from_slice(&self.last);
        }
        for _ in 0..ATTEMPTS {
            if self.inner.mutate(state, input)? == MutationResult::Mutated {
                self.depth += 1;
                self.last.clear();
                self.last.extend_from_slice(input.mutator_bytes());
                return Ok(MutationResult::Mutated);
            }
        }
        Ok(MutationResult::Skipped)
    }

    fn post_exec(&mut self, state: &mut State, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        // The mutant is an entry of its own now, fuzzed in its own rounds.
        if new_corpus_id.is_some() {
            self.depth = 0;
        }
        self.inner.post_exec(state, new_corpus_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::corpus::{Corpus, Testcase};
    use libafl::state::HasCorpus;

    /// Appends one byte per call, so a mutant's length is the number of mutations it carries.
    struct AppendOne;

    impl Named for AppendOne {
        fn name(&self) -> &Cow<'static, str> {
            static NAME: Cow<'static, str> = Cow::Borrowed("AppendOne");
            &NAME
        }
    }

    impl Mutator<BytesInput, State> for AppendOne {
        fn mutate(&mut self, _: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
            let n = input.mutator_bytes().len();
            input.resize(n + 1, b'x');
            Ok(MutationResult::Mutated)
        }
        fn post_exec(&mut self, _: &mut State, _: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    /// Never finds anything to do.
    struct Nothing;

    impl Named for Nothing {
        fn name(&self) -> &Cow<'static, str> {
            static NAME: Cow<'static, str> = Cow::Borrowed("Nothing");
            &NAME
        }
    }

    impl Mutator<BytesInput, State> for Nothing {
        fn mutate(&mut self, _: &mut State, _: &mut BytesInput) -> Result<MutationResult, Error> {
            Ok(MutationResult::Skipped)
        }
        fn post_exec(&mut self, _: &mut State, _: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    fn state_on_entry() -> (State, CorpusId, CorpusId) {
        let mut state = crate::state::test_state();
        let a = state.corpus_mut().add(Testcase::new(BytesInput::new(b"a".to_vec()))).unwrap();
        let b = state.corpus_mut().add(Testcase::new(BytesInput::new(b"b".to_vec()))).unwrap();
        state.set_corpus_id(a).unwrap();
        (state, a, b)
    }

    /// What the stage does per iteration: a fresh copy of the entry, mutated.
    fn one(m: &mut Deepen<AppendOne>, state: &mut State, entry: &[u8]) -> Vec<u8> {
        let mut input = BytesInput::new(entry.to_vec());
        assert_eq!(m.mutate(state, &mut input).unwrap(), MutationResult::Mutated);
        m.post_exec(state, None).unwrap();
        input.mutator_bytes().to_vec()
    }

    #[test]
    fn each_execution_adds_one_mutation_to_the_last_up_to_the_depth() {
        let (mut state, _, _) = state_on_entry();
        let mut m = Deepen::chained(AppendOne);
        let lengths: Vec<usize> = (0..12).map(|_| one(&mut m, &mut state, b"a").len()).collect();
        assert_eq!(lengths, [2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 2, 3]);
    }

    #[test]
    fn new_coverage_or_another_entry_starts_from_the_entry() {
        let (mut state, _, b) = state_on_entry();
        let mut m = Deepen::chained(AppendOne);
        assert_eq!(one(&mut m, &mut state, b"a"), b"ax");
        assert_eq!(one(&mut m, &mut state, b"a"), b"axx");
        // The mutant was kept as an entry: the next one starts over.
        let mut input = BytesInput::new(b"a".to_vec());
        m.mutate(&mut state, &mut input).unwrap();
        m.post_exec(&mut state, Some(CorpusId(7))).unwrap();
        assert_eq!(one(&mut m, &mut state, b"a"), b"ax");
        state.set_corpus_id(b).unwrap();
        assert_eq!(one(&mut m, &mut state, b"b"), b"bx");
    }

    #[test]
    fn stacked_mutations_start_from_the_entry_every_time() {
        let (mut state, _, _) = state_on_entry();
        let mut m = Deepen::stacked(AppendOne, 3);
        for _ in 0..50 {
            let added = one(&mut m, &mut state, b"a").len() - 1;
            assert!([2, 4, 8].contains(&added), "{added}");
        }
    }

    #[test]
    fn a_mutator_with_nothing_to_do_skips_the_execution() {
        let (mut state, _, _) = state_on_entry();
        let mut m = Deepen::chained(Nothing);
        let mut input = BytesInput::new(b"a".to_vec());
        assert_eq!(m.mutate(&mut state, &mut input).unwrap(), MutationResult::Skipped);
        assert_eq!(input.mutator_bytes(), b"a");
    }
}
