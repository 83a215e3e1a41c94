//! The solver stage (`--solver`, the jFuzz seed): a corpus entry the loop has not traced yet is
//! run once more through the trace copy of the target (`docs/solver.md`), which yields its path
//! condition over the input's bytes; `jvmfuzz-solver` negates each branch in turn and asks Z3;
//! every model becomes an input that goes through the normal evaluation, so coverage decides
//! what stays.
//!
//! The fuzzer's own search comes first (Driller's rule: concolic execution when fuzzing is
//! stuck): the stage starts once the corpus has not grown for [`STALL`], or [`LATEST`] into the
//! loop, whichever comes first. Tracing from the first second cost bugs that plain fuzzing finds
//! in a second or two (json-sanitizer's: 31k exec/s with the solver from the start, 59k without
//! it; the trace copy's classes are compiled by the JIT too). From then on it keeps to its share
//! of the wall clock: it only starts on an entry while the time spent tracing and solving is
//! below `share` of the time since it started, and gives one entry at most [`PER_ENTRY`]. An
//! entry skipped for lack of budget is tried again when it is next scheduled. With `--seed` and
//! `--runs` every entry is traced from the start (a clock would make runs differ).
//!
//! Built without the `solver` feature (no Z3 on the machine), the stage does nothing and
//! [`AVAILABLE`] is false, which `--solver` reports.

// Without the `solver` feature most of this module is compiled out; what stays (the config, the
// figures, a stage that does nothing) keeps the rest of the engine the same.
#![cfg_attr(not(feature = "solver"), allow(unused_imports, dead_code))]

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use libafl::corpus::{Corpus, CorpusId, HasCurrentCorpusId};
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::stages::{Restartable, Stage};
use libafl::state::{HasCorpus, HasMaxSize};
use libafl::HasMetadata;
use libafl::{Error, Evaluator};
use libafl_bolts::ToSlice;

use crate::state::State;

/// Whether this build has the solver (the `solver` cargo feature, which links Z3).
pub const AVAILABLE: bool = cfg!(feature = "solver");

/// What `--solver` asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverConfig {
    /// Most of the wall clock spent tracing and solving (0 < share <= 1).
    pub share: f64,
    /// Z3's limit per query.
    pub query_timeout: Duration,
    /// `--seed` runs: every new entry is traced, whatever the clock says, so the same seed
    /// gives the same corpus (unless a query runs into its time limit).
    pub every_entry: bool,
}

impl SolverConfig {
    /// The default share: at most a fifth of the time.
    pub const DEFAULT_SHARE: f64 = 0.2;
}

/// See [`Inner::within_share`].
const GRACE: Duration = Duration::from_secs(5);

/// The stage starts once the corpus has gone this long without a new entry ([`Inner::started`])...
const STALL: Duration = Duration::from_secs(1);

/// ... or this long into the loop, whichever comes first.
const LATEST: Duration = Duration::from_secs(10);

/// Most time spent on one entry (its trace and its queries, lengthened ones included).
const PER_ENTRY: Duration = Duration::from_secs(5);

/// Times a short run of bytes is doubled for one query ([`Inner::lengthen`]): 32 bytes at most
/// become 256.
const LENGTHEN_STEPS: usize = 3;

/// The longest run a query is first lengthened from: a number's digits or a short field.
const LENGTHEN_FROM: u32 = 32;

/// Entries a query is lengthened on before the stage gives up on it: a query that is unsat
/// whatever the length (a loop bound, a check the input can never pass) costs its traces once
/// or twice, not on every entry.
const LENGTHEN_TRIES: u8 = 2;

/// When the stage starts: after [`STALL`] without a new corpus entry, or [`LATEST`] after the
/// first entry it saw (the seeds are in by then); at once for runs that trace every entry.
#[derive(Debug, Clone)]
struct Start {
    born: Instant,
    /// The corpus size last seen, and since when.
    growth: (usize, Instant),
    at: Option<Instant>,
}

impl Start {
    fn new(now: Instant, at_once: bool) -> Start {
        Start { born: now, growth: (0, now), at: at_once.then_some(now) }
    }

    /// When the stage started, given the corpus size at `now`; None: not yet.
    fn check(&mut self, corpus: usize, now: Instant) -> Option<Instant> {
        if self.at.is_none() {
            if corpus != self.growth.0 {
                self.growth = (corpus, now);
            }
            if now.duration_since(self.growth.1) >= STALL || now.duration_since(self.born) >= LATEST {
                self.at = Some(now);
            }
        }
        self.at
    }
}

