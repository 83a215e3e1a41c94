//! The table of recently compared values (libFuzzer's "TORC"): both operands of the string and
//! byte-array comparisons the target made in the traced executions (`cmp_values`), among them
//! the values Jazzer's API and the bug detectors guide towards, which also have a small table
//! of their own that half of the picks come from. Two havoc mutators insert one anywhere in the
//! input or overwrite bytes with it, so a value the input must contain reaches it even when
//! nothing of it is in the input yet (input-to-state replacement only rewrites bytes the input
//! already has) and without waiting to be seen often enough to become a dictionary token.
//! Two splicing mutators replace a value where the input holds it, whatever the lengths: a
//! guided one by what it was guided towards ([`GuidedSplice`]), and a key a map lookup missed
//! by a key the map holds ([`KeySplice`]: keyword tables, lookups by prefix). And one for typed
//! inputs, [`TypedSplice`]: a decoded string replaced by what it was compared with, length byte
//! and all, at the place the decoder read it from.
//!
//! With generated drivers the tables are kept per driver method (the *scope*): a package's
//! hundreds of methods compare and guide towards values of their own, and one method's
//! detector payload pushed out by the others', or picked once in hundreds, would be found late
//! or never. A value goes to the scope of the execution that produced it ([`enter`]), and a
//! mutator picks from the scope of the input it mutates ([`scope_of`]). Without drivers there
//! is one scope; with thousands, each keeps fewer compared values and missed keys
//! ([`COMPARED_TOTAL`]). The typed splices stay one table: they are one traced input's. A
//! mutation stack that changes an input's method bytes picks from the new method's tables
//! until `KeepMethod` puts the method back.

use std::borrow::Cow;
use std::num::NonZero;
use std::sync::atomic::{AtomicUsize, Ordering};
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
/// Values the harness or a bug detector asked for (Jazzer's `guideTowards*`, the detectors'
/// payloads): few, and each one a value some input must contain to reach a finding, so half
/// of the picks come from them rather than from the hundreds of ordinary comparisons.
const GUIDED_CAPACITY: usize = 32;
const MIN_LEN: usize = 2;
const MAX_LEN: usize = 128;

#[derive(Default)]
struct Table {
    values: Vec<Vec<u8>>,
    next: usize,
}

impl Table {
    fn add(&mut self, value: &[u8], capacity: usize) {
        if !(MIN_LEN..=MAX_LEN).contains(&value.len()) || self.values.iter().any(|v| v == value) {
            return;
        }
        if self.values.len() < capacity {
            self.values.push(value.to_vec());
        } else {
            let i = self.next;
            self.values[i] = value.to_vec();
            self.next = (i + 1) % capacity;
        }
    }

    fn pick<R: Rand>(&self, rand: &mut R) -> Option<Vec<u8>> {
        let n = NonZero::new(self.values.len())?;
        Some(self.values[rand.below(n)].clone())
    }
}

/// (what the target had, what it was guided towards), newest last: [`GuidedSplice`] puts the
/// wanted value where the input holds the actual one.
#[derive(Default)]
struct Pairs {
    pairs: Vec<(Vec<u8>, Vec<u8>)>,
    next: usize,
}

impl Pairs {
    /// Adds a pair unless it is there; past `capacity`, the oldest goes.
    fn add(&mut self, actual: &[u8], wanted: &[u8], capacity: usize) {
        if self.pairs.iter().any(|(a, w)| a == actual && w == wanted) {
            return;
        }
        let pair = (actual.to_vec(), wanted.to_vec());
        if self.pairs.len() < capacity {
            self.pairs.push(pair);
        } else {
            self.pairs[self.next] = pair;
            self.next = (self.next + 1) % capacity;
        }
    }
}

const PAIRS_CAPACITY: usize = 64;
const KEY_PAIRS_CAPACITY: usize = 128;
/// Compared values and missed keys kept over all scopes, up to 2,048 driver methods; past
/// that each method keeps its floor (32 and 16), and the guided values and pairs are not
/// scaled: at most about 30 kB a method (150 MB for 5,000 methods that all fill theirs).
const COMPARED_TOTAL: usize = 1 << 16;
const KEY_PAIRS_TOTAL: usize = 1 << 15;

/// A scope's capacity for a table of `capacity` with one scope, within `total` over all.
fn scaled(capacity: usize, total: usize, floor: usize) -> usize {
    (total / METHODS.load(Ordering::Relaxed).max(1)).clamp(floor, capacity)
}

