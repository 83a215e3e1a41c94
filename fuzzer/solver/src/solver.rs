//! The generational search: every branch of a trace negated in turn.
//!
//! Why these choices (jFuzz, after SAGE): one recorded run yields one new input per branch whose
//! other side is reachable. A branch side once solved (sat) is never asked again, so a loop's
//! thousand iterations of one branch cost one query and a later trace through the same code costs
//! none. A query that was unsat or unknown is never asked again *as the same formula* (key plus a
//! structural hash of its slice): the same branch under another path condition (a longer input, a
//! different prefix) may well be satisfiable, so it is asked again then. A query holds only the negated condition and its slice (see `slice`). Each
//! query runs on a fresh, non-incremental Z3 solver built from a tactic portfolio (see
//! `portfolio`): Z3's incremental core is much slower than bit-blasting on these formulas, and
//! the per-query timeout is the portfolio's `try_for`, which also bounds the tactics that would
//! ignore a solver's `timeout` parameter. Each `solve` has its own Z3 context, so [`Solver`] holds
//! no Z3 state and is `Send`, and a trace's terms are freed when it is done.

use crate::slice::Slicer;
use crate::trace::{Cond, Trace, TraceError};
use crate::translate::Translator;
use ahash::AHashSet;
use std::time::{Duration, Instant};
use z3::ast::{Ast, Bool, BV};
use z3::{Config, Context, Model, SatResult, Tactic};

/// The key of reaching side `direction` of branch `site`. A branch recorded with `taken` is
/// negated under `branch_key(site, !taken)`, which is docs/solver.md's `site << 1 | (1 - taken)`.
/// Below 2^31 for every valid site (see [`crate::MAX_SITE`]).
pub fn branch_key(site: u32, direction: bool) -> u64 {
    (site as u64) << 1 | direction as u64
}

/// The key of switch `site` taking case `value`: bit 63 set, bit 62 clear, the site in bits
/// 32..62, the value's two's-complement bits in 0..32. Disjoint from branch keys (bit 63).
pub fn case_key(site: u32, value: i32) -> u64 {
    1 << 63 | (site as u64) << 32 | value as u32 as u64
}

/// The key of switch `site` taking its default (no case matches; with unknown cases: any value
/// but the observed one): bits 63 and 62 set, the site in bits 32..62, zero below.
pub fn default_key(site: u32) -> u64 {
    1 << 63 | 1 << 62 | (site as u64) << 32
}

/// Counts over the life of a [`Solver`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Queries handed to Z3.
    pub queries: u64,
    pub sat: u64,
    pub unsat: u64,
    /// Z3 gave up, mostly the per-query timeout.
    pub unknown: u64,
    /// Alternatives not asked because their key was asked before (this trace or an earlier one).
    pub skipped: u64,
}

/// Why `solve` refused a trace.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SolverError {
    #[error(transparent)]
    Trace(#[from] TraceError),
    #[error("the input has {input} bytes, the trace was recorded on {trace}")]
    InputLength { input: usize, trace: u32 },
    #[error("node {0} did not translate to Z3 (a bug: the trace passed its checks)")]
    Translate(u32),
}

/// The solver's memory across traces: the keys solved, the queries refused, and the counts.
#[derive(Debug)]
pub struct Solver {
    timeout: Duration,
    /// Keys whose query was satisfiable.
    asked: AHashSet<u64>,
    /// (key, structural hash of the query) of the unsat and unknown ones.
    refused: AHashSet<(u64, u64)>,
    stats: SolverStats,
    /// The last `solve`'s unsat queries whose input bytes are one run (see [`Solver::short_spans`]).
    short: Vec<ShortSpan>,
}

/// An unsat query whose input bytes are one contiguous run: the bytes may be too few (a number
/// with too few digits for the value a comparison wants), and a longer run may satisfy it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortSpan {
    /// The query's key ([`branch_key`], [`case_key`], [`default_key`]).
    pub key: u64,
    /// The run of input bytes, `start..end`.
    pub start: u32,
    pub end: u32,
}

/// One way a condition can be negated: its key and what to assert instead of it.
enum Alternative {
    /// The branch's node does not hold.
    NotBranch(u32),
    /// The switch key (a node) equals the value.
    Case(u32, i32),
    /// The switch key differs from every value.
    Default(u32, Vec<i32>),
}

impl Solver {
    /// A solver whose queries may each run `query_timeout` at most (counted as unknown then).
    pub fn new(query_timeout: Duration) -> Solver {
        Solver {
            timeout: query_timeout,
            asked: AHashSet::new(),
            refused: AHashSet::new(),
            stats: SolverStats::default(),
            short: Vec::new(),
        }
    }

