//! The grammar stage's mutator: takes the current corpus entry's derivation tree, applies one
//! of LibAFL's Nautilus mutations (random subtree, recursion, splice) or one of ours, and
//! writes the unparsed bytes into the input. Ours:
//! - **leaf tokens**: a token leaf (a lexer rule's text) is replaced by a value the target
//!   compared against or holds as a constant, or by a boundary number (the seed's interval
//!   bounds), when the token's rule accepts it; so `map.get("servers")` gets `"servers"` into a
//!   string token of a well-formed document;
//! - **k-path steering**: a subtree whose rule still starts uncovered k-paths is regenerated.
//!
//! Nautilus's mutators unwrap internally; a panic there costs one mutation, not the client.

use std::borrow::Cow;
use std::collections::HashMap;
use std::num::NonZero;
use std::panic::{catch_unwind, AssertUnwindSafe};

use libafl::common::nautilus::grammartec::newtypes::NodeId;
use libafl::common::nautilus::grammartec::rule::RuleIdOrCustom;
use libafl::common::nautilus::grammartec::tree::{Tree, TreeLike};
use libafl::corpus::{Corpus, CorpusId};
use libafl::feedbacks::NautilusChunksMetadata;
use libafl::generators::{Generator, NautilusGenerator};
use libafl::inputs::{BytesInput, NautilusInput};
use libafl::mutators::{
    MutationResult, Mutator, NautilusRandomMutator, NautilusRecursionMutator, NautilusSpliceMutator, Tokens,
};
use libafl::state::{HasCorpus, HasRand};
use libafl::{Error, HasMetadata};
use libafl_bolts::rands::Rand;
use libafl_bolts::Named;
use regex_automata::{Anchored, Input};
use serde::{Deserialize, Serialize};

use super::GrammarMode;
use crate::state::State;

/// A corpus entry's tree; `None` when its bytes are outside the grammar.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GrammarTree(pub Option<Tree>);
libafl_bolts::impl_serdeany!(GrammarTree);

/// Numbers at the edges of Java's integer and floating-point types.
const BOUNDARIES: &[&str] = &[
    "0",
    "1",
    "-1",
    "127",
    "128",
    "-128",
    "-129",
    "255",
    "256",
    "32767",
    "32768",
    "-32768",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "1e308",
    "1.7976931348623157E308",
    "4.9E-324",
    "-0",
    "0.0",
];

/// Recently compared values tried per leaf-token mutation.
const LEAF_TRIES: usize = 24;

/// A token rule and the delimiters its old text had.
type LeafKey = (usize, Option<(u8, u8)>);

pub struct GrammarMutator {
    g: &'static GrammarMode,
    random: NautilusRandomMutator<'static>,
    recursion: NautilusRecursionMutator<'static>,
    splice: NautilusSpliceMutator<'static>,
    /// The tree of the input being executed, and its rare k-paths, for `post_exec`.
    pending: Option<Tree>,
    pending_rare: u32,
    /// Per token rule (and its delimiters): the dictionary's and the boundary numbers' values
    /// it accepts, with the dictionary size they were worked out for.
    leaf_values: HashMap<LeafKey, (usize, Vec<Vec<u8>>)>,
}

impl GrammarMutator {
    pub fn new(g: &'static GrammarMode) -> GrammarMutator {
        GrammarMutator {
            g,
            random: NautilusRandomMutator::new(&g.nautilus),
            recursion: NautilusRecursionMutator::new(&g.nautilus),
            splice: NautilusSpliceMutator::new(&g.nautilus),
            pending: None,
            pending_rare: 0,
            leaf_values: HashMap::new(),
        }
    }

    /// A fresh tree from the start rule.
    pub fn generate(g: &'static GrammarMode, state: &mut State) -> Option<Tree> {
        let mut gen = NautilusGenerator::new(&g.nautilus);
        catch_unwind(AssertUnwindSafe(|| gen.generate(state))).ok()?.ok().map(|i| i.tree)
    }

    /// The current corpus entry's tree, parsing (once) an entry that has none yet.
    fn current_tree(&self, state: &mut State, bytes: &[u8]) -> Option<Tree> {
        let id = (*state.corpus().current())?;
        let tc = state.corpus().get(id).ok()?;
        let mut tc = tc.borrow_mut();
        if let Some(GrammarTree(t)) = tc.metadata_map().get::<GrammarTree>() {
            return t.clone();
        }
        let t = super::parse::parse(&self.g.nautilus.ctx, &self.g.accept, bytes);
        tc.add_metadata(GrammarTree(t.clone()));
        t
    }