/// One scope's tables.
#[derive(Default)]
struct Tables {
    /// Both operands of compared values.
    compared: Table,
    /// Values guided towards (see [`GUIDED_CAPACITY`]).
    guided: Table,
    /// (actual, wanted) of the guidance, for [`GuidedSplice`].
    pairs: Pairs,
    /// (a key a map lookup missed, a key the map holds): [`KeySplice`]'s table, apart from the
    /// guided pairs so that a target's many lookups never push a detector's payload out.
    key_pairs: Pairs,
}

/// The tables, indexed by scope (grown on first use).
static SCOPES: Mutex<Vec<Tables>> = Mutex::new(Vec::new());
/// The scope of the execution running now.
static CURRENT: AtomicUsize = AtomicUsize::new(0);
/// How many driver methods the inputs choose from (0 without drivers: one scope).
static METHODS: AtomicUsize = AtomicUsize::new(0);

/// Grammar inputs' scope: no drivers there, one scope.
pub const GRAMMAR_SCOPE: usize = 0;

/// The inputs choose among `n` driver methods: each is a scope of its own.
pub fn set_methods(n: usize) {
    METHODS.store(n, Ordering::Relaxed);
}

/// An execution of `input` begins: what it compares and is guided towards belongs to its scope.
pub fn enter(input: &[u8]) {
    CURRENT.store(scope_of(input), Ordering::Relaxed);
}

/// The scope of an input: the driver method it runs.
pub fn scope_of(input: &[u8]) -> usize {
    crate::drivers::clock::method_of(input, METHODS.load(Ordering::Relaxed))
}

/// Runs `f` on the tables of `scope`.
fn with<R>(scope: usize, f: impl FnOnce(&mut Tables) -> R) -> R {
    let mut all = SCOPES.lock().unwrap_or_else(|e| e.into_inner());
    if all.len() <= scope {
        all.resize_with(scope + 1, Tables::default);
    }
    f(&mut all[scope])
}

/// Records a compared value (ignored if too short or long, or already in the table).
pub fn note(value: &[u8]) {
    note_in(CURRENT.load(Ordering::Relaxed), value);
}

fn note_in(scope: usize, value: &[u8]) {
    let capacity = scaled(CAPACITY, COMPARED_TOTAL, 32);
    with(scope, |t| t.compared.add(value, capacity));
}

/// Records a value the harness or a detector guides `actual` towards (see [`GUIDED_CAPACITY`]).
pub fn guide(actual: &[u8], wanted: &[u8]) {
    guide_in(CURRENT.load(Ordering::Relaxed), actual, wanted);
}

fn guide_in(scope: usize, actual: &[u8], wanted: &[u8]) {
    with(scope, |t| {
        t.guided.add(wanted, GUIDED_CAPACITY);
        // An empty actual value is kept: the target read an empty field ([`empty_fields`]).
        if wanted.is_empty() || actual.len() > MAX_LEN || wanted.len() > MAX_LEN || actual == wanted {
            return;
        }
        t.pairs.add(actual, wanted, PAIRS_CAPACITY);
    });
}

/// Records a map lookup that missed `key` where the map holds `wanted`.
pub fn key_miss(key: &[u8], wanted: &[u8]) {
    if key.len() > MAX_LEN || wanted.is_empty() || wanted.len() > MAX_LEN || key == wanted {
        return;
    }
    let capacity = scaled(KEY_PAIRS_CAPACITY, KEY_PAIRS_TOTAL, 16);
    with(CURRENT.load(Ordering::Relaxed), |t| t.key_pairs.add(key, wanted, capacity));
}

/// A splice a typed decoder asked for (`com.jvmfuzz.shim.fuzz.Spans`): the bytes at `at..at +
/// old` of the traced input become `wanted`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Splice {
    at: usize,
    old: usize,
    wanted: Vec<u8>,
}

/// Splices per traced execution (the first ones).
const SPLICES_CAPACITY: usize = 64;

/// Collected during the traced execution, then moved to [`TRACED`] when its comparisons are read.
static PENDING: Mutex<Vec<Splice>> = Mutex::new(Vec::new());
/// The last traced input's splices: [`TypedSplice`] runs in the stage after the trace, on the
/// same input, so the positions are right.
static TRACED: Mutex<Vec<Splice>> = Mutex::new(Vec::new());

/// Records a splice of the execution being traced (duplicates and past capacity dropped; the
/// mutator checks the length against `--max-len`).
pub fn note_splice(at: usize, old: usize, wanted: Vec<u8>) {
    let mut p = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    let s = Splice { at, old, wanted };
    if p.len() < SPLICES_CAPACITY && !p.contains(&s) {
        p.push(s);
    }
}

