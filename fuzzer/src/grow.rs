//! Growing an input by a whole block at once, as libFuzzer's `InsertRepeatedBytes` and
//! `CopyPart` (its insert-a-part-of-itself half) do; LibAFL's inserting mutators add at most 16
//! bytes per mutation. A target that reads nothing until it has a full record (a 512-byte tar
//! header, a fixed-size file header) gives no coverage to reward the thirty-odd growth steps in
//! between, so with those alone the corpus stays short for ever. [`InsertRepeatedBytes`] adds
//! 3 to 128 copies of one byte (zero, 0xff or a random one, as libFuzzer picks them);
//! [`InsertSelfCopy`] inserts a copy of up to the whole input into itself, doubling it. A few
//! of them in one chain of mutations ([`crate::depth`]) reach such a length.
//!
//! Both stay within the state's `max_size`, which length control ([`crate::length`]) keeps
//! short while coverage still grows and raises when it stalls.

use std::borrow::Cow;
use std::num::NonZero;

use libafl::corpus::CorpusId;
use libafl::inputs::{HasMutatorBytes, ResizableMutator};
use libafl::mutators::{MutationResult, Mutator};
use libafl::state::{HasMaxSize, HasRand};
use libafl::Error;
use libafl_bolts::rands::Rand;
use libafl_bolts::Named;

/// The fewest and the most bytes one mutation inserts (libFuzzer's bounds).
const MIN_INSERT: usize = 3;
const MAX_INSERT: usize = 128;

/// Inserts a run of 3 to 128 equal bytes (see the module comment).
#[derive(Debug, Default)]
pub struct InsertRepeatedBytes;

impl<I, S> Mutator<I, S> for InsertRepeatedBytes
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        let room = state.max_size().saturating_sub(size).min(MAX_INSERT);
        let Some(spread) = NonZero::new(room.saturating_sub(MIN_INSERT) + 1).filter(|_| room >= MIN_INSERT) else {
            return Ok(MutationResult::Skipped);
        };
        let count = MIN_INSERT + state.rand_mut().below(spread);
        let byte = match state.rand_mut().below(nonzero(4)) {
            0 => 0,
            1 => 0xff,
            _ => state.rand_mut().below(nonzero(256)) as u8,
        };
        let at = state.rand_mut().below(nonzero(size + 1));
        input.resize(size + count, 0);
        let bytes = input.mutator_bytes_mut();
        bytes.copy_within(at..size, at + count);
        bytes[at..at + count].fill(byte);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for InsertRepeatedBytes {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("InsertRepeatedBytes");
        &NAME
    }
}

/// Inserts a copy of a part of the input, up to all of it, somewhere in it (see the module comment).
#[derive(Debug, Default)]
pub struct InsertSelfCopy;

impl<I, S> Mutator<I, S> for InsertSelfCopy
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        let Some(most) = NonZero::new(size.min(state.max_size().saturating_sub(size))) else {
            return Ok(MutationResult::Skipped);
        };
        let len = 1 + state.rand_mut().below(most);
        let from = state.rand_mut().below(nonzero(size - len + 1));
        let at = state.rand_mut().below(nonzero(size + 1));
        let part = input.mutator_bytes()[from..from + len].to_vec();
        input.resize(size + len, 0);
        let bytes = input.mutator_bytes_mut();
        bytes.copy_within(at..size, at + len);
        bytes[at..at + len].copy_from_slice(&part);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for InsertSelfCopy {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("InsertSelfCopy");
        &NAME
    }
}

fn nonzero(n: usize) -> NonZero<usize> {
    NonZero::new(n).unwrap_or(NonZero::<usize>::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::inputs::BytesInput;
    use libafl_bolts::rands::StdRand;

    /// Just what the mutator needs: a random source and a size limit.
    struct Limits {
        rand: StdRand,
        max_size: usize,
    }

    impl HasRand for Limits {
        type Rand = StdRand;
        fn rand(&self) -> &StdRand {
            &self.rand
        }
        fn rand_mut(&mut self) -> &mut StdRand {
            &mut self.rand
        }
    }

    impl HasMaxSize for Limits {
        fn max_size(&self) -> usize {
            self.max_size
        }
        fn set_max_size(&mut self, max_size: usize) {
            self.max_size = max_size;
        }
    }

    fn limits(max_size: usize) -> Limits {
        Limits { rand: StdRand::with_seed(7), max_size }
    }

    #[test]
    fn inserts_a_run_of_one_byte_within_the_bounds_and_keeps_the_rest() {
        let mut state = limits(4096);
        let original = b"head|tail".to_vec();
        let mut grown = 0;
        for _ in 0..200 {
            let mut input = BytesInput::new(original.clone());
            assert_eq!(InsertRepeatedBytes.mutate(&mut state, &mut input).ok(), Some(MutationResult::Mutated));
            let out = input.mutator_bytes().to_vec();
            let n = out.len() - original.len();
            assert!((MIN_INSERT..=MAX_INSERT).contains(&n), "inserted {n}");
            // Exactly one run was inserted: some split of the original around n equal bytes.
            let ok = (0..=original.len()).any(|at| {
                out[..at] == original[..at]
                    && out[at + n..] == original[at..]
                    && out[at..at + n].iter().all(|&b| b == out[at])
            });
            assert!(ok, "{out:?}");
            grown = grown.max(n);
        }
        assert!(grown > 64, "runs stayed short: at most {grown}");
    }

    #[test]
    fn a_self_copy_inserts_a_part_of_the_input_and_can_double_it() {
        let mut state = limits(4096);
        let original: Vec<u8> = (0u8..64).collect();
        let mut longest = 0;
        for _ in 0..300 {
            let mut input = BytesInput::new(original.clone());
            assert_eq!(InsertSelfCopy.mutate(&mut state, &mut input).ok(), Some(MutationResult::Mutated));
            let out = input.mutator_bytes().to_vec();
            let n = out.len() - original.len();
            assert!((1..=original.len()).contains(&n), "inserted {n}");
            // Some split of the original around n consecutive bytes of the original.
            let ok = (0..=original.len()).any(|at| {
                out[..at] == original[..at]
                    && out[at + n..] == original[at..]
                    && original.windows(n).any(|w| w == &out[at..at + n])
            });
            assert!(ok, "{out:?}");
            longest = longest.max(n);
        }
        assert_eq!(longest, original.len(), "never copied the whole input");
        let mut empty = BytesInput::new(Vec::new());
        assert_eq!(InsertSelfCopy.mutate(&mut state, &mut empty).ok(), Some(MutationResult::Skipped));
    }

    #[test]
    fn never_grows_past_the_maximum_size() {
        let mut state = limits(12);
        let mut input = BytesInput::new(b"0123456789".to_vec());
        assert_eq!(InsertRepeatedBytes.mutate(&mut state, &mut input).ok(), Some(MutationResult::Skipped));
        state.set_max_size(14);
        for _ in 0..50 {
            let mut input = BytesInput::new(b"0123456789".to_vec());
            InsertRepeatedBytes.mutate(&mut state, &mut input).ok();
            assert!(input.mutator_bytes().len() <= 14);
            let mut input = BytesInput::new(b"0123456789".to_vec());
            InsertSelfCopy.mutate(&mut state, &mut input).ok();
            assert!(input.mutator_bytes().len() <= 14);
        }
    }
}
