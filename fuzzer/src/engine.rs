//! The fuzzing loop of one client (LibAFL 0.16), run in the client process only.
//!
//! [`fuzz`] assembles LibAFL's own parts, in one screen: `VariableMapObserver`s over the
//! per-probe map and the value-profile map (observers.rs), `MaxMapFeedback` over each plus
//! `TimeFeedback` for the corpus, behind stops.rs's gate for runs the watchdog stopped;
//! `CrashFeedback && NewHashFeedback(JavaStackObserver)` or `TimeoutFeedback` as the
//! objective; LibAFL's `WeightedScheduler` with the FAST power schedule (its corpus weight,
//! raised for grammar-mode entries with rare k-paths) behind `IndexesLenTimeMinimizerScheduler`
//! (which marks the favoured entries but does not skip the others: [`SKIP_NON_FAVORED`]),
//! with generated drivers behind the method scheduler (drivers/schedule.rs); stages:
//! calibration, CmpLog input-to-state
//! (`ShadowTracingStage` + `I2SRandReplace`, fed by `StdCmpObserver` over the comparison log of
//! cmp_values.rs), havoc + token mutations under the power schedule (with `--grammar`: the
//! grammar module's tree stage, and havoc on a share of the entries); with `--seed`,
//! determinism.rs's feedback and stage. Everything else (the target, findings, seeds,
//! housekeeping between executions) is in helpers below or in its own module.
//!
//! Order matters: the executor (which installs LibAFL's signal handlers) is built *before* the
//! JVM is created, so HotSpot's handlers chain to LibAFL's; the JVM is created here, in the
//! client, never in the restarting parent (a JVM does not survive fork). So the harness closure
//! reaches the target through [`Runner`], which is filled after the executor exists.
//! [`run_client_in`] takes the JVM as a parameter ([`Jvm`]): a caller that already runs inside
//! a JVM (a JUnit integration) hands it in instead of having one created.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use libafl::common::nautilus::grammartec::chunkstore::ChunkStore;
use libafl::common::nautilus::grammartec::tree::TreeLike;
use libafl::corpus::Corpus;
use libafl::corpus::CorpusId;
use libafl::events::{EventFirer, EventReceiver, EventRestarter, HasEventManagerId, ProgressReporter, SendExiting};
use libafl::executors::hooks::timer::TimerStruct;
use libafl::executors::{inprocess::InProcessExecutor, ExitKind, ShadowExecutor};
use libafl::feedbacks::NautilusChunksMetadata;
use libafl::feedbacks::{
    CrashFeedback, MapFeedbackMetadata, MaxMapFeedback, NewHashFeedback, TimeFeedback, TimeoutFeedback,
};
use libafl::fuzzer::{Evaluator, Fuzzer, HasObjective, StdFuzzer};
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::mutators::{
    havoc_mutations, HavocScheduledMutator, I2SRandReplace, SingleChoiceScheduledMutator, TokenInsert, TokenReplace,
    Tokens,
};
use libafl::observers::{CanTrack, StdCmpObserver, TimeObserver};
use libafl::schedulers::{powersched::PowerSchedule, IndexesLenTimeMinimizerScheduler, WeightedScheduler};
use libafl::stages::{CalibrationStage, IfStage, ShadowTracingStage, StdMutationalStage, StdPowerMutationalStage};
use libafl::state::{HasCorpus, HasExecutions, HasMaxSize, HasRand, HasStartTime, StdState};
use libafl::{feedback_and_fast, feedback_or, feedback_or_fast, Error, HasMetadata, HasNamedMetadata};
use libafl_bolts::ownedref::OwnedRefMut;
use libafl_bolts::rands::Rand;
use libafl_bolts::rands::StdRand;
use libafl_bolts::tuples::{tuple_list, Merge};
use libafl_bolts::{current_nanos, ToSlice};
use once_cell::unsync::OnceCell;

use crate::cmp_values::JavaCmpMap;
use crate::determinism::{FixedExecTime, FixedTimesStage};
use crate::drivers::schedule::{KeepMethod, MethodScheduler};
use crate::findings::{finding_id, FindingSink, Kind};
use crate::grammar::mutator::{GrammarMutator, MaybeGrammar};
use crate::harness::Failure;
use crate::jvm::JvmConfig;
use crate::observers::{self, JavaStackObserver};
use crate::stackless::{Replays, Stackless};
use crate::state::State;
use crate::status;
use crate::stops::{Calibration, NotStopped};
use crate::target::{Jvm, Outcome, Target, TargetConfig};
use crate::watchdog::Stall;

/// Everything the client needs (plain data: cloned into every forked client).
#[derive(Debug, Clone)]
pub struct FuzzConfig {
    /// How to create the JVM when the client is not handed one.
    pub jvm: JvmConfig,
    pub target: TargetConfig,
    pub corpus: PathBuf,
    pub findings: PathBuf,
    pub max_total_time: Option<Duration>,
    pub runs: Option<u64>,
    pub keep_going: bool,
    /// With `keep_going`: stop after this many distinct findings (Jazzer's `--keep_going=N`).
    pub max_findings: Option<u64>,
    /// Read-only folders of seed inputs besides `corpus` (libFuzzer's extra corpus folders).
    pub seed_corpora: Vec<PathBuf>,
    pub artifacts: crate::findings::Artifacts,
    pub dicts: Vec<PathBuf>,
    pub seed: Option<u64>,
    /// Resolved (`seeds::max_len`): seeds are cut to it, mutators stay within it.
    pub max_len: usize,
    /// libFuzzer's `-len_control` (crate::length); 0: inputs may grow to `max_len` at once.
    pub len_control: u64,
    pub status_file: PathBuf,
    /// Grammar mode (`--grammar`).
    pub grammar: Option<crate::grammar::GrammarSpec>,
    /// The solver stage (`--solver`); `None`: off.
    pub solver: Option<crate::solver::SolverConfig>,
    /// Linked to other nodes (`--listen`/`--connect`, `crate::nodes`): findings are sent with
    /// their input, so the other nodes run and save them too.
    pub linked: bool,
    /// One of several JVMs fuzzing the same fuzz test (`fuzz --fuzz-test -jobs=N`): read the
    /// inputs the others write to `corpus` (`corpus_sync`).
    pub sync_corpus: bool,
}