/// A traced execution begins: the splices of the one before are stale.
pub fn clear_splices() {
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).clear();
    TRACED.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The traced execution ended: its splices are the ones [`TypedSplice`] picks from.
pub fn traced_splices() {
    let pending = std::mem::take(&mut *PENDING.lock().unwrap_or_else(|e| e.into_inner()));
    *TRACED.lock().unwrap_or_else(|e| e.into_inner()) = pending;
}

/// Input-to-state replacement for typed inputs (generated drivers, typed JUnit fuzz tests):
/// where the traced input held a decoded string that a comparison found unequal, the other
/// operand is spliced in with its own selector and length byte, so it reads back whole and
/// every value decoded after it keeps its bytes (`Spans.java` says why in-place replacement
/// cannot). Positions are the traced input's; a splice past the input's end is skipped.
#[derive(Debug, Default)]
pub struct TypedSplice;

impl<I, S> Mutator<I, S> for TypedSplice
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        let chosen = {
            let t = TRACED.lock().unwrap_or_else(|e| e.into_inner());
            let Some(n) = NonZero::new(t.len()) else { return Ok(MutationResult::Skipped) };
            t[state.rand_mut().below(n)].clone()
        };
        let Some(end) = chosen.at.checked_add(chosen.old).filter(|&e| e <= size) else {
            return Ok(MutationResult::Skipped);
        };
        if size - chosen.old + chosen.wanted.len() > crate::length::directed_max(state)
            || input.mutator_bytes()[chosen.at..end] == chosen.wanted[..]
        {
            return Ok(MutationResult::Skipped);
        }
        splice(input, chosen.at, chosen.old, &chosen.wanted);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for TypedSplice {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("TypedSplice");
        &NAME
    }
}

/// Replaces `old_len` bytes at `at` with `wanted`, growing or shrinking the input.
fn splice<I: ResizableMutator<u8> + HasMutatorBytes>(input: &mut I, at: usize, old_len: usize, wanted: &[u8]) {
    let size = input.mutator_bytes().len();
    let new_size = size - old_len + wanted.len();
    if new_size > size {
        input.resize(new_size, 0);
    }
    let bytes = input.mutator_bytes_mut();
    bytes.copy_within(at + old_len..size, at + wanted.len());
    bytes[at..at + wanted.len()].copy_from_slice(wanted);
    if new_size < size {
        input.resize(new_size, 0);
    }
}