/// The figures of the progress line's `solver` entry (one loop per process).
#[derive(Debug, Default, Clone, Copy)]
pub struct Figures {
    pub traced: u64,
    pub queries: u64,
    pub sat: u64,
    pub unsat: u64,
    pub unknown: u64,
    /// Solved inputs the evaluation kept.
    pub added: u64,
    /// Solved inputs that were findings.
    pub findings: u64,
    /// Traces the solver could not use (the trace run failed, or its bytes did not decode).
    pub failed: u64,
    /// Branch conditions recorded, over all traces.
    pub conditions: u64,
    /// Symbolic values that left through something unmodelled (made concrete).
    pub concretized: u64,
    /// Shadows dropped at a branch because their value was not the operand's (never solved on).
    pub mismatches: u64,
    /// Wall time spent tracing and solving, in milliseconds (not running the solved inputs).
    pub spent_ms: u64,
    /// Lengthened inputs traced ([`Inner::lengthen`]), and the queries they solved.
    pub lengthened: u64,
    pub lengthened_sat: u64,
}

static FIGURES: Mutex<Figures> = Mutex::new(Figures {
    traced: 0,
    queries: 0,
    sat: 0,
    unsat: 0,
    unknown: 0,
    added: 0,
    findings: 0,
    failed: 0,
    conditions: 0,
    concretized: 0,
    mismatches: 0,
    spent_ms: 0,
    lengthened: 0,
    lengthened_sat: 0,
});

/// The run's last line about the solver.
pub fn summary() -> String {
    let f = figures();
    format!(
        "jvmfuzz: solver: {} entries traced ({} failed), {} conditions, {} queries ({} sat, {} unsat, {} unknown), {} solved inputs kept, {} findings; {} values made concrete, {} shadow mismatches; {} lengthened inputs traced, {} of their queries solved; {:.1} s tracing and solving",
        f.traced,
        f.failed,
        f.conditions,
        f.queries,
        f.sat,
        f.unsat,
        f.unknown,
        f.added,
        f.findings,
        f.concretized,
        f.mismatches,
        f.lengthened,
        f.lengthened_sat,
        f.spent_ms as f64 / 1000.0
    )
}