impl FuzzConfig {
    /// Where seeds come from: the corpus, then every --seed-corpus.
    pub fn seed_dirs(&self) -> Vec<PathBuf> {
        std::iter::once(self.corpus.clone()).chain(self.seed_corpora.iter().cloned()).collect()
    }
}

/// Havoc mutations stacked per execution of a generated driver: 2..=2^N (depth.rs says why
/// drivers keep havoc's stacking). With operand logging making magic compares cheap, N = 3
/// found the planted bugs in as few executions as LibAFL's default of 7.
const DRIVER_MAX_STACK_POW: usize = 3;

/// Input-to-state replacements stacked per execution: 2..=2^N. Each one looks up the
/// comparison metadata, so fewer make the loop faster; N = 4 finds the planted bugs as fast as
/// LibAFL's default of 7, while N = 1 lost DivMagic for some seeds.
const I2S_MAX_STACK_POW: usize = 4;

/// LibAFL's own executor timeout, past `--timeout`: the watchdog reports a hang first (with
/// the Java stacks), then LibAFL restarts the stuck process.
const RESTART_AFTER: Duration = Duration::from_secs(2);

/// The event manager a client runs with: the restarting manager's (`--jobs 1`) or a Launcher
/// client's (`--jobs N`).
pub trait ClientManager:
    EventFirer<BytesInput, State>
    + EventRestarter<State>
    + ProgressReporter<State>
    + SendExiting
    + EventReceiver<BytesInput, State>
    + HasEventManagerId
{
}

impl<T> ClientManager for T where
    T: EventFirer<BytesInput, State>
        + EventRestarter<State>
        + ProgressReporter<State>
        + SendExiting
        + EventReceiver<BytesInput, State>
        + HasEventManagerId
{
}

/// Why a client stopped early.
enum Stop {
    /// A problem the user must fix (bad harness, JVM error): reported through the status file.
    Setup(String),
    LibAfl(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::LibAfl(e)
    }
}

/// Runs fuzzing client `client` (0 for a single-job run; with `--jobs`, the Launcher's client
/// id, from 1) to its end (budget, first finding, or error), in a JVM it creates. Writes the
/// outcome to the status file; never returns an error for user set-up problems.
pub fn run_client<EM: ClientManager>(
    cfg: &FuzzConfig,
    client: usize,
    state: Option<State>,
    mgr: EM,
) -> Result<(), Error> {
    run_client_in(Jvm::Create(&cfg.jvm), cfg, client, state, mgr)
}

/// [`run_client`] with the JVM given by `jvm`: created after the executor, or one that
/// already runs this process.
pub fn run_client_in<EM: ClientManager>(
    jvm: Jvm,
    cfg: &FuzzConfig,
    client: usize,
    state: Option<State>,
    mut mgr: EM,
) -> Result<(), Error> {
    match fuzz(jvm, cfg, client, state, &mut mgr) {
        Ok(()) => Ok(()),
        Err(Stop::Setup(msg)) => setup_failed(cfg, &mut mgr, &msg),
        Err(Stop::LibAfl(Error::ShuttingDown)) => Err(Error::ShuttingDown),
        // The restarter must be told we are leaving on purpose, or it would treat the exit as
        // a crash and respawn us.
        Err(Stop::LibAfl(e)) => setup_failed(cfg, &mut mgr, &format!("the fuzzing loop failed: {}", short_error(&e))),
    }
}