    /// The unsat queries of the last [`Solver::solve`] whose slice reads one contiguous run of
    /// at most [`SHORT_SPAN_MAX`] input bytes, in execution order. The solver keeps an input's
    /// length (lengths are concrete in a trace), so a caller that wants such a query asked again
    /// on more bytes lengthens the run and traces again (the solver stage does).
    pub fn short_spans(&self) -> &[ShortSpan] {
        &self.short
    }

    /// Whether `key`'s query was solved.
    pub fn solved(&self, key: u64) -> bool {
        self.asked.contains(&key)
    }

    pub fn stats(&self) -> &SolverStats {
        &self.stats
    }

    /// Whether the query under `key` was solved (see [`branch_key`], [`case_key`], [`default_key`]),
    /// or refused (unsat, unknown) in some form.
    pub fn asked(&self, key: u64) -> bool {
        self.asked.contains(&key) || self.refused.iter().any(|(k, _)| *k == key)
    }

    /// Generational search over `trace`, recorded on `input`: for each branch (and each switch
    /// alternative) in execution order whose key was never asked, asks Z3 for its negation under
    /// its slice and hands every model, written into a copy of `input`, to `out` (unless it equals
    /// `input`). `cases(site)` gives a switch's case values (`None`: unknown, then only
    /// "not the observed value" is asked). Returns at `deadline`, with the rest unasked.
    ///
    /// Refuses a trace that fails [`Trace::check`] or was recorded on an input of another length.
    pub fn solve(
        &mut self,
        trace: &Trace,
        input: &[u8],
        cases: &dyn Fn(u32) -> Option<Vec<i32>>,
        deadline: Instant,
        out: &mut dyn FnMut(Vec<u8>),
    ) -> Result<(), SolverError> {
        self.short.clear();
        trace.check()?;
        if input.len() != trace.input_len as usize {
            return Err(SolverError::InputLength { input: input.len(), trace: trace.input_len });
        }
        let ctx = Context::new(&Config::new());
        let mut search = Search {
            ctx: &ctx,
            trace,
            input,
            slicer: Slicer::new(trace),
            tr: Translator::new(&ctx, trace),
            hashes: structural_hashes(trace),
        };
        for (i, cond) in trace.conds.iter().enumerate() {
            if Instant::now() >= deadline {
                break;
            }
            let Some(root) = search.slicer.link(cond.node()) else { continue };
            let alternatives = self.unasked(cond, cases);
            if !alternatives.is_empty() {
                let prefix = search.prefix(root)?;
                let shape = search.shape(root);
                for (key, alternative) in alternatives {
                    let form = (key, shape ^ alternative.shape(&search.hashes));
                    if self.refused.contains(&form) || search.contradicts(root, &alternative) {
                        self.stats.skipped += 1;
                        continue;
                    }
                    let Some(timeout) = self.budget(deadline) else { break };
                    let negation = search.negation(&alternative)?;
                    let answer = search.ask(&prefix, &negation, timeout);
                    self.count(&answer);
                    match answer {
                        Answer::Sat(model) => {
                            self.asked.insert(key);
                            search.emit(&model, root, out);
                        }
                        Answer::Unsat => {
                            self.refused.insert(form);
                            if let Some((start, end)) = one_run(search.slicer.bytes(root)) {
                                self.short.push(ShortSpan { key, start, end });
                            }
                        }
                        Answer::Unknown => {
                            self.refused.insert(form);
                        }
                    }
                }
            }
            search.slicer.add(root, i as u32);
        }
        Ok(())
    }

    /// The alternatives of `cond` whose keys were not asked yet (the others are counted).
    fn unasked(&mut self, cond: &Cond, cases: &dyn Fn(u32) -> Option<Vec<i32>>) -> Vec<(u64, Alternative)> {
        let mut all = alternatives(cond, cases);
        let before = all.len();
        all.retain(|(key, _)| !self.asked.contains(key));
        self.stats.skipped += (before - all.len()) as u64;
        all
    }

    /// The next query's timeout: the per-query one, cut to what is left before `deadline`.
    fn budget(&self, deadline: Instant) -> Option<Duration> {
        let left = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero())?;
        Some(left.min(self.timeout))
    }

    fn count(&mut self, answer: &Answer) {
        self.stats.queries += 1;
        match answer {
            Answer::Sat(_) => self.stats.sat += 1,
            Answer::Unsat => self.stats.unsat += 1,
            Answer::Unknown => self.stats.unknown += 1,
        }
    }
}

/// The longest run of input bytes [`Solver::short_spans`] reports: enough for a run the caller
/// doubled a few times (the solver stage starts only from runs of 32 bytes or fewer, a number's
/// digits or a short field, not a buffer a checksum reads).
pub const SHORT_SPAN_MAX: u32 = 256;