    /// Replaces a token leaf by a compared value, a constant or a boundary number its rule
    /// accepts.
    fn leaf_token(&mut self, state: &mut State, tree: &mut Tree) -> bool {
        let leaves: Vec<usize> = (0..tree.rules.len())
            .filter(|&i| matches!(&tree.rules[i], RuleIdOrCustom::Custom(id, _) if self.g.accept.contains_key(&usize::from(*id))))
            .collect();
        if leaves.is_empty() {
            return false;
        }
        let leaf = leaves[below(state, leaves.len())];
        let RuleIdOrCustom::Custom(id, old) = &tree.rules[leaf] else { return false };
        let (id, old) = (*id, old.clone());
        let Some(re) = self.g.accept.get(&usize::from(id)) else { return false };
        let full = |c: &[u8]| re.search(&Input::new(c).anchored(Anchored::Yes)).is_some_and(|m| m.end() == c.len());
        // Compared values come without the token's delimiters: `servers` for a STRING
        // token `"..."`; the old text's first and last characters are tried around it.
        let delimiters = match (old.first(), old.last()) {
            (Some(&a), Some(&b)) if old.len() >= 2 && !a.is_ascii_alphanumeric() => Some((a, b)),
            _ => None,
        };
        let fit = |c: &[u8]| -> Option<Vec<u8>> {
            if full(c) {
                return Some(c.to_vec());
            }
            let (a, b) = delimiters?;
            let w = [&[a][..], c, &[b]].concat();
            full(&w).then_some(w)
        };
        // The dictionary (constants, and operands seen often enough) and the boundary numbers
        // this leaf accepts, worked out again only when the dictionary grew: two times in
        // three a value from there, else a try at the recently compared values.
        let key = (usize::from(id), delimiters);
        let tokens = state.metadata_map().get::<Tokens>().map_or(0, |t| t.tokens().len());
        if self.leaf_values.get(&key).is_none_or(|(n, _)| *n != tokens) {
            let mut fits: Vec<Vec<u8>> = BOUNDARIES.iter().filter_map(|b| fit(b.as_bytes())).collect();
            if let Some(t) = state.metadata_map().get::<Tokens>() {
                fits.extend(t.tokens().iter().filter_map(|c| fit(c)));
            }
            fits.sort();
            fits.dedup();
            self.leaf_values.insert(key, (tokens, fits));
        }
        let fits = self.leaf_values.get(&key).map_or(&[][..], |(_, v)| v.as_slice());
        let candidate = if below(state, 3) > 0 && !fits.is_empty() {
            Some(fits[below(state, fits.len())].clone())
        } else {
            (0..LEAF_TRIES)
                .find_map(|_| crate::recent::pick(state.rand_mut(), crate::recent::GRAMMAR_SCOPE).and_then(|c| fit(&c)))
        };
        match candidate {
            Some(c) if c != old && !c.is_empty() => {
                tree.rules[leaf] = RuleIdOrCustom::Custom(id, c);
                true
            }
            _ => false,
        }
    }

    /// Regenerates a subtree whose rule starts k-paths not covered yet.
    fn steer(&self, state: &mut State, tree: &Tree) -> Option<Tree> {
        let wanted = self.g.kpaths().symbols_with_uncovered();
        let ctx = &self.g.nautilus.ctx;
        // A rule whose smallest derivation exceeds the size budget cannot be regenerated
        // (Nautilus panics on it); a parsed seed may hold one.
        let nodes: Vec<usize> = (0..tree.rules.len())
            .filter(|&i| {
                let nt = ctx.get_nt(&tree.rules[i]);
                self.g.symbol(nt).is_some_and(|s| wanted.binary_search(&s).is_ok())
                    && ctx.get_min_len_for_nt(nt) <= ctx.get_random_len_for_nt(&nt)
            })
            .collect();
        if nodes.is_empty() {
            return None;
        }
        let node = nodes[below(state, nodes.len())];
        let nt = ctx.get_nt(&tree.rules[node]);
        let sub = ctx.generate_tree_from_nt(state.rand_mut(), nt, ctx.get_random_len_for_nt(&nt));
        let m = tree.mutate_replace_from_tree(NodeId::from(node), &sub, NodeId::from(0));
        let rules = [m.prefix, m.repl, m.postfix].concat();
        Some(Tree::from_rule_vec(rules, ctx))
    }