fn fuzz<EM: ClientManager>(
    jvm: Jvm,
    cfg: &FuzzConfig,
    client: usize,
    state: Option<State>,
    mgr: &mut EM,
) -> Result<(), Stop> {
    // A restarted client whose previous life already hit a finding stops at once (unless
    // --keep-going): the parent reads the status file.
    let so_far = status::read(&cfg.status_file).findings.len();
    if (!cfg.keep_going && so_far > 0)
        || cfg.max_findings.is_some_and(|n| u64::try_from(so_far).unwrap_or(u64::MAX) >= n)
    {
        mgr.send_exiting()?;
        return Ok(());
    }
    let restarted = state.is_some();
    // Only a JVM this process made may be thrown away (not a JUnit run's own).
    let owns_jvm = matches!(jvm, Jvm::Create(_));
    let seeded = cfg.seed.is_some();
    let runner = Rc::new(Runner::new(cfg, client));
    if owns_jvm && !cfg.jvm.hot_exception_stacks && cfg.target.drivers.is_none() {
        let mut replays = Replays::for_this_process(cfg.findings.join(".stackless"), cfg.target.timeout);
        let adopted = replays.as_mut().map_or(0, Replays::adopt_orphans);
        if adopted > 0 {
            crate::say!("jvmfuzz: {adopted} stackless finding(s) an ended client left are replayed for their stacks");
        }
        *runner.replays.borrow_mut() = replays;
    }

    let edges_observer = observers::edges().track_indices();
    let values_observer = observers::values();
    let time_observer = TimeObserver::new("time");
    let stack_observer = JavaStackObserver::new("java_stack", Arc::clone(&runner.sink));
    let cmp_observer = StdCmpObserver::new("cmplog", OwnedRefMut::Owned(Box::new(JavaCmpMap)), true);

    let map_feedback = MaxMapFeedback::new(&edges_observer);
    let calibration = CalibrationStage::new(&map_feedback);
    let mut feedback = feedback_and_fast!(
        NotStopped,
        feedback_or!(
            map_feedback,
            MaxMapFeedback::new(&values_observer),
            TimeFeedback::new(&time_observer),
            FixedExecTime::new(seeded),
            crate::grammar::feedback::KPathFeedback::new(cfg.grammar.as_ref().is_some_and(|g| g.kpath_feedback))
        )
    );
    // A Java finding is a "crash" that does not kill the process; its stack hash dedups.
    let mut objective = feedback_or_fast!(
        feedback_and_fast!(CrashFeedback::new(), NewHashFeedback::new(&stack_observer)),
        TimeoutFeedback::new()
    );

    let mut state = match state {
        Some(s) => s,
        None => new_state(cfg, client, &mut feedback, &mut objective)?,
    };
    prepare_state(&mut state, cfg);
    // Generated drivers: time for every method first (drivers/schedule.rs).
    let methods = cfg.target.drivers.as_ref().map_or(0, |d| d.plan.drivers.len());
    crate::recent::set_methods(methods);
    let scheduler = MethodScheduler::new(
        IndexesLenTimeMinimizerScheduler::with_skip_prob(
            &edges_observer,
            WeightedScheduler::<_, crate::grammar::score::GrammarWeight, _>::with_schedule(
                &mut state,
                &edges_observer,
                Some(PowerSchedule::fast()),
            ),
            SKIP_NON_FAVORED,
        ),
        methods,
    )
    .with_fixed_time(seeded);
    let mut fuzzer = StdFuzzer::new(scheduler, feedback, objective);
    fuzzer.set_share_objectives(cfg.linked);

    let mut harness_fn = {
        let runner = Rc::clone(&runner);
        move |input: &BytesInput| {
            let bytes = input.target_bytes();
            crate::recent::enter(&bytes);
            runner.execute(bytes.to_slice())
        }
    };
    // In a JVM that already runs, HotSpot's signal handlers must win over LibAFL's (signals.rs);
    // declared before the executor, so the dispositions come back after it is gone.
    let signals = matches!(jvm, Jvm::Existing(_)).then(crate::signals::Saved::take).map(RestoreOnDrop);
    let mut executor = InProcessExecutor::builder()
        .timeout(cfg.target.timeout + RESTART_AFTER)
        .harness(&mut harness_fn)
        .observers(tuple_list!(edges_observer, values_observer, time_observer, stack_observer))
        .fuzzer(&mut fuzzer)
        .state(&mut state)
        .event_mgr(mgr)
        .build()?;
    if let Some(s) = &signals {
        s.0.give_back_jvm();
    }
    // The default timer re-arms and disarms a POSIX timer around every execution (two
    // syscalls, a large share of a fast harness's loop); batch mode keeps one armed across
    // executions and re-checks on expiry, so a stuck execution is still stopped (within 1-2x
    // the timeout; the watchdog reports it at --timeout anyway).
    executor.hooks_mut().0.timer = TimerStruct::batch_mode(cfg.target.timeout + RESTART_AFTER);
    let mut executor = ShadowExecutor::new(executor, tuple_list!(cmp_observer));

    // Now that LibAFL's signal handlers are in place.
    runner.start(jvm, cfg, session_offset(&state, restarted))?;

    state.add_metadata(dictionary(&cfg.dicts)?);
    let havoc = SingleChoiceScheduledMutator::new(havoc_mutations().merge(tuple_list!(
        crate::length::Directed(TokenInsert::new()),
        TokenReplace::new(),
        crate::grow::InsertRepeatedBytes,
        crate::grow::InsertSelfCopy,
        crate::recent::RecentInsert,
        crate::recent::RecentReplace,
        crate::recent::GuidedSplice,
        crate::recent::KeySplice
    )));
    // Around the whole stack or chain, so the method is kept (or left) once per execution.
    let mutator = KeepMethod::new(
        if cfg.target.drivers.is_some() {
            crate::depth::Deepen::stacked(havoc, DRIVER_MAX_STACK_POW)
        } else {
            crate::depth::Deepen::chained(havoc)
        },
        methods,
    );
    let i2s = KeepMethod::new(
        HavocScheduledMutator::with_max_stack_pow(
            tuple_list!(
                I2SRandReplace::new(),
                crate::recent::GuidedSplice,
                crate::recent::KeySplice,
                crate::recent::TypedSplice
            ),
            I2S_MAX_STACK_POW,
        ),
        methods,
    );
    // Grammar mode: tree mutations for every entry, byte havoc for a share of them.
    let grammar = match &cfg.grammar {
        Some(spec) => Some(crate::grammar::activate(spec).map_err(|e| Stop::Setup(format!("--grammar: {e}")))?),
        None => None,
    };
    if grammar.is_some() && !state.has_metadata::<NautilusChunksMetadata>() {
        let dir = cfg.findings.join(".libafl").join(format!("nautilus-{client}"));
        std::fs::create_dir_all(dir.join("outputs/chunks"))
            .map_err(|e| Stop::Setup(format!("cannot create {}: {e}", dir.display())))?;
        state.add_metadata(NautilusChunksMetadata { cks: ChunkStore::new(dir.display().to_string()) });
    }
    let byte_share = grammar.map_or(100, |g| u64::from(g.spec.byte_share));
    let grammar_stage = StdPowerMutationalStage::new(MaybeGrammar(grammar.map(GrammarMutator::new)));
    let solver_stage = solver_stage(cfg, &runner)?;
    let mut stages = tuple_list!(
        crate::corpus_sync::stage(cfg.sync_corpus.then_some(cfg.corpus.as_path()), client),
        crate::length::LengthControl::new(cfg.len_control, cfg.max_len),
        Calibration::new(calibration, cfg.target.timeout),
        FixedTimesStage::new(seeded),
        solver_stage,
        ShadowTracingStage::new(),
        StdMutationalStage::new(i2s),
        IfStage::new(move |_, _, _: &mut State, _| Ok(grammar.is_some()), tuple_list!(grammar_stage)),
        IfStage::new(
            move |_, _, state: &mut State, _| Ok(
                byte_share >= 100 || state.rand_mut().below_or_zero(100) < byte_share as usize
            ),
            tuple_list!(StdPowerMutationalStage::new(mutator))
        )
    );

    if !restarted && state.corpus().count() == 0 {
        let before = libafl_bolts::current_time();
        load_seeds(cfg, &mut state, &mut fuzzer, &mut executor, mgr)?;
        crate::corpus_sync::loaded_since(&mut state, before);
    }

    let started = Instant::now();
    let budget_start = *state.start_time();
    if let (Some(t), Some(target)) = (cfg.max_total_time, runner.target.get()) {
        // For the watchdog: a fuzzing thread stuck where no stop reaches it past this point
        // ends the client, so the budget holds.
        let spent = libafl_bolts::current_time().saturating_sub(budget_start);
        target.end_by(started + t.saturating_sub(spent));
    }
    let mut chores = Chores::new();
    while !runner.should_stop(cfg, &state, budget_start)? {
        chores.before_each(&mut state);
        crate::stops::new_round();
        fuzzer.fuzz_one(&mut stages, &mut executor, &mut state, mgr)?;
        mgr.maybe_report_progress(&mut state, Duration::from_secs(1))?;
        chores.after_each(cfg, &runner, &mut state, mgr)?;
        runner.file_replayed(false);
        if let Some(why) = crate::target::take_restart_request().filter(|_| owns_jvm) {
            runner.file_replayed(true);
            restart_jvm(&why, &mut state, mgr)?;
        }
    }
    if let Some(h) = state.named_metadata_map().get::<MapFeedbackMetadata<u8>>("edges") {
        crate::coverage_map::note_history(&h.history_map);
    }
    // The last second's executions too: the campaign's final row is the monitor's last figures.
    mgr.report_progress(&mut state)?;
    runner.finish(cfg, &state, started);
    mgr.send_exiting()?;
    Ok(())
}