/// `bytes` as `start..end` when they are one contiguous run of at most [`SHORT_SPAN_MAX`].
fn one_run(bytes: &[u32]) -> Option<(u32, u32)> {
    let start = *bytes.iter().min()?;
    let end = bytes.iter().max()? + 1;
    (end - start == bytes.len() as u32 && end - start <= SHORT_SPAN_MAX).then_some((start, end))
}

/// Every alternative of `cond`: a branch's other side; a switch's other cases and its default.
fn alternatives(cond: &Cond, cases: &dyn Fn(u32) -> Option<Vec<i32>>) -> Vec<(u64, Alternative)> {
    match *cond {
        Cond::Branch { site, taken, node } => vec![(branch_key(site, !taken), Alternative::NotBranch(node))],
        Cond::Fixed { .. } => Vec::new(),
        Cond::Switch { site, key, observed } => {
            let Some(mut values) = cases(site) else {
                return vec![(default_key(site), Alternative::Default(key, vec![observed]))];
            };
            values.sort_unstable();
            values.dedup();
            let mut all: Vec<_> = values
                .iter()
                .filter(|&&v| v != observed)
                .map(|&v| (case_key(site, v), Alternative::Case(key, v)))
                .collect();
            if values.contains(&observed) {
                all.push((default_key(site), Alternative::Default(key, values)));
            }
            all
        }
    }
}

impl Alternative {
    /// A structural hash of what the alternative asserts.
    fn shape(&self, hashes: &[u64]) -> u64 {
        let of = |n: u32| hashes.get(n as usize).copied().unwrap_or(0);
        match self {
            Alternative::NotBranch(n) => mix(of(*n) ^ 1),
            Alternative::Case(n, v) => mix(of(*n) ^ mix(*v as u32 as u64 | 2 << 32)),
            Alternative::Default(n, vs) => vs.iter().fold(mix(of(*n) ^ 3), |h, v| mix(h ^ *v as u32 as u64)),
        }
    }
}

/// A 64-bit finaliser (splitmix64's): spreads every input bit over the output.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Every node's structural hash, in one pass (nodes only refer to earlier ones).
fn structural_hashes(trace: &Trace) -> Vec<u64> {
    let mut hashes: Vec<u64> = Vec::with_capacity(trace.nodes.len());
    for node in &trace.nodes {
        let (operands, n) = node.operands();
        let mut h = match *node {
            crate::trace::Node::Var(i) => mix(1 << 40 | u64::from(i)),
            crate::trace::Node::Const { width, value } => mix(2 << 40 | u64::from(width)) ^ mix(value as u64),
            crate::trace::Node::Unary { op, width, .. } => mix(3 << 40 | (op as u64) << 8 | u64::from(width)),
            crate::trace::Node::Binary { op, width, .. } => mix(4 << 40 | (op as u64) << 8 | u64::from(width)),
            crate::trace::Node::Ite { width, .. } => mix(5 << 40 | u64::from(width)),
        };
        for (k, &o) in operands.iter().take(n).enumerate() {
            h = mix(h ^ hashes.get(o as usize).copied().unwrap_or(0).rotate_left(k as u32 * 21 + 1));
        }
        hashes.push(h);
    }
    hashes
}

/// What Z3 said to one query.
enum Answer<'ctx> {
    Sat(Model<'ctx>),
    Unsat,
    /// Gave up: the timeout, or no model to be had.
    Unknown,
}

/// The per-trace state of one `solve`.
struct Search<'ctx, 't> {
    ctx: &'ctx Context,
    trace: &'t Trace,
    input: &'t [u8],
    slicer: Slicer<'t>,
    tr: Translator<'ctx, 't>,
    /// Each node's structural hash (equal for equal expressions, whatever their indexes).
    hashes: Vec<u64>,
}