/// The figures so far.
pub fn figures() -> Figures {
    *FIGURES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs one input through the trace copy and returns the trace's bytes.
pub type Tracer = Box<dyn FnMut(&[u8]) -> Result<Vec<u8>, String>>;

/// The LibAFL stage. `None` inside: `--solver off` (the stage does nothing).
pub struct SolverStage {
    #[cfg(feature = "solver")]
    inner: Option<Inner>,
}

/// The corpus entries already traced, in the state: a client restarted after a crash (a solved
/// input may well be one) must not trace them again, or it would solve its way back to the same
/// crash on every life.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Traced(pub HashSet<CorpusId>);

libafl_bolts::impl_serdeany!(Traced);

#[cfg(feature = "solver")]
struct Inner {
    solver: jvmfuzz_solver::Solver,
    tracer: Tracer,
    share: f64,
    every_entry: bool,
    /// Made at the first entry the stage sees, after the seeds are in.
    start: Option<Start>,
    warned: bool,
    /// Per query key, the entries it was lengthened on.
    lengthened: std::collections::HashMap<u64, u8>,
}

impl SolverStage {
    #[cfg(feature = "solver")]
    pub fn new(cfg: Option<SolverConfig>, tracer: Tracer) -> SolverStage {
        SolverStage {
            inner: cfg.map(|c| Inner {
                solver: jvmfuzz_solver::Solver::new(c.query_timeout),
                tracer,
                share: c.share,
                every_entry: c.every_entry,
                start: None,
                warned: false,
                lengthened: std::collections::HashMap::new(),
            }),
        }
    }

    /// Without Z3 there is nothing to run (`main` refuses `--solver` other than `off`).
    #[cfg(not(feature = "solver"))]
    pub fn new(_cfg: Option<SolverConfig>, _tracer: Tracer) -> SolverStage {
        SolverStage {}
    }
}

impl<S> Restartable<S> for SolverStage {
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}

impl<E, EM, Z> Stage<E, EM, State, Z> for SolverStage
where
    Z: Evaluator<E, EM, BytesInput, State>,
{
    #[cfg(not(feature = "solver"))]
    fn perform(&mut self, _: &mut Z, _: &mut E, _: &mut State, _: &mut EM) -> Result<(), Error> {
        Ok(())
    }

    #[cfg(feature = "solver")]
    fn perform(&mut self, fuzzer: &mut Z, executor: &mut E, state: &mut State, manager: &mut EM) -> Result<(), Error> {
        let Some(inner) = self.inner.as_mut() else { return Ok(()) };
        let Some(id) = state.current_corpus_id()? else { return Ok(()) };
        let every_entry = inner.every_entry;
        let start = inner.start.get_or_insert_with(|| Start::new(Instant::now(), every_entry));
        if start.check(state.corpus().count(), Instant::now()).is_none() {
            return Ok(());
        }
        let traced = state.metadata_or_insert_with(Traced::default);
        if traced.0.contains(&id) || !inner.within_share() {
            return Ok(());
        }
        traced.0.insert(id);
        let input = state.corpus().cloned_input_for_id(id)?;
        let bytes = input.target_bytes().to_slice().to_vec();
        let t0 = Instant::now();
        let found = inner.solve(&bytes, t0 + PER_ENTRY, state.max_size());
        let took = t0.elapsed();
        FIGURES.lock().unwrap_or_else(|e| e.into_inner()).spent_ms += took.as_millis() as u64;
        let (mut added, mut findings) = (0, 0);
        for new in found {
            let (result, kept) = fuzzer.evaluate_input(state, executor, manager, &BytesInput::new(new))?;
            added += u64::from(kept.is_some());
            findings += u64::from(matches!(result, libafl::ExecuteInputResult::Solution));
        }
        let mut f = FIGURES.lock().unwrap_or_else(|e| e.into_inner());
        f.added += added;
        f.findings += findings;
        Ok(())
    }
}

#[cfg(feature = "solver")]
impl Inner {
    /// The clock counts from [`GRACE`] before the stage started, so it traces its first entries
    /// at once.
    fn within_share(&self) -> bool {
        let spent = figures().spent_ms as f64 / 1000.0;
        let since = self.start.as_ref().and_then(|s| s.at).map_or(Duration::ZERO, |t| t.elapsed());
        self.every_entry || spent <= self.share * (since + GRACE).as_secs_f64()
    }

    /// Traces `bytes` and solves its negated branches until `deadline`, then lengthens a run
    /// of bytes that was too short for a query ([`Inner::lengthen`]); the new inputs.
    fn solve(&mut self, bytes: &[u8], deadline: Instant, max_len: usize) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        if self.trace_and_solve(bytes, deadline, &mut found, false) {
            self.lengthen(bytes, deadline, max_len, &mut found);
        }
        found
    }

    /// The solver keeps an input's length, so a query over a run of bytes too short for it
    /// (`Integer.parseInt` of two digits where a comparison wants an eight-digit value) is unsat
    /// on every entry the fuzzer keeps that short. For the first such query of the trace (the
    /// solver's [`jvmfuzz_solver::Solver::short_spans`]), the run is doubled in place (its bytes
    /// repeated after it, so what follows stays in order) and the longer input traced and solved,
    /// up to [`LENGTHEN_STEPS`] times, until the query is solved or no longer reads one run.
    fn lengthen(&mut self, bytes: &[u8], deadline: Instant, max_len: usize, found: &mut Vec<Vec<u8>>) {
        let tries = |key: u64| self.lengthened.get(&key).copied().unwrap_or(0);
        let Some(first) =
            self.solver.short_spans().iter().copied().find(|s| {
                s.end - s.start <= LENGTHEN_FROM && tries(s.key) < LENGTHEN_TRIES && !self.solver.solved(s.key)
            })
        else {
            return;
        };
        let (mut start, mut end) = (first.start as usize, first.end as usize);
        let mut input = bytes.to_vec();
        for step in 0..LENGTHEN_STEPS {
            let Some(run) = input.get(start..end).map(<[u8]>::to_vec) else { return };
            if Instant::now() >= deadline || input.len() + run.len() > max_len {
                return;
            }
            if step == 0 {
                // Counted once a lengthened input is traced: an entry out of time or room
                // leaves the key its tries.
                *self.lengthened.entry(first.key).or_insert(0) += 1;
            }
            input.splice(end..end, run);
            let before = found.len();
            if !self.trace_and_solve(&input, deadline, found, true) {
                return;
            }
            FIGURES.lock().unwrap_or_else(|e| e.into_inner()).lengthened_sat += (found.len() - before) as u64;
            if self.solver.solved(first.key) {
                return;
            }
            match self.solver.short_spans().iter().find(|s| s.key == first.key) {
                Some(s) => (start, end) = (s.start as usize, s.end as usize),
                None => return,
            }
        }
    }

    /// Traces `bytes` (a corpus entry, or a `lengthened` copy of one) and hands the models of its
    /// negated branches to `found`; false when the trace failed or the solver refused it.
    fn trace_and_solve(&mut self, bytes: &[u8], deadline: Instant, found: &mut Vec<Vec<u8>>, lengthened: bool) -> bool {
        let trace = (self.tracer)(bytes).and_then(|t| jvmfuzz_solver::Trace::decode(&t).map_err(|e| e.to_string()));
        let trace = match trace {
            Ok(t) => t,
            Err(e) => {
                FIGURES.lock().unwrap_or_else(|e| e.into_inner()).failed += 1;
                if !self.warned {
                    self.warned = true;
                    crate::say!("jvmfuzz: solver: a trace failed ({e}); the solver skips such entries");
                }
                return false;
            }
        };
        if std::env::var_os("JVMFUZZ_SOLVER_DEBUG").is_some() {
            debug_trace(&trace, bytes);
        }
        let cases = |site: u32| jvmfuzz_jvm::load::trace::cases(site);
        let result = self.solver.solve(&trace, bytes, &cases, deadline, &mut |v| found.push(v));
        let solved = result.is_ok();
        if let Err(e) = result {
            if !self.warned {
                self.warned = true;
                crate::say!("jvmfuzz: solver: {e}");
            }
        }
        let s = self.solver.stats();
        let mut f = FIGURES.lock().unwrap_or_else(|e| e.into_inner());
        if lengthened {
            f.lengthened += 1;
        } else {
            f.traced += 1;
        }
        f.conditions += trace.conds.len() as u64;
        f.concretized += u64::from(trace.concretized);
        f.mismatches += u64::from(trace.mismatches);
        f.queries = s.queries;
        f.sat = s.sat;
        f.unsat = s.unsat;
        f.unknown = s.unknown;
        solved
    }
}