/// A JVM that can no longer be trusted (`target::request_restart`: a stop forced into the
/// JDK's code) would make later runs fail as if the target had a bug:
/// the client saves its state and exits, and the restarter starts it again in a fresh JVM (as
/// after LibAFL's own executor timeout), corpus, coverage-map cells and findings kept.
fn restart_jvm<EM: ClientManager>(why: &str, state: &mut State, mgr: &mut EM) -> Result<(), Error> {
    crate::say!("jvmfuzz: {why}: restarting the JVM, state kept");
    state.add_metadata(crate::coverage_map::map().table(&jvmfuzz_runtime::classes()));
    mgr.on_restart(state)?;
    // SAFETY: exits the process at once, as LibAFL's timeout handler does after saving state;
    // the JVM in this process must not run its shutdown on a half-stopped thread.
    unsafe { libc::_exit(RESTART_EXIT) }
}

/// "Could not initialize class X": the JVM's word for a class whose static initializer failed
/// before, in this process.
fn poisoned_class(failure: &Failure) -> bool {
    failure.exception == "java.lang.NoClassDefFoundError" && failure.message.starts_with("Could not initialize class ")
}

/// How often the scheduler passes over an entry that is not among the favoured ones (the
/// smallest and fastest per edge). LibAFL's default skips 95% of them; the weighted scheduler
/// already ranks favoured entries higher, and skipping most of the rest narrowed the search
/// to a few entries: on zxing (3 seeds, 60 s) it reached 7% fewer branches than giving every
/// entry its weighted turn, and on jsoup's adoption-agency bug it missed 1 seed of 6
/// (benchmarks/README.md, "zxing again").
const SKIP_NON_FAVORED: f64 = 0.0;

/// The exit status of a client that leaves to be restarted (any but LibAFL's Ctrl-C status).
const RESTART_EXIT: i32 = 55;

/// The solver stage (`--solver`): trace mode is switched on in the JVM, and the stage traces
/// through the runner's target.
fn solver_stage(cfg: &FuzzConfig, runner: &Rc<Runner>) -> Result<crate::solver::SolverStage, Stop> {
    let Some(solver) = cfg.solver else {
        return Ok(crate::solver::SolverStage::new(None, Box::new(|_| Err("off".into()))));
    };
    let target = runner.target.get().ok_or_else(|| Stop::Setup("the solver needs the target started".into()))?;
    let mut env = target.harness().env().map_err(|e| Stop::Setup(e.to_string()))?;
    jvmfuzz_jvm::load::trace::enable(&mut env).map_err(|e| Stop::Setup(format!("--solver: {e}")))?;
    let runner = Rc::clone(runner);
    let tracer = Box::new(move |input: &[u8]| match runner.target.get() {
        Some(t) => {
            crate::recent::enter(input);
            t.trace(input)
        }
        None => Err("no target".to_string()),
    });
    Ok(crate::solver::SolverStage::new(Some(solver), tracer))
}

/// Puts every signal disposition back when the loop is over (see signals.rs).
struct RestoreOnDrop(crate::signals::Saved);

impl Drop for RestoreOnDrop {
    fn drop(&mut self) {
        self.0.restore_all();
    }
}

// ---- set-up helpers ------------------------------------------------------------------------

/// A fresh state: the RNG from `--seed` (or the clock), the client's corpus and objectives.
fn new_state<F, O>(cfg: &FuzzConfig, client: usize, feedback: &mut F, objective: &mut O) -> Result<State, Error>
where
    F: libafl::feedbacks::StateInitializer<State>,
    O: libafl::feedbacks::StateInitializer<State>,
{
    StdState::new(
        StdRand::with_seed(cfg.seed.map_or_else(current_nanos, |s| crate::determinism::client_seed(s, client))),
        crate::corpus::client_corpus(&cfg.corpus, client)?,
        crate::corpus::client_objectives(&cfg.findings.join(".libafl"), client)?,
        feedback,
        objective,
    )
}

/// What a state needs in this process, new or restored.
fn prepare_state(state: &mut State, cfg: &FuzzConfig) {
    state.set_max_size(cfg.max_len.max(1));
    // A restarted client: its novelty history is indexed by the previous life's map cells.
    if let Some(t) = state.metadata_map().get::<crate::coverage_map::CellTable>() {
        crate::coverage_map::map().restore(t);
        crate::say!("jvmfuzz: restarted client: {} coverage-map cells carried over", t.entries.len());
    }
}

/// Seconds since the session began (the state's start time survives restarts).
fn session_offset(state: &State, restarted: bool) -> f64 {
    if restarted {
        libafl_bolts::current_time().saturating_sub(*state.start_time()).as_secs_f64()
    } else {
        0.0
    }
}

/// The `--dict` files; constant-pool tokens join as classes load ([`Chores::before_each`]).
fn dictionary(dicts: &[PathBuf]) -> Result<Tokens, Stop> {
    let mut tokens = Tokens::new();
    for d in dicts {
        let t =
            Tokens::from_file(d).map_err(|e| Stop::Setup(format!("--dict {}: {}", d.display(), short_error(&e))))?;
        // libFuzzer's confirmation that the file was read, under its own name.
        crate::say!("Dictionary: {} entries ({})", t.tokens().len(), d.display());
        tokens.add_tokens(t.tokens());
    }
    Ok(tokens)
}

/// Inputs of random bytes run after seeds that reached no instrumented class (`load_seeds`).
const NO_PROBE_TRIES: usize = 64;