impl<'ctx, 't> Search<'ctx, 't> {
    /// The conditions of `root`'s class, in execution order, as they held.
    fn prefix(&mut self, root: u32) -> Result<Vec<Bool<'ctx>>, SolverError> {
        let mut slice = self.slicer.conds(root).to_vec();
        slice.sort_unstable();
        let conds = slice.iter().filter_map(|&i| self.trace.conds.get(i as usize));
        conds.map(|c| self.held(c)).collect()
    }

    /// A structural hash of the conditions of `root`'s class (order-independent).
    fn shape(&self, root: u32) -> u64 {
        let mut h = 0u64;
        for &i in self.slicer.conds(root) {
            if let Some(c) = self.trace.conds.get(i as usize) {
                let node = self.hashes.get(c.node() as usize).copied().unwrap_or(0);
                let extra = match *c {
                    Cond::Switch { observed, .. } => observed as u32 as u64,
                    Cond::Branch { .. } | Cond::Fixed { .. } => 0,
                };
                h = h.wrapping_add(mix(node ^ mix(extra)));
            }
        }
        h
    }

    /// Whether the slice already holds the very condition `alternative` negates (a loop's
    /// repeat of one branch on one expression): the query could only be unsat.
    fn contradicts(&self, root: u32, alternative: &Alternative) -> bool {
        let Alternative::NotBranch(n) = alternative else { return false };
        let h = self.hashes.get(*n as usize).copied();
        self.slicer.conds(root).iter().any(|&i| match self.trace.conds.get(i as usize) {
            Some(Cond::Branch { node, .. } | Cond::Fixed { node }) => self.hashes.get(*node as usize).copied() == h,
            _ => false,
        })
    }

    /// What `cond` says about this run.
    fn held(&mut self, cond: &Cond) -> Result<Bool<'ctx>, SolverError> {
        match *cond {
            Cond::Branch { node, .. } | Cond::Fixed { node } => self.boolean(node),
            Cond::Switch { key, observed, .. } => Ok(self.bv(key)?._eq(&BV::from_i64(self.ctx, observed.into(), 32))),
        }
    }

    fn negation(&mut self, alternative: &Alternative) -> Result<Bool<'ctx>, SolverError> {
        match alternative {
            Alternative::NotBranch(node) => Ok(self.boolean(*node)?.not()),
            Alternative::Case(key, value) => Ok(self.bv(*key)?._eq(&BV::from_i64(self.ctx, (*value).into(), 32))),
            Alternative::Default(key, values) => {
                let key = self.bv(*key)?;
                let differs: Vec<Bool> =
                    values.iter().map(|&v| key._eq(&BV::from_i64(self.ctx, v.into(), 32)).not()).collect();
                Ok(Bool::and(self.ctx, &differs.iter().collect::<Vec<_>>()))
            }
        }
    }

    fn boolean(&mut self, node: u32) -> Result<Bool<'ctx>, SolverError> {
        self.tr.boolean(node).ok_or(SolverError::Translate(node))
    }

    fn bv(&mut self, node: u32) -> Result<BV<'ctx>, SolverError> {
        self.tr.bv(node).ok_or(SolverError::Translate(node))
    }

    /// One query on a fresh solver. A model is only taken if it satisfies the query.
    fn ask(&self, prefix: &[Bool<'ctx>], negation: &Bool<'ctx>, timeout: Duration) -> Answer<'ctx> {
        let solver = portfolio(self.ctx, timeout).solver();
        prefix.iter().for_each(|c| solver.assert(c));
        solver.assert(negation);
        match solver.check() {
            SatResult::Sat => match solver.get_model() {
                Some(model) if satisfies(&model, prefix, negation) => Answer::Sat(model),
                _ => Answer::Unknown,
            },
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown,
        }
    }

    /// Writes the model's values of `root`'s bytes into a copy of the input and hands it on.
    fn emit(&self, model: &Model<'ctx>, root: u32, out: &mut dyn FnMut(Vec<u8>)) {
        let mut next = self.input.to_vec();
        for &index in self.slicer.bytes(root) {
            let value = model.eval(&self.tr.var(index), true).and_then(|v| v.as_u64());
            if let (Some(byte), Some(value)) = (next.get_mut(index as usize), value) {
                *byte = value as u8;
            }
        }
        if next != self.input {
            out(next);
        }
    }
}

/// Z3's bit-vector strategy (bit-blasting and CDCL) for an eighth of `timeout`, then stochastic
/// local search for another eighth, then the bit-blaster for the rest. Most queries are decided
/// in the first stage. Local search rescues the satisfiable ones CDCL finds hard: long adder
/// chains, e.g. a checksum over 10,000 bytes that must come out small (CDCL: minutes; local
/// search: 80 ms). It cannot prove unsat, hence the last stage.
fn portfolio(ctx: &Context, timeout: Duration) -> Tactic<'_> {
    let decided = |name: &str| Tactic::new(ctx, name).and_then(&Tactic::new(ctx, "fail-if-undecided"));
    let eighth = (timeout / 8).max(Duration::from_millis(1));
    let rest = timeout.saturating_sub(2 * eighth).max(Duration::from_millis(1));
    decided("qfbv")
        .try_for(eighth)
        .or_else(&decided("qfbv-sls").try_for(eighth))
        .or_else(&decided("qfbv").try_for(rest))
}

/// Whether `model` makes the whole query true (a guard against a wrong model).
fn satisfies<'ctx>(model: &Model<'ctx>, prefix: &[Bool<'ctx>], negation: &Bool<'ctx>) -> bool {
    let holds = |c: &Bool<'ctx>| model.eval(c, true).and_then(|v| v.as_bool()) == Some(true);
    holds(negation) && prefix.iter().all(holds)
}