/// A random value of `scope`: half the time a guided one (when there are any), else any
/// compared one.
pub fn pick<R: Rand>(rand: &mut R, scope: usize) -> Option<Vec<u8>> {
    with(scope, |t| {
        if rand.coinflip(0.5) {
            if let Some(v) = t.guided.pick(rand) {
                return Some(v);
            }
        }
        t.compared.pick(rand)
    })
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
        let size = input.mutator_bytes().len();
        let Some(value) = pick(state.rand_mut(), scope_of(input.mutator_bytes())) else {
            return Ok(MutationResult::Skipped);
        };
        if size + value.len() > crate::length::directed_max(state) {
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
        let Some(value) = pick(state.rand_mut(), scope_of(input.mutator_bytes())) else {
            return Ok(MutationResult::Skipped);
        };
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

/// Guidance as Jazzer's `guideTowardsEquality/Containment` mean it: where the input holds a
/// value the target was told to turn into another (a detector's payload, an API target), that
/// occurrence is replaced by the wanted value, whatever its length. In-place input-to-state
/// replacement keeps the length (a 1-character path never becomes `../jazzer-traversal`), and
/// inserting at a random position rarely lands inside the right field.
#[derive(Debug, Default)]
pub struct GuidedSplice;

impl<I, S> Mutator<I, S> for GuidedSplice
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        // Every (position, pair) whose actual value the input holds.
        let bytes = input.mutator_bytes();
        let found: Vec<(usize, usize, Vec<u8>)> = with(scope_of(bytes), |t| {
            let mut found = Vec::new();
            for (actual, wanted) in &t.pairs.pairs {
                if actual.len() > size || size - actual.len() + wanted.len() > crate::length::directed_max(state) {
                    continue;
                }
                if actual.is_empty() {
                    for at in empty_fields(bytes).take(16) {
                        found.push((at, 0, wanted.clone()));
                    }
                    continue;
                }
                for at in occurrences(bytes, actual, false).take(16) {
                    found.push((at, actual.len(), wanted.clone()));
                }
            }
            found
        });
        let Some(n) = NonZero::new(found.len()) else { return Ok(MutationResult::Skipped) };
        let (at, old_len, wanted) = &found[state.rand_mut().below(n)];
        splice(input, *at, *old_len, wanted);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

/// Where `key` (not empty) starts in `bytes`, ignoring ASCII case if `fold`, overlapping
/// occurrences included. The splices call this for every pair of their tables (up to 128) on
/// every mutation, so candidates come from `memchr` on the key's first byte rather than from
/// comparing every window: a window-by-window scan was a quarter of a package run's loop.
fn occurrences<'a>(bytes: &'a [u8], key: &'a [u8], fold: bool) -> impl Iterator<Item = usize> + 'a {
    let (a, b) = if fold { (key[0].to_ascii_lowercase(), key[0].to_ascii_uppercase()) } else { (key[0], key[0]) };
    memchr::memchr2_iter(a, b, bytes).filter(move |&i| {
        bytes.get(i..i + key.len()).is_some_and(|w| if fold { w.eq_ignore_ascii_case(key) } else { w == key })
    })
}

/// Where the input may hold an empty field: right after a separator (`${jndi:}`, `key=&`,
/// `f()`, `${:x}`), before a closing byte, another separator or the end. A target that was
/// guided from an empty value (a JNDI name, a host, a path the input left empty) read such a
/// field; the wanted value goes there rather than at a random position, where it would rarely
/// land inside the field.
fn empty_fields(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    const OPEN: &[u8] = b":=/,;([{'\"";
    const CLOSE: &[u8] = b"}])&,;:='\" \t\r\n";
    (1..=bytes.len()).filter(move |&i| OPEN.contains(&bytes[i - 1]) && bytes.get(i).is_none_or(|b| CLOSE.contains(b)))
}

impl Named for GuidedSplice {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("GuidedSplice");
        &NAME
    }
}

/// A keyword lookup as a comparison with every keyword: where the input holds a key that a
/// map lookup missed, it becomes one the map holds (its neighbours in sort order or one at
/// random, `Hooks.bracket`), whatever the lengths. Lookups often see the key lower-cased (a
/// `${Prefix:` read as `prefix`), so ASCII case is ignored when the exact bytes are absent.
#[derive(Debug, Default)]
pub struct KeySplice;

impl<I, S> Mutator<I, S> for KeySplice
where
    S: HasRand + HasMaxSize,
    I: ResizableMutator<u8> + HasMutatorBytes,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let size = input.mutator_bytes().len();
        // Every (position, length) of a missed key the input holds, with its pair: the table
        // holds the misses of many inputs, most of them not this one's.
        let bytes = input.mutator_bytes();
        let picked = with(scope_of(bytes), |t| {
            let p = &t.key_pairs;
            let mut found: Vec<(usize, usize, usize)> = Vec::new();
            for (i, (key, wanted)) in p.pairs.iter().enumerate() {
                if key.len() > size || size - key.len() + wanted.len() > crate::length::directed_max(state) {
                    continue;
                }
                if key.is_empty() {
                    // An empty key (a `${:name}`): the input's empty fields.
                    Extend::extend(&mut found, empty_fields(bytes).take(4).map(|at| (at, 0, i)));
                    continue;
                }
                let exact = found.len();
                Extend::extend(&mut found, occurrences(bytes, key, false).take(16).map(|at| (at, key.len(), i)));
                if found.len() == exact {
                    Extend::extend(&mut found, occurrences(bytes, key, true).take(16).map(|at| (at, key.len(), i)));
                }
            }
            let n = NonZero::new(found.len())?;
            let (at, old_len, i) = found[state.rand_mut().below(n)];
            Some((at, old_len, p.pairs[i].1.clone()))
        });
        let Some((at, old_len, wanted)) = picked else { return Ok(MutationResult::Skipped) };
        splice(input, at, old_len, &wanted);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

impl Named for KeySplice {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("KeySplice");
        &NAME
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::inputs::BytesInput;
    use libafl::state::NopState;

    #[test]
    fn a_guided_value_is_picked_often_among_many_compared_ones() {
        for i in 0..CAPACITY {
            note(format!("ordinary-{i}").as_bytes());
        }
        guide(b"x", b"jazzer-guided-payload");
        let mut rand = libafl_bolts::rands::StdRand::with_seed(7);
        let picks: Vec<Vec<u8>> = (0..1000).filter_map(|_| pick(&mut rand, 0)).collect();
        // Half the picks come from the guided values (other tests add a few of their own); as
        // one ordinary value among 256 it would come up about 4 times.
        let guided = picks.iter().filter(|v| !v.starts_with(b"ordinary-")).count();
        let this_one = picks.iter().filter(|v| v.as_slice() == b"jazzer-guided-payload").count();
        assert!(guided > 400 && this_one > 100, "{guided} {this_one}");
    }

    #[test]
    fn a_typed_splice_rewrites_the_traced_span_and_keeps_what_follows() {
        clear_splices();
        // A length byte of 200 with 3 bytes left ran to the end; "GPU" goes in with its own.
        note_splice(2, 5, b"\0\x03GPU".to_vec());
        note_splice(9, 0, b"never".to_vec());
        traced_splices();
        let mut state: NopState<BytesInput> = NopState::new();
        let input = BytesInput::new(b"\x02\x05\x00\xc8abc".to_vec());
        let mut written = std::collections::HashSet::new();
        for _ in 0..50 {
            let mut i = input.clone();
            if TypedSplice.mutate(&mut state, &mut i).unwrap() == MutationResult::Mutated {
                written.insert(i.mutator_bytes().to_vec());
            }
        }
        // The splice past the input's end is skipped, never applied.
        assert_eq!(written.into_iter().collect::<Vec<_>>(), vec![b"\x02\x05\0\x03GPU".to_vec()]);
        // A new trace: the old positions are gone.
        clear_splices();
        traced_splices();
        let mut i = input.clone();
        assert_eq!(TypedSplice.mutate(&mut state, &mut i).unwrap(), MutationResult::Skipped);
    }

    #[test]
    fn a_value_guided_from_empty_fills_an_empty_field() {
        guide(b"", b"ldap://jazzer-empty/x");
        let mut state: NopState<BytesInput> = NopState::new();
        let input = BytesInput::new(b"user ${jndi:} at x:y".to_vec());
        // Other tests' pairs may match too: try a few times.
        let done = (0..100).any(|_| {
            let mut i = input.clone();
            GuidedSplice.mutate(&mut state, &mut i).unwrap() == MutationResult::Mutated
                && i.mutator_bytes() == b"user ${jndi:ldap://jazzer-empty/x} at x:y"
        });
        assert!(done, "the empty field after `jndi:` was never filled");
        // Only empty fields: after a separator, before a closing byte or the end.
        assert_eq!(empty_fields(b"a:b ${jndi:} k=&v=").collect::<Vec<_>>(), [11, 15, 18]);
        assert_eq!(empty_fields(b"${:x}").collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn a_guided_value_replaces_what_the_input_held_whatever_its_length() {
        guide(b"q", b"../jazzer-splice");
        let mut state: NopState<BytesInput> = NopState::new();
        let mut input = BytesInput::new(b"${file:UTF-8:q}".to_vec());
        // Other tests' pairs may match too ("x" is not in this input): try a few times.
        let mut done = false;
        for _ in 0..100 {
            let mut i = input.clone();
            if GuidedSplice.mutate(&mut state, &mut i).unwrap() == MutationResult::Mutated
                && i.mutator_bytes() == b"${file:UTF-8:../jazzer-splice}"
            {
                done = true;
                break;
            }
        }
        assert!(done);
        // Shorter too, and nothing to do where the actual value is absent.
        guide(b"longer-actual", b"ab");
        input = BytesInput::new(b"[longer-actual]".to_vec());
        let mut i = input.clone();
        assert_eq!(GuidedSplice.mutate(&mut state, &mut i).unwrap(), MutationResult::Mutated);
        assert_eq!(i.mutator_bytes(), b"[ab]");
        let mut none = BytesInput::new(b"zzzz".to_vec());
        assert_eq!(GuidedSplice.mutate(&mut state, &mut none).unwrap(), MutationResult::Skipped);
    }

    #[test]
    fn a_missed_key_becomes_a_key_the_map_holds_ignoring_case_when_it_must() {
        key_miss(b"nd", b"jndi");
        let mut state: NopState<BytesInput> = NopState::new();
        // Other tests may add pairs: each mutation picks one pair, so try a few times.
        let mut made = |input: &[u8]| {
            let mut seen = std::collections::HashSet::new();
            for _ in 0..400 {
                let mut i = BytesInput::new(input.to_vec());
                if KeySplice.mutate(&mut state, &mut i).unwrap() == MutationResult::Mutated {
                    seen.insert(i.mutator_bytes().to_vec());
                }
            }
            seen
        };
        assert!(made(b"${nd:x}").contains(b"${jndi:x}".as_slice()));
        // The lookup saw "nd" lower-cased; the input says "Nd".
        assert!(made(b"${Nd:x}").contains(b"${jndi:x}".as_slice()));
        // A key the input does not hold: nothing from that pair.
        assert!(!made(b"${zz:x}").iter().any(|m| m.windows(4).any(|w| w == b"jndi")));
        // An empty key (a `${:x}`) goes into an empty field.
        key_miss(b"", b"jndi");
        assert!(made(b"${:x}").contains(b"${jndi:x}".as_slice()));
        // Duplicates and useless pairs are not kept.
        key_miss(b"nd", b"jndi");
        key_miss(b"same", b"same");
        key_miss(b"", b"");
        with(0, |t| {
            let p = &t.key_pairs.pairs;
            assert_eq!(p.iter().filter(|(a, w)| a == b"nd" && w == b"jndi").count(), 1);
            assert!(!p.iter().any(|(a, w)| w.is_empty() || a == w));
        });
    }

    #[test]
    fn occurrences_are_every_window_that_matches() {
        let naive = |bytes: &[u8], key: &[u8], fold: bool| -> Vec<usize> {
            bytes
                .windows(key.len())
                .enumerate()
                .filter(|(_, w)| if fold { w.eq_ignore_ascii_case(key) } else { *w == key })
                .map(|(i, _)| i)
                .collect()
        };
        let cases: &[(&[u8], &[u8])] = &[
            (b"aaaa", b"aa"),
            (b"${JNDI:x}${jndi:y}", b"jndi"),
            (b"Key=1&key=2&KEY", b"key"),
            (b"12:34:", b":"),
            (b"ab", b"abc"),
            (b"", b"a"),
            (b"\xff\xfF\xFF", b"\xff"),
            (b"x", b"x"),
        ];
        for &(bytes, key) in cases {
            for fold in [false, true] {
                let got: Vec<usize> = occurrences(bytes, key, fold).collect();
                assert_eq!(got, naive(bytes, key, fold), "{:?} in {:?}, fold {fold}", key, bytes);
            }
        }
        assert_eq!(occurrences(b"aaaa", b"aa", false).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(occurrences(b"Key=1&key=2&KEY", b"key", true).collect::<Vec<_>>(), [0, 6, 12]);
    }

    #[test]
    fn values_are_inserted_and_overwritten_anywhere() {
        let mut state: NopState<BytesInput> = NopState::new();
        let mut seen_insert = false;
        let mut seen_replace = false;
        // The table is shared with the other tests, which may fill it and push the value out
        // (its capacity of values): noted again each time, and tried often enough.
        for _ in 0..20_000 {
            if seen_insert && seen_replace {
                break;
            }
            note(b"jazzer_recent_value");
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
    fn each_driver_method_picks_from_its_own_values() {
        // Scopes far from the 0 of the other tests, which share the tables.
        for i in 0..CAPACITY {
            note_in(1001, format!("other-method-{i}").as_bytes());
        }
        guide_in(1001, b"x", b"other-payload");
        note_in(1002, b"own-value");
        guide_in(1002, b"y", b"../jazzer-own");
        let mut rand = libafl_bolts::rands::StdRand::with_seed(3);
        let picks: std::collections::HashSet<Vec<u8>> = (0..200).filter_map(|_| pick(&mut rand, 1002)).collect();
        let want: std::collections::HashSet<Vec<u8>> = [b"own-value".to_vec(), b"../jazzer-own".to_vec()].into();
        assert_eq!(picks, want);
        // A method that compared nothing yet has nothing to pick.
        assert_eq!(pick(&mut rand, 1003), None);
        with(1002, |t| assert_eq!(t.pairs.pairs, vec![(b"y".to_vec(), b"../jazzer-own".to_vec())]));
    }

    #[test]
    fn the_table_keeps_the_newest_values_without_duplicates() {
        for i in 0..(CAPACITY + 10) {
            note(format!("value-{i:04}").as_bytes());
        }
        note(b"value-0300");
        with(0, |t| {
            let t = &t.compared;
            assert_eq!(t.values.len(), CAPACITY);
            assert!(!t.values.iter().any(|v| v == b"value-0000"), "the oldest went first");
            assert_eq!(t.values.iter().filter(|v| v.as_slice() == b"value-0300").count(), 1);
        });
    }
}