#[cfg(feature = "solver")]
/// `JVMFUZZ_SOLVER_DEBUG=1`: each trace's conditions and where their branches are, on stderr.
fn debug_trace(trace: &jvmfuzz_solver::Trace, input: &[u8]) {
    eprintln!(
        "solver-debug: input {:?}: {} nodes, {} conds, concretized {}, mismatches {}, dropped {}",
        String::from_utf8_lossy(&input[..input.len().min(40)]),
        trace.nodes.len(),
        trace.conds.len(),
        trace.concretized,
        trace.mismatches,
        trace.dropped
    );
    if std::env::var("JVMFUZZ_SOLVER_DEBUG").is_ok_and(|v| v == "2") {
        for (i, n) in trace.nodes.iter().enumerate().take(400) {
            eprintln!("solver-debug:   #{i} {n:?}");
        }
    }
    for c in trace.conds.iter().take(40) {
        let at = match c {
            jvmfuzz_solver::Cond::Branch { site, .. } | jvmfuzz_solver::Cond::Switch { site, .. } => {
                jvmfuzz_jvm::load::trace::site(*site).map(|s| format!("{}.{} @{}", s.class, s.method, s.offset))
            }
            jvmfuzz_solver::Cond::Fixed { .. } => None,
        };
        eprintln!("solver-debug:   {c:?} {}", at.unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stage_waits_while_the_corpus_grows() {
        let t0 = Instant::now();
        let mut s = Start::new(t0, false);
        let ms = |n: u64| t0 + Duration::from_millis(n);
        assert_eq!(s.check(1, ms(0)), None);
        // A new entry every 600 ms: never a second without one.
        assert_eq!(s.check(2, ms(600)), None);
        assert_eq!(s.check(3, ms(1200)), None);
        // A second without one.
        assert_eq!(s.check(3, ms(2200)), Some(ms(2200)));
        // Started for good.
        assert_eq!(s.check(9, ms(2300)), Some(ms(2200)));
    }

    #[test]
    fn the_stage_starts_by_the_latest_even_while_the_corpus_grows() {
        let t0 = Instant::now();
        let mut s = Start::new(t0, false);
        let mut at = None;
        for i in 0..30u64 {
            let now = t0 + Duration::from_millis(500 * i);
            at = s.check(i as usize, now);
            if at.is_some() {
                break;
            }
        }
        assert_eq!(at, Some(t0 + LATEST));
    }

    #[test]
    fn runs_that_trace_every_entry_start_at_once() {
        let t0 = Instant::now();
        assert_eq!(Start::new(t0, true).check(1, t0), Some(t0));
    }
}
