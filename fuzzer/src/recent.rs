//! The table of recently compared values (libFuzzer's "TORC"): both operands of the string and
//! byte-array comparisons the target made in the traced executions (`cmp_values`), among them
//! the values Jazzer's API and the bug detectors guide towards. Two havoc mutators insert one anywhere in the input or overwrite
//! bytes with it, so a value the input must contain reaches it even when nothing of it is in
//! the input yet (input-to-state replacement only rewrites bytes the input already has) and
//! without waiting to be seen often enough to become a dictionary token.

use std::borrow::Cow;
use std::num::NonZero;
use std::sync::Mutex;

use libafl::corpus::CorpusId;
use libafl::inputs::{HasMutatorBytes, ResizableMutator};
use libafl::mutators::{MutationResult, Mutator};
use libafl::state::{HasMaxSize, HasRand};
use libafl::Error;
use libafl_bolts::rands::Rand;
use libafl_bolts::Named;

/// Entries kept; the oldest goes first.
const CAPACITY: usize = 256;
const MIN_LEN: usize = 2;
const MAX_LEN: usize = 128;

struct Table {
    values: Vec<Vec<u8>>,
    next: usize,
}

static TABLE: Mutex<Table> = Mutex::new(Table { values: Vec::new(), next: 0 });

/// Records a compared value (ignored if too short or long, or already in the table).
pub fn note(value: &[u8]) {
    if !(MIN_LEN..=MAX_LEN).contains(&value.len()) {
        return;
    }
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if t.values.iter().any(|v| v == value) {
        return;
    }
    if t.values.len() < CAPACITY {
        t.values.push(value.to_vec());
    } else {
        let i = t.next;
        t.values[i] = value.to_vec();
        t.next = (i + 1) % CAPACITY;
    }
}

/// A random entry of the table.
pub fn pick<R: Rand>(rand: &mut R) -> Option<Vec<u8>> {
    let t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    let n = NonZero::new(t.values.len())?;
    Some(t.values[rand.below(n)].clone())
}

/// Inserts a recently compared value at a random position.
#[derive(Debug, Default)]
pub struct RecentInsert;

impl<I, S> Mutator<I, S> for RecentInsert
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let Some(value) = pick(state.rand_mut()) else { return Ok(MutationResult::Skipped) };
        let size = input.mutator_bytes().len();
        if size + value.len() > state.max_size() {
            return Ok(MutationResult::Skipped);
        }
        let Some(slots) = NonZero::new(size + 1) else { return Ok(MutationResult::Skipped) };
        let at = state.rand_mut().below(slots);
        input.resize(size + value.len(), 0);
        let bytes = input.mutator_bytes_mut();
        bytes.copy_within(at..size, at + value.len());
        bytes[at..at + value.len()].copy_from_slice(&value);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for RecentInsert {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("RecentInsert");
        &NAME
    }
}

/// Overwrites bytes at a random position with a recently compared value.
#[derive(Debug, Default)]
pub struct RecentReplace;

impl<I, S> Mutator<I, S> for RecentReplace
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        let Some(value) = pick(state.rand_mut()) else { return Ok(MutationResult::Skipped) };
        if value.len() > size {
            return Ok(MutationResult::Skipped);
        }
        let Some(slots) = NonZero::new(size - value.len() + 1) else { return Ok(MutationResult::Skipped) };
        let at = state.rand_mut().below(slots);
        input.mutator_bytes_mut()[at..at + value.len()].copy_from_slice(&value);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for RecentReplace {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("RecentReplace");
        &NAME
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::inputs::BytesInput;
    use libafl::state::NopState;

    #[test]
    fn values_are_inserted_and_overwritten_anywhere() {
        note(b"jazzer_recent_value");
        let mut state: NopState<BytesInput> = NopState::new();
        let mut seen_insert = false;
        let mut seen_replace = false;
        // The table is shared with the other test, which may have filled it: try often enough.
        for _ in 0..20_000 {
            if seen_insert && seen_replace {
                break;
            }
            let mut input = BytesInput::new(b"0123456789abcdefghijklmnopqrstuvwxyz".to_vec());
            if RecentInsert.mutate(&mut state, &mut input).unwrap() == MutationResult::Mutated {
                let b: &[u8] = input.as_ref();
                seen_insert |= b.len() == 36 + 19 && b.windows(19).any(|w| w == b"jazzer_recent_value");
            }
            let mut input = BytesInput::new(b"0123456789abcdefghijklmnopqrstuvwxyz".to_vec());
            if RecentReplace.mutate(&mut state, &mut input).unwrap() == MutationResult::Mutated {
                let b: &[u8] = input.as_ref();
                seen_replace |= b.len() == 36 && b.windows(19).any(|w| w == b"jazzer_recent_value");
            }
        }
        assert!(seen_insert && seen_replace);
    }

    #[test]
    fn the_table_keeps_the_newest_values_without_duplicates() {
        for i in 0..(CAPACITY + 10) {
            note(format!("value-{i:04}").as_bytes());
        }
        note(b"value-0300");
        let t = TABLE.lock().unwrap();
        assert_eq!(t.values.len(), CAPACITY);
        assert!(!t.values.iter().any(|v| v == b"value-0000"), "the oldest went first");
        assert_eq!(t.values.iter().filter(|v| v.as_slice() == b"value-0300").count(), 1);
    }
}