/// `seed` with the bytes after its first `keep` replaced by ones from the state's random
/// source (so `--seed` repeats them; at least 16 bytes after the prefix).
fn other_bytes<R: Rand>(rand: &mut R, seed: &[u8], keep: usize) -> Vec<u8> {
    let keep = keep.min(seed.len());
    let mut out = seed[..keep].to_vec();
    out.extend((0..(seed.len() - keep).max(16)).map(|_| rand.next() as u8));
    out
}

/// The first corpus of a new session: `--corpus` files, else one seed per generated driver
/// method, else the empty input (which token insertion turns into exactly a dictionary word).
fn load_seeds<E, EM, Z>(
    cfg: &FuzzConfig,
    state: &mut State,
    fuzzer: &mut Z,
    executor: &mut E,
    mgr: &mut EM,
) -> Result<(), Stop>
where
    EM: EventFirer<BytesInput, State>,
    Z: Evaluator<E, EM, BytesInput, State>,
{
    let dirs = cfg.seed_dirs();
    match crate::seeds::load(state, fuzzer, executor, mgr, &dirs, cfg.max_len) {
        Ok(0) => {}
        Ok(cut) => crate::say!(
            "jvmfuzz: {cut} seed input(s) longer than --max-len {} cut to it (as libFuzzer's -max_len does)",
            cfg.max_len
        ),
        Err(e) => {
            let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
            crate::say!("jvmfuzz: could not load seeds from {}: {}", names.join(", "), short_error(&e));
        }
    }
    if let Some(g) = crate::grammar::active() {
        grammar_seeds(g, state, fuzzer, executor, mgr)?;
    } else if state.corpus().count() == 0 {
        // With generated drivers every method starts out in the corpus, so the scheduler can
        // favour those whose coverage still grows.
        let seeds = cfg.target.drivers.as_ref().map_or_else(|| vec![Vec::new()], |d| d.seeds());
        for seed in &seeds {
            fuzzer.add_input(state, executor, mgr, BytesInput::new(seed.clone()))?;
        }
        // With --keep-going, when every seed ended in a finding (a method that fails on
        // zeros), the loop still needs one entry to mutate: inputs of other bytes are tried,
        // up to 64 or one per seed, until one runs clean. Without it the finding ends the run.
        let prefix = cfg.target.drivers.as_ref().map_or(0, |d| d.prefix_len());
        let tries = if cfg.keep_going { seeds.len().max(64) } else { 0 };
        for seed in seeds.iter().cycle().take(tries) {
            if state.corpus().count() > 0 {
                break;
            }
            let mut input = other_bytes(state.rand_mut(), seed, prefix);
            input.truncate(cfg.max_len.max(prefix + 1));
            fuzzer.add_input(state, executor, mgr, BytesInput::new(input))?;
        }
    }
    crate::say!("jvmfuzz: {} seed input(s) in the corpus", state.corpus().count());
    // A harness that returns early on the seeds (OSS-Fuzz's xerces parserFuzzer on the empty
    // input, with only the library included) has not reached an included class yet: inputs of
    // other bytes get it there before the filters are called wrong.
    for _ in 0..NO_PROBE_TRIES {
        if jvmfuzz_runtime::probe_count() > 0 {
            break;
        }
        let mut input = other_bytes(state.rand_mut(), &[], 0);
        input.truncate(cfg.max_len.max(1));
        fuzzer.evaluate_input(state, executor, mgr, &BytesInput::new(input))?;
    }
    // Running the seeds loaded the classes they reach: no probe at all means the filters left
    // nothing to observe, and coverage guidance cannot work.
    if jvmfuzz_runtime::probe_count() == 0 {
        return Err(Stop::Setup(
            "no class was instrumented (neither the harness nor what it called): check --includes/--excludes; classes of the JDK and of jvmfuzz are never instrumented".into(),
        ));
    }
    Ok(())
}

/// Grammar mode's seeds: the loaded ones parsed into trees where they match the grammar; with
/// none, inputs derived from the grammar.
fn grammar_seeds<E, EM, Z>(
    g: &'static crate::grammar::GrammarMode,
    state: &mut State,
    fuzzer: &mut Z,
    executor: &mut E,
    mgr: &mut EM,
) -> Result<(), Stop>
where
    EM: EventFirer<BytesInput, State>,
    Z: Evaluator<E, EM, BytesInput, State>,
{
    let ids: Vec<CorpusId> = state.corpus().ids().collect();
    let mut parsed = 0;
    for &id in &ids {
        let bytes = state.corpus().cloned_input_for_id(id)?;
        if let Some(tree) = crate::grammar::parse::parse(&g.nautilus.ctx, &g.accept, bytes.as_ref()) {
            crate::grammar::mutator::remember(g, state, id, tree, true);
            parsed += 1;
        } else if let Ok(tc) = state.corpus().get(id) {
            tc.borrow_mut().add_metadata(crate::grammar::mutator::GrammarTree(None));
        }
    }
    crate::grammar::note_seeds(parsed, ids.len());
    if !ids.is_empty() {
        crate::say!("jvmfuzz: grammar: {parsed} of {} seed input(s) parsed into trees", ids.len());
    }
    if state.corpus().count() == 0 {
        for _ in 0..GRAMMAR_SEEDS {
            let Some(tree) = GrammarMutator::generate(g, state) else { continue };
            let bytes = tree.unparse_to_vec(&g.nautilus.ctx);
            let (_, id) = fuzzer.evaluate_input(state, executor, mgr, &BytesInput::new(bytes))?;
            if let Some(id) = id {
                crate::grammar::mutator::remember(g, state, id, tree, true);
            }
        }
        if state.corpus().count() == 0 {
            let tree = GrammarMutator::generate(g, state);
            let bytes = tree.as_ref().map(|t| t.unparse_to_vec(&g.nautilus.ctx)).unwrap_or_default();
            let id = fuzzer.add_input(state, executor, mgr, BytesInput::new(bytes))?;
            if let Some(tree) = tree {
                crate::grammar::mutator::remember(g, state, id, tree, true);
            }
        }
    }
    Ok(())
}

/// Inputs derived from the grammar to start a session without seeds.
const GRAMMAR_SEEDS: usize = 32;

// ---- the harness side ----------------------------------------------------------------------