    fn mutate_tree(&mut self, state: &mut State, tree: Option<Tree>) -> Result<Option<Tree>, Error> {
        let Some(tree) = tree else { return Ok(Self::generate(self.g, state)) };
        let mut input = NautilusInput::new(tree);
        let has_chunks = state.metadata_map().get::<NautilusChunksMetadata>().is_some_and(|m| m.cks.trees() > 0);
        let roll = below(state, 100);
        let result = catch_unwind(AssertUnwindSafe(|| -> Result<Option<Tree>, Error> {
            let done = match roll {
                0..=29 => self.random.mutate(state, &mut input)? == MutationResult::Mutated,
                30..=44 => self.recursion.mutate(state, &mut input)? == MutationResult::Mutated,
                45..=64 if has_chunks => self.splice.mutate(state, &mut input)? == MutationResult::Mutated,
                65..=84 => self.leaf_token(state, &mut input.tree),
                85..=94 => match self.steer(state, &input.tree) {
                    Some(t) => {
                        input.tree = t;
                        true
                    }
                    None => false,
                },
                _ => return Ok(Self::generate(self.g, state)),
            };
            if done {
                return Ok(Some(input.tree));
            }
            // Nothing applied: a random subtree always can be.
            Ok((self.random.mutate(state, &mut input)? == MutationResult::Mutated).then_some(input.tree))
        }));
        match result {
            Ok(r) => r,
            Err(_) => Ok(None),
        }
    }
}

impl Named for GrammarMutator {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("GrammarMutator");
        &NAME
    }
}

impl Mutator<BytesInput, State> for GrammarMutator {
    fn mutate(&mut self, state: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
        self.pending = None;
        // A flag an objective left unread (LibAFL skips the corpus feedbacks then) is stale.
        super::feedback::clear_new_kpath();
        let tree = self.current_tree(state, input.as_ref());
        let Some(tree) = self.mutate_tree(state, tree)? else { return Ok(MutationResult::Skipped) };
        let ctx = &self.g.nautilus.ctx;
        let Ok(bytes) = catch_unwind(AssertUnwindSafe(|| tree.unparse_to_vec(ctx))) else {
            return Ok(MutationResult::Skipped);
        };
        // Trees are bounded by --max-len, not by byte-mode length control.
        if bytes.len() > crate::length::directed_max(state) {
            return Ok(MutationResult::Skipped);
        }
        let seen = self.g.kpaths().observe(&tree, ctx, &self.g.symbol_by_nt);
        if seen.new {
            super::feedback::note_new_kpath();
        }
        self.pending_rare = seen.rare;
        super::note_derived();
        *input = BytesInput::new(bytes);
        self.pending = Some(tree);
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, state: &mut State, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        let (Some(id), Some(tree)) = (new_corpus_id, self.pending.take()) else { return Ok(()) };
        remember(self.g, state, id, tree, false);
        if self.pending_rare > 0 {
            if let Ok(tc) = state.corpus().get(id) {
                tc.borrow_mut().add_metadata(super::score::RareKPaths(self.pending_rare));
            }
        }
        Ok(())
    }
}

/// A random number below `n` (0 when `n` is 0).
fn below(state: &mut State, n: usize) -> usize {
    NonZero::new(n).map_or(0, |n| state.rand_mut().below(n))
}

/// Attaches `tree` to corpus entry `id` and offers its subtrees to splicing.
/// With `count`, its k-paths are counted too (a tree the grammar stage did not derive: a seed).
pub fn remember(g: &GrammarMode, state: &mut State, id: CorpusId, tree: Tree, count: bool) {
    if count {
        g.kpaths().observe(&tree, &g.nautilus.ctx, &g.symbol_by_nt);
    }
    if let Ok(tc) = state.corpus().get(id) {
        tc.borrow_mut().add_metadata(GrammarTree(Some(tree.clone())));
    }
    if let Some(m) = state.metadata_map_mut().get_mut::<NautilusChunksMetadata>() {
        let ctx = &g.nautilus.ctx;
        let _ = catch_unwind(AssertUnwindSafe(|| m.cks.add_tree(tree, ctx)));
    }
}

/// The grammar stage's mutator when grammar mode may be off: without a grammar it skips.
pub struct MaybeGrammar(pub Option<GrammarMutator>);

impl Named for MaybeGrammar {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("GrammarMutator");
        &NAME
    }
}

impl Mutator<BytesInput, State> for MaybeGrammar {
    fn mutate(&mut self, state: &mut State, input: &mut BytesInput) -> Result<MutationResult, Error> {
        match &mut self.0 {
            Some(m) => m.mutate(state, input),
            None => Ok(MutationResult::Skipped),
        }
    }

    fn post_exec(&mut self, state: &mut State, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        match &mut self.0 {
            Some(m) => m.post_exec(state, new_corpus_id),
            None => Ok(()),
        }
    }
}