/// What the executor's harness closure calls. Empty until the JVM runs: the executor, and with
/// it LibAFL's signal handlers, must exist first.
struct Runner {
    target: OnceCell<Target>,
    /// Shared with the watchdog thread and the native-crash observer.
    sink: Arc<OnceLock<FindingSink>>,
    drivers: Option<crate::drivers::DriverRun>,
    /// Finding ids this process reported: a bug hit again is neither re-saved nor re-announced.
    seen: RefCell<HashSet<String>>,
    /// A Java finding was hit in this process.
    found: Cell<bool>,
    /// Of `seen`, the generated drivers' contract exceptions (recorded, not findings).
    contracts: Cell<usize>,
    /// Distinct findings of the whole session (every client and restart: the status file),
    /// as of this process's last new finding; what `--max-findings` counts.
    session_findings: Cell<usize>,
    status_file: PathBuf,
    /// The JNI machinery itself failed: nothing sensible can follow.
    fatal: RefCell<Option<String>>,
    /// This client's number (0 alone, from 1 with `--jobs`).
    client: usize,
    /// Stackless exceptions replayed for their stacks (`crate::stackless`); `None` where the
    /// JVM keeps every stack or is not this process's own.
    replays: RefCell<Option<Replays>>,
    /// The longest execution so far, once one took a second or more (the status file gets
    /// each new longest: libFuzzer's `slowest_unit_time_sec`, counted in whole seconds).
    slowest: Cell<Duration>,
}

impl Runner {
    fn new(cfg: &FuzzConfig, client: usize) -> Runner {
        Runner {
            target: OnceCell::new(),
            sink: Arc::default(),
            drivers: cfg.target.drivers.clone(),
            seen: RefCell::default(),
            found: Cell::new(false),
            contracts: Cell::new(0),
            session_findings: Cell::new(status::read(&cfg.status_file).findings.len()),
            status_file: cfg.status_file.clone(),
            fatal: RefCell::default(),
            client,
            replays: RefCell::default(),
            slowest: Cell::new(Duration::from_secs(1)),
        }
    }

    /// Gets the target running in `jvm` and the finding sink ready.
    fn start(&self, jvm: Jvm, cfg: &FuzzConfig, offset_secs: f64) -> Result<(), Stop> {
        let sink = Arc::clone(&self.sink);
        // The watchdog saves timeout findings and stops the run (LibAFL's executor timeout
        // restarts us only if that fails). Past the memory limit the process ends at once, as
        // libFuzzer's does: LibAFL's restarting manager starts a new client with the state,
        // which stops unless --keep-going.
        let target = Target::open(jvm, &cfg.target, move |t| {
            let Some(s) = sink.get() else { return };
            match t.why {
                Stall::Limit => {}
                Stall::Timeout => s.save(Kind::Timeout, &t.failure, &t.input, t.exec),
                Stall::Memory { .. } => {
                    s.save(Kind::OutOfMemory, &t.failure, &t.input, t.exec);
                    // A crash, as LibAFL's crash handler sees it (it saves the state for the
                    // next client), but of this Java finding, not a native one. Only while the
                    // execution still runs: its memory may be back already, and the next
                    // input's run must not be taken for it.
                    if crate::target::still_running(t.exec) {
                        observers::note_java_finding(&crate::findings::finding_id(&t.failure));
                        crate::target::abort_harness(t.exec);
                    }
                }
            }
        })
        .map_err(|e| Stop::Setup(e.to_string()))?;
        let h = target.harness();
        let sink = FindingSink::open(
            &cfg.findings,
            &cfg.status_file,
            &h.class_name,
            h.mode,
            offset_secs,
            cfg.artifacts.clone(),
        )
        .map_err(|e| Stop::Setup(format!("cannot create --findings {}: {e}", cfg.findings.display())))?;
        let _ = self.sink.set(sink);
        target.use_method_limits();
        self.target.set(target).map_err(|_| Stop::Setup("internal error: the target was started twice".into()))
    }

    fn execute(&self, data: &[u8]) -> ExitKind {
        let Some(target) = self.target.get() else { return ExitKind::Ok };
        if crate::stops::skip_rest_of_round() {
            return ExitKind::Ok;
        }
        if target.campaign_over() {
            crate::stops::skip_round();
            return ExitKind::Ok;
        }
        let began = Instant::now();
        let outcome = target.run(data, !crate::stops::calibrating());
        let took = began.elapsed();
        if took >= self.slowest.get() {
            self.slowest.set(took);
            status::append(&self.status_file, &format!("slowest_ms {}", took.as_millis()));
        }
        crate::stops::note_run(matches!(outcome, Ok(Outcome::Stopped(_))));
        match outcome {
            Ok(Outcome::Passed) => ExitKind::Ok,
            // Cut short (stops.rs keeps it out of the corpus). Past --timeout the watchdog has
            // saved the finding.
            Ok(Outcome::Stopped(Stall::Limit)) => ExitKind::Ok,
            Ok(Outcome::Stopped(_)) => {
                // A finding: the run ends here unless --keep-going (as the restart after a
                // timeout used to decide), and --max-findings counts it.
                self.found.set(true);
                self.session_findings.set(status::read(&self.status_file).findings.len());
                ExitKind::Timeout
            }
            // A generated driver's method under test raising by design: recorded, not a crash.
            Ok(Outcome::Failed(failure)) if failure.contract.is_some() => {
                self.record_contract(target, &failure, data);
                ExitKind::Ok
            }
            // A class whose initialisation failed earlier in this JVM: the finding, if any, was
            // that first failure (an ExceptionInInitializerError, a stack overflow inside it);
            // the input that meets the broken class now runs in a fresh JVM. Not restarted: a
            // class that fails in every JVM (a missing optional dependency) would restart it
            // for ever.
            Ok(Outcome::Failed(failure)) if poisoned_class(&failure) => ExitKind::Ok,
            Ok(Outcome::Failed(failure)) => {
                self.report(target, &failure, data);
                ExitKind::Crash
            }
            Err(e) => {
                self.fatal.borrow_mut().get_or_insert_with(|| e.to_string());
                ExitKind::Ok
            }
        }
    }

    fn report(&self, target: &Target, failure: &Failure, data: &[u8]) {
        if crate::stackless::is_stackless(failure) {
            if let Some(r) = self.replays.borrow_mut().as_mut() {
                // Filed once its replay has told what it is (file_replayed).
                observers::note_java_finding(&finding_id(failure));
                self.found.set(true);
                r.offer(Stackless { failure: failure.clone(), input: data.to_vec() });
                return;
            }
        }
        let id = finding_id(failure);
        observers::note_java_finding(&id);
        self.found.set(true);
        if !self.seen.borrow_mut().insert(id) {
            return;
        }
        self.save(target, failure, data);
        self.session_findings.set(status::read(&self.status_file).findings.len());
    }

    /// Files the stackless findings whose replay has ended (all of them, waiting up to each
    /// replay's limit, when `settle`).
    fn file_replayed(&self, settle: bool) {
        let done = {
            let mut replays = self.replays.borrow_mut();
            let Some(r) = replays.as_mut() else { return };
            if settle {
                r.drain((r.limit() * (crate::stackless::QUEUE as u32 + 1)).min(crate::stackless::SETTLE))
            } else {
                r.poll()
            }
        };
        let Some(target) = self.target.get() else { return };
        for s in done {
            if s.failure.frames.is_empty() {
                crate::say!(
                    "jvmfuzz: note: a {} came without a stack and its replay in a fresh JVM gave none; filed as it came (the JVM's OmitStackTraceInFastThrow: --jvm-arg=-XX:-OmitStackTraceInFastThrow keeps every stack, slower)",
                    s.failure.exception
                );
            }
            let new = self.seen.borrow_mut().insert(finding_id(&s.failure));
            if let Some(r) = self.replays.borrow_mut().as_mut() {
                r.known(&s.failure.exception, !new);
            }
            if new {
                self.save(target, &s.failure, &s.input);
                self.session_findings.set(status::read(&self.status_file).findings.len());
            }
        }
        if settle {
            if let Some(r) = self.replays.borrow().as_ref().filter(|r| r.replayed + r.skipped > 0) {
                crate::say!(
                    "jvmfuzz: exceptions the JIT threw without a stack: {} replayed in a fresh JVM for it ({} gave one), {} not replayed (repeats of a finding filed already, most likely; --jvm-arg=-XX:-OmitStackTraceInFastThrow keeps every stack, slower)",
                    r.replayed,
                    r.resolved,
                    r.skipped
                );
            }
        }
    }

    fn record_contract(&self, target: &Target, failure: &Failure, data: &[u8]) {
        if !self.seen.borrow_mut().insert(finding_id(failure)) {
            return;
        }
        self.contracts.set(self.contracts.get() + 1);
        self.save(target, failure, data);
    }

    /// Saves a Java exception (a bug, or with generated drivers a contract), with a readable
    /// JUnit reproducer when the harness is the drivers' dispatcher.
    fn save(&self, target: &Target, failure: &Failure, data: &[u8]) {
        let Some(sink) = self.sink.get() else { return };
        // Generated drivers: the observed values this execution decoded with (see Observed).
        let snapshot = self
            .drivers
            .as_ref()
            .and_then(|_| target.harness().env().ok())
            .and_then(|mut env| crate::drivers::observed_snapshot(&mut env));
        sink.save_with(Kind::Exception, failure, data, target.executions(), |id| {
            let d = self.drivers.as_ref()?;
            let mut env = target.harness().env().ok()?;
            let info = crate::drivers::reproducer::FindingInfo {
                id,
                exception: &failure.exception,
                message: &failure.message,
                class_path: &d.user_cp,
            };
            Some(
                target
                    .replay(|| crate::drivers::readable_reproducer(&mut env, d, data, &info))
                    .unwrap_or_else(|| Err("its replay ran past --timeout and was stopped".to_string())),
            )
        });
        if let Some(snapshot) = snapshot {
            let dir = sink.dir().join(finding_id(failure));
            let file = dir.join(crate::drivers::OBSERVED_FILE);
            if dir.is_dir() && !file.exists() {
                let _ = std::fs::write(file, snapshot);
            }
        }
    }

    fn should_stop(&self, cfg: &FuzzConfig, state: &State, budget_start: Duration) -> Result<bool, Stop> {
        if let Some(msg) = self.fatal.borrow().as_ref() {
            return Err(Stop::Setup(format!("the harness call failed: {msg}")));
        }
        let enough =
            cfg.max_findings.is_some_and(|n| u64::try_from(self.session_findings.get()).unwrap_or(u64::MAX) >= n);
        Ok((self.found.get() && (!cfg.keep_going || enough))
            || cfg.runs.is_some_and(|r| *state.executions() >= r)
            || cfg.max_total_time.is_some_and(|t| libafl_bolts::current_time().saturating_sub(budget_start) >= t))
    }

    /// The end of a client that ran its course: fuzzerTearDown, the drivers' statistics, the
    /// summary line, `done` in the status file.
    fn finish(&self, cfg: &FuzzConfig, state: &State, started: Instant) {
        self.file_replayed(true);
        let target = self.target.get();
        if let Some(t) = target {
            if let (Some(d), Ok(mut env)) = (&self.drivers, t.harness().env()) {
                crate::drivers::save_stats(&mut env, d, t.method_times());
            }
            t.finish();
        }
        let map = crate::coverage_map::map();
        let covered = covered_edges(state);
        let elapsed = started.elapsed().as_secs_f64().max(1e-9);
        if map.dropped() > 0 {
            crate::say!(
                "jvmfuzz: note: {} probe events beyond the coverage map's capacity were ignored",
                map.dropped()
            );
        }
        crate::say!(
            "jvmfuzz: done: {} execs ({:.0} exec/s in this process), corpus {}, edges {}/{}, findings {}",
            state.executions(),
            target.map_or(0, Target::executions) as f64 / elapsed,
            state.corpus().count(),
            covered,
            // A client restarted at the very end loaded no class yet, while the covered count
            // is the session's (kept in the state).
            map.probes().max(covered),
            (self.seen.borrow().len() - self.contracts.get()).max(usize::from(self.found.get()))
        );
        if cfg.solver.is_some() {
            crate::say!("{}", crate::solver::summary());
        }
        if let Some(g) = crate::grammar::active() {
            crate::say!("{}", crate::grammar::report::summary(g));
            write_grammar_coverage(cfg, self.client, g);
        }
        status::append(&cfg.status_file, "done");
    }
}

/// `grammar-coverage.json`; with `--jobs`, clients after the first write their own
/// `grammar-coverage-<client>.json` (k-paths are counted per client).
fn write_grammar_coverage(cfg: &FuzzConfig, client: usize, g: &crate::grammar::GrammarMode) {
    let name =
        if client <= 1 { "grammar-coverage.json".to_string() } else { format!("grammar-coverage-{client}.json") };
    if let Err(e) = crate::grammar::report::write(g, &cfg.findings, &name) {
        crate::say!("jvmfuzz: cannot write {}: {e}", cfg.findings.join(&name).display());
    }
}

// ---- between executions --------------------------------------------------------------------

/// What the loop does besides fuzzing, each at its own pace.
struct Chores {
    last_stats: Instant,
    last_probes_stat: Instant,
    saved_cells: usize,
    last_cells_save: Instant,
    /// Covered k-paths when `grammar-coverage.json` was last written.
    kpaths_written: usize,
}

impl Chores {
    fn new() -> Chores {
        let now = Instant::now();
        Chores {
            last_stats: now,
            last_probes_stat: now,
            saved_cells: usize::MAX,
            last_cells_save: now.checked_sub(Duration::from_secs(1)).unwrap_or(now),
            kpaths_written: usize::MAX,
        }
    }

    /// Constant-pool tokens of the classes loaded since join the dictionary.
    fn before_each(&mut self, state: &mut State) {
        let new_tokens = crate::tokens::take();
        if !new_tokens.is_empty() {
            if let Some(t) = state.metadata_map_mut().get_mut::<Tokens>() {
                t.add_tokens(new_tokens.iter());
            }
        }
    }

    fn after_each<EM: EventFirer<BytesInput, State>>(
        &mut self,
        cfg: &FuzzConfig,
        runner: &Runner,
        state: &mut State,
        mgr: &mut EM,
    ) -> Result<(), Error> {
        let map = crate::coverage_map::map();
        // The cell table travels with the state (it is what a restart serialises).
        if map.assigned() != self.saved_cells && self.last_cells_save.elapsed() >= Duration::from_millis(250) {
            self.saved_cells = map.assigned();
            self.last_cells_save = Instant::now();
            state.add_metadata(map.table(&jvmfuzz_runtime::classes()));
        }
        if self.last_probes_stat.elapsed() >= Duration::from_secs(1) {
            self.last_probes_stat = Instant::now();
            report_probes(state, mgr, map.probes())?;
            if cfg.solver.is_some() {
                report_solver(state, mgr)?;
            }
            if let Some(g) = crate::grammar::active() {
                let (covered, possible) = crate::grammar::report::progress(g);
                report_ratio(state, mgr, "k-paths", covered, possible)?;
                // Written as the run goes, so a client that dies leaves it behind; only when it
                // changed, since listing the uncovered paths walks all possible ones.
                let total = g.kpaths().covered_total();
                if total != self.kpaths_written {
                    self.kpaths_written = total;
                    write_grammar_coverage(cfg, runner.client, g);
                }
            }
        }
        // Every few seconds, so a client that dies (timeout, crash) leaves its counts behind.
        if let Some(d) = &cfg.target.drivers {
            if self.last_stats.elapsed() >= Duration::from_secs(5) {
                self.last_stats = Instant::now();
                if let Some(t) = runner.target.get() {
                    if let Ok(mut env) = t.harness().env() {
                        crate::drivers::save_stats(&mut env, d, t.method_times());
                    }
                }
            }
        }
        Ok(())
    }
}

/// Map cells covered so far, by the edges feedback's history.
fn covered_edges(state: &State) -> usize {
    state
        .named_metadata_map()
        .get::<libafl::feedbacks::MapFeedbackMetadata<u8>>("edges")
        .map_or(0, |m| m.num_covered_map_indexes)
}

/// The map holds a cell per probe that has fired (coverage_map.rs), so LibAFL's own "edges: x/y"
/// stat reads covered/fired; this one reads covered/instrumented, what users compare against.
fn report_probes<EM: EventFirer<BytesInput, State>>(
    state: &mut State,
    mgr: &mut EM,
    instrumented: usize,
) -> Result<(), Error> {
    let covered = covered_edges(state);
    report_ratio(state, mgr, "probes", covered as u64, instrumented.max(covered) as u64)
}

/// The solver's figure: `solver: <queries>q <sat>/<unsat>/<unknown> +<added>` (sat, unsat,
/// unknown answers; solved inputs kept).
fn report_solver<EM: EventFirer<BytesInput, State>>(state: &mut State, mgr: &mut EM) -> Result<(), Error> {
    let f = crate::solver::figures();
    let text = format!("{}q {}/{}/{} +{}", f.queries, f.sat, f.unsat, f.unknown, f.added);
    let executions = *state.executions();
    mgr.fire(
        state,
        libafl::events::EventWithStats::with_current_time(
            libafl::events::Event::UpdateUserStats {
                name: Cow::Borrowed("solver"),
                value: libafl::monitors::stats::UserStats::new(
                    libafl::monitors::stats::UserStatsValue::String(Cow::Owned(text)),
                    libafl::monitors::stats::AggregatorOps::None,
                ),
                phantom: std::marker::PhantomData,
            },
            executions,
        ),
    )
}

/// A `name: covered/total` figure of the progress line.
fn report_ratio<EM: EventFirer<BytesInput, State>>(
    state: &mut State,
    mgr: &mut EM,
    name: &'static str,
    covered: u64,
    total: u64,
) -> Result<(), Error> {
    let executions = *state.executions();
    mgr.fire(
        state,
        libafl::events::EventWithStats::with_current_time(
            libafl::events::Event::UpdateUserStats {
                name: Cow::Borrowed(name),
                value: libafl::monitors::stats::UserStats::new(
                    libafl::monitors::stats::UserStatsValue::Ratio(covered, total),
                    libafl::monitors::stats::AggregatorOps::Avg,
                ),
                phantom: std::marker::PhantomData,
            },
            executions,
        ),
    )
}

/// A LibAFL error as one short message (its Display appends a backtrace).
pub fn short_error(e: &Error) -> String {
    let s = e.to_string();
    s.split("\nBacktrace").next().unwrap_or(&s).trim().to_string()
}

fn setup_failed<EM: SendExiting>(cfg: &FuzzConfig, mgr: &mut EM, msg: &str) -> Result<(), Error> {
    status::append(&cfg.status_file, &format!("setup {msg}"));
    mgr.send_exiting()?;
    Ok(())
}
