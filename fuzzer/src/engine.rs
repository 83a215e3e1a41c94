//! The fuzzing loop (LibAFL 0.16), run in the client process only.
//!
//! Parts, all LibAFL's own: `VariableMapObserver` over the per-probe map (coverage.rs) inside
//! `HitcountsMapObserver`, and another over the value-profile map of comparison operands;
//! `MaxMapFeedback` over each + `TimeFeedback` for the corpus;
//! `CrashFeedback && NewHashFeedback(JavaStackObserver)` or `TimeoutFeedback` as the objective
//! (a Java finding is a "crash" that does not kill the process; its stack hash dedups);
//! `StdWeightedScheduler` with the FAST power schedule behind `IndexesLenTimeMinimizerScheduler`;
//! stages: calibration, havoc + token mutations (power schedule), and CmpLog input-to-state
//! (`ShadowTracingStage` + `I2SRandReplace`) fed by `StdCmpObserver` over the comparison log;
//! with `--seed`, determinism.rs's feedback and stage record a constant execution time;
//! `CachedOnDiskCorpus` for the corpus, `OnDiskCorpus` (findings/.libafl) for raw objectives.
//!
//! Order matters: the executor (which installs LibAFL's signal handlers) is built *before* the
//! JVM is created, so HotSpot's handlers chain to LibAFL's; the JVM is created here, in the
//! client, never in the restarting parent. The harness closure reaches the JVM through a
//! `OnceCell` filled after the executor exists.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use libafl::corpus::Corpus;
use libafl::events::{EventFirer, EventRestarter, ProgressReporter, SendExiting};
use libafl::executors::hooks::timer::TimerStruct;
use libafl::executors::{inprocess::InProcessExecutor, ExitKind, ShadowExecutor};
use libafl::feedback_and_fast;
use libafl::feedback_or;
use libafl::feedback_or_fast;
use libafl::feedbacks::{CrashFeedback, MaxMapFeedback, NewHashFeedback, TimeFeedback, TimeoutFeedback};
use libafl::fuzzer::{Evaluator, Fuzzer, StdFuzzer};
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::mutators::{havoc_mutations, tokens_mutations, HavocScheduledMutator, I2SRandReplace, Tokens};
use libafl::observers::{
    CanTrack, HitcountsMapObserver, Observer, ObserverWithHashField, StdCmpObserver, TimeObserver,
    VariableMapObserver,
};
use libafl::schedulers::{powersched::PowerSchedule, IndexesLenTimeMinimizerScheduler, StdWeightedScheduler};
use libafl::stages::{CalibrationStage, ShadowTracingStage, StdMutationalStage, StdPowerMutationalStage};
use libafl::state::{HasCorpus, HasExecutions, HasMaxSize, HasStartTime, StdState};
use libafl::{Error, HasMetadata, HasNamedMetadata};
use libafl_bolts::ownedref::OwnedRefMut;
use libafl_bolts::rands::StdRand;
use libafl_bolts::tuples::{tuple_list, Merge};
use libafl_bolts::{current_nanos, Named, ToSlice};
use once_cell::unsync::OnceCell;
use serde::{Deserialize, Serialize};

use crate::cmplog::JavaCmpMap;
use crate::findings::{finding_id, FindingStore};
use crate::harness::{Failure, Harness};
use crate::jvm::JvmConfig;
use crate::state::State;
use crate::status;
use crate::watchdog::Watchdog;

/// Everything the client needs (plain data: cloned into every forked client).
#[derive(Debug, Clone)]
pub struct FuzzConfig {
    pub jvm: JvmConfig,
    pub harness: String,
    pub ignore: Vec<String>,
    pub corpus: PathBuf,
    pub findings: PathBuf,
    pub max_total_time: Option<Duration>,
    pub runs: Option<u64>,
    pub timeout: Duration,
    pub keep_going: bool,
    pub dicts: Vec<PathBuf>,
    pub seed: Option<u64>,
    pub max_len: usize,
    pub status_file: PathBuf,
    /// Generated drivers (--class/--target/--package): compiled in the client, then fuzzed
    /// through their dispatcher as the harness.
    pub drivers: Option<crate::drivers::DriverRun>,
}

// ---- the Java stack observer --------------------------------------------------------------

/// Hash of the current execution's finding (0 = none), set by the harness closure.
static LAST_FINDING_HASH: AtomicU64 = AtomicU64::new(0);

/// Havoc stacks 2..=2^N mutations per execution (LibAFL's default N is 7: up to 128); see
/// the stage set-up for the measurements. Overridable for experiments with JVMFUZZ_HAVOC_POW.
const HAVOC_MAX_STACK_POW: usize = 3;

/// Whether the harness takes a data provider (for reproducers written from the observer).
static PROVIDER_MODE: AtomicBool = AtomicBool::new(false);

/// Exposes the finding id of the last execution to LibAFL's `NewHashFeedback`, so the
/// objective keeps one input per distinct Java stack (like `BacktraceObserver` for native code).
///
/// It also records *native* crashes: when the JVM process dies on a signal, LibAFL's crash
/// handler runs the observers with `ExitKind::Crash` before restarting the client, and no Java
/// finding is pending. All native crashes share one id (the JVM's own hs_err log, written to
/// findings/.libafl, tells them apart).
#[derive(Debug, Serialize, Deserialize)]
pub struct JavaStackObserver {
    name: Cow<'static, str>,
    hash: Option<u64>,
    findings: PathBuf,
    status_file: PathBuf,
    harness: String,
}

impl JavaStackObserver {
    pub fn new(name: &'static str, cfg: &FuzzConfig) -> Self {
        Self {
            name: Cow::Borrowed(name),
            hash: None,
            findings: cfg.findings.clone(),
            status_file: cfg.status_file.clone(),
            harness: cfg.harness.clone(),
        }
    }

    fn record_native_crash(&mut self, input: &[u8], execs: u64) {
        let f = Failure {
            exception: "native crash".into(),
            message: "the JVM process died on a signal (see hs_err_pid*.log)".into(),
            stack_text: format!(
                "The process running the JVM crashed outside Java (a signal HotSpot did not handle).\n\
                 HotSpot's crash log, if it wrote one, is in {}/.libafl/hs_err_pid*.log.\n",
                self.findings.display()
            ),
            frames: Vec::new(),
        };
        let id = finding_id(&f);
        self.hash = Some(u64::from_str_radix(&id, 16).unwrap_or(1));
        status::append(&self.status_file, &format!("finding {id}"));
        let mode = if PROVIDER_MODE.load(Ordering::Relaxed) { crate::harness::Mode::Provider } else { crate::harness::Mode::Bytes };
        if let Ok(mut s) = FindingStore::open(&self.findings, 0.0) {
            if let Ok(Some(e)) = s.save(&f, input, execs, &self.harness, mode) {
                println!("jvmfuzz: FINDING {} native crash -> {}/", e.id, self.findings.join(&e.id).display());
            }
        }
    }
}

impl Named for JavaStackObserver {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl ObserverWithHashField for JavaStackObserver {
    fn hash(&self) -> Option<u64> {
        self.hash
    }
}

impl<S: HasExecutions> Observer<BytesInput, S> for JavaStackObserver {
    fn pre_exec(&mut self, _state: &mut S, _input: &BytesInput) -> Result<(), Error> {
        LAST_FINDING_HASH.store(0, Ordering::Relaxed);
        self.hash = None;
        Ok(())
    }

    fn post_exec(&mut self, state: &mut S, input: &BytesInput, exit_kind: &ExitKind) -> Result<(), Error> {
        let h = LAST_FINDING_HASH.load(Ordering::Relaxed);
        self.hash = (h != 0).then_some(h);
        if h == 0 && *exit_kind == ExitKind::Crash {
            self.record_native_crash(input.target_bytes().to_slice(), *state.executions());
        }
        Ok(())
    }
}

// ---- the client ----------------------------------------------------------------------------

/// Set by the harness closure when this session hit a finding.
static SESSION_FINDING: AtomicBool = AtomicBool::new(false);

/// Runs one fuzzing client to its end (budget, first finding, or error). Writes the outcome to
/// the status file; never returns an error for user set-up problems (those go to the status).
/// Runs client `client` (0 for a single-job run; with `--jobs`, the Launcher's client id, from 1).
pub fn run_client<EM>(cfg: &FuzzConfig, client: usize, state: Option<State>, mut mgr: EM) -> Result<(), Error>
where
    EM: EventFirer<BytesInput, State> + EventRestarter<State> + ProgressReporter<State> + SendExiting + libafl::events::EventReceiver<BytesInput, State> + libafl::events::HasEventManagerId,
{
    match run_client_inner(cfg, client, state, &mut mgr) {
        Err(Error::ShuttingDown) => Err(Error::ShuttingDown),
        // Anything else ends the session with a message (the restarter must be told we are
        // leaving on purpose, or it would treat the exit as a crash and respawn us).
        Err(e) => setup_failed(cfg, &mut mgr, &format!("the fuzzing loop failed: {}", short_error(&e))),
        Ok(()) => Ok(()),
    }
}

fn run_client_inner<EM>(cfg: &FuzzConfig, client: usize, state: Option<State>, mgr: &mut EM) -> Result<(), Error>
where
    EM: EventFirer<BytesInput, State> + EventRestarter<State> + ProgressReporter<State> + SendExiting + libafl::events::EventReceiver<BytesInput, State> + libafl::events::HasEventManagerId,
{
    // A restarted client whose previous life already hit a finding stops at once (unless
    // --keep-going): the parent reads the status file.
    if !cfg.keep_going && !status::read(&cfg.status_file).findings.is_empty() {
        mgr.send_exiting()?;
        return Ok(());
    }
    let restarted = state.is_some();

    let map = crate::coverage::map();
    // SAFETY: the map and its length word live for the whole process (a static).
    let edges = unsafe { VariableMapObserver::from_mut_ptr("edges", map.as_mut_ptr(), crate::coverage::CAPACITY, map.len_ptr()) };
    map.sync_len();
    let edges_observer = HitcountsMapObserver::new(edges).track_indices();
    // The value profile (coverage.rs): one cell per logged comparison site.
    let vmap = crate::coverage::value_map();
    // SAFETY: as above, a static map and length word.
    let values_observer =
        unsafe { VariableMapObserver::from_mut_ptr("cmp_values", vmap.as_mut_ptr(), crate::coverage::VALUE_CAPACITY, vmap.len_ptr()) };
    vmap.sync_len();
    let time_observer = TimeObserver::new("time");
    let stack_observer = JavaStackObserver::new("java_stack", cfg);
    let cmp_observer = StdCmpObserver::new("cmplog", OwnedRefMut::Owned(Box::new(JavaCmpMap)), true);

    let map_feedback = MaxMapFeedback::new(&edges_observer);
    let calibration = CalibrationStage::new(&map_feedback);
    let value_feedback = MaxMapFeedback::new(&values_observer);
    // With --seed, measured times are replaced by a constant (determinism.rs).
    let seeded = cfg.seed.is_some();
    let mut feedback = feedback_or!(
        map_feedback,
        value_feedback,
        TimeFeedback::new(&time_observer),
        crate::determinism::FixedExecTime::new(seeded)
    );
    let mut objective = feedback_or_fast!(
        feedback_and_fast!(CrashFeedback::new(), NewHashFeedback::new(&stack_observer)),
        TimeoutFeedback::new()
    );

    let mut state = match state {
        Some(s) => s,
        None => StdState::new(
            StdRand::with_seed(cfg.seed.map_or_else(current_nanos, |s| crate::determinism::client_seed(s, client))),
            crate::corpus::client_corpus(&cfg.corpus, client)?,
            crate::corpus::client_objectives(&cfg.findings.join(".libafl"), client)?,
            &mut feedback,
            &mut objective,
        )?,
    };
    state.set_max_size(cfg.max_len.max(1));
    // A restarted client: its novelty history is indexed by the previous life's map cells.
    if let Some(t) = state.metadata_map().get::<crate::coverage::CellTable>() {
        map.restore(t);
        println!("jvmfuzz: restarted client: {} coverage-map cells carried over", t.entries.len());
    }

    let scheduler = IndexesLenTimeMinimizerScheduler::new(
        &edges_observer,
        StdWeightedScheduler::with_schedule(&mut state, &edges_observer, Some(PowerSchedule::fast())),
    );
    let mut fuzzer = StdFuzzer::new(scheduler, feedback, objective);

    // The JVM and the harness, created after the executor (signal handlers) below.
    let harness_cell: Rc<OnceCell<Harness>> = Rc::new(OnceCell::new());
    let store: Rc<RefCell<Option<FindingStore>>> = Rc::new(RefCell::new(None));
    let session_ids: Rc<RefCell<HashSet<String>>> = Rc::new(RefCell::new(HashSet::new()));
    let current_input: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let watchdog: Rc<OnceCell<Arc<Watchdog>>> = Rc::new(OnceCell::new());
    let exec_no = Rc::new(std::cell::Cell::new(0u64));
    let fatal: Rc<RefCell<Option<String>>> = Rc::new(RefCell::new(None));

    let mut harness_fn = {
        let harness_cell = Rc::clone(&harness_cell);
        let store = Rc::clone(&store);
        let session_ids = Rc::clone(&session_ids);
        let current_input = Arc::clone(&current_input);
        let watchdog = Rc::clone(&watchdog);
        let exec_no = Rc::clone(&exec_no);
        let fatal = Rc::clone(&fatal);
        let cfg = cfg.clone();
        move |input: &BytesInput| -> ExitKind {
            let Some(h) = harness_cell.get() else { return ExitKind::Ok };
            let target = input.target_bytes();
            let data = target.to_slice();
            {
                let mut cur = current_input.lock().unwrap_or_else(|e| e.into_inner());
                cur.clear();
                cur.extend_from_slice(data);
            }
            let n = exec_no.get() + 1;
            exec_no.set(n);
            if let Some(w) = watchdog.get() {
                w.arm(n);
            }
            let result = h.run(data);
            if let Some(w) = watchdog.get() {
                w.disarm();
            }
            crate::coverage::collect();
            match result {
                Ok(None) => ExitKind::Ok,
                Ok(Some(failure)) => {
                    record_failure(&cfg, &failure, data, n, h, &store, &session_ids);
                    ExitKind::Crash
                }
                Err(e) => {
                    // The JNI machinery itself failed: nothing sensible can follow.
                    fatal.borrow_mut().get_or_insert_with(|| e.to_string());
                    ExitKind::Ok
                }
            }
        }
    };

    let mut executor = InProcessExecutor::builder()
        .timeout(cfg.timeout + Duration::from_secs(2))
        .harness(&mut harness_fn)
        .observers(tuple_list!(edges_observer, values_observer, time_observer, stack_observer))
        .fuzzer(&mut fuzzer)
        .state(&mut state)
        .event_mgr(mgr)
        .build()?;
    // LibAFL's batched timer: the default one re-arms and disarms a POSIX timer around every
    // execution (two timer_settime syscalls, ~30% of the loop on a trivial harness); batch mode
    // keeps one timer armed across many executions and re-checks on expiry, so a stuck
    // execution is still stopped (within 1-2x the timeout; the watchdog reports it at
    // --timeout anyway).
    executor.hooks_mut().0.timer = TimerStruct::batch_mode(cfg.timeout + Duration::from_secs(2));
    let mut executor = ShadowExecutor::new(executor, tuple_list!(cmp_observer));

    // ---- the JVM, now that LibAFL's signal handlers are in place ----
    let vm = match crate::jvm::start(&cfg.jvm) {
        Ok(vm) => vm,
        Err(e) => return setup_failed(cfg, mgr, &e.to_string()),
    };
    let harness = {
        let mut env = match vm.get_env() {
            Ok(e) => e,
            Err(e) => return setup_failed(cfg, mgr, &format!("JNI: {e}")),
        };
        if let Some(d) = &cfg.drivers {
            if let Err(e) = crate::drivers::compile_in_jvm(&mut env, d) {
                return setup_failed(cfg, mgr, &e);
            }
        }
        match Harness::new(&mut env, &cfg.harness, &cfg.ignore, &[]) {
            Ok(h) => h,
            Err(e) => return setup_failed(cfg, mgr, &e.to_string()),
        }
    };
    // Seconds since the session began (the state's start time survives restarts).
    let offset = if restarted {
        libafl_bolts::current_time().saturating_sub(*state.start_time()).as_secs_f64()
    } else {
        0.0
    };
    match FindingStore::open(&cfg.findings, offset) {
        Ok(s) => *store.borrow_mut() = Some(s),
        Err(e) => return setup_failed(cfg, mgr, &format!("cannot create --findings {}: {e}", cfg.findings.display())),
    }
    // The watchdog saves timeout findings; LibAFL's executor timeout (2 s later) restarts us.
    {
        let reporter = harness.timeout_reporter();
        let cfg2 = cfg.clone();
        let current_input = Arc::clone(&current_input);
        let vm2 = match unsafe { jni::JavaVM::from_raw(vm.get_java_vm_pointer()) } {
            Ok(v) => v,
            Err(e) => return setup_failed(cfg, mgr, &format!("JNI: {e}")),
        };
        let mode = harness.mode;
        let timeout = cfg.timeout;
        let born = Instant::now();
        let w = Watchdog::start(vm2, cfg.timeout, move |env, exec| {
            let f = reporter.failure(env, &format!("fuzzerTestOneInput ran longer than {:.1} s", timeout.as_secs_f64()));
            let input = current_input.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let id = finding_id(&f);
            status::append(&cfg2.status_file, &format!("finding {id}"));
            if let Ok(mut s) = FindingStore::open(&cfg2.findings, offset + born.elapsed().as_secs_f64()) {
                if let Ok(Some(e)) = s.save(&f, &input, exec, &cfg2.harness, mode) {
                    println!("jvmfuzz: TIMEOUT {} -> {}/", e.id, cfg2.findings.join(&e.id).display());
                }
            }
        });
        let _ = watchdog.set(w);
    }
    let mode = harness.mode;
    PROVIDER_MODE.store(mode == crate::harness::Mode::Provider, Ordering::Relaxed);
    if harness_cell.set(harness).is_err() {
        return setup_failed(cfg, mgr, "internal error: harness set twice");
    }
    if mode == crate::harness::Mode::Provider {
        write_shim_jar(&cfg.findings);
    }

    // ---- dictionary: --dict files now, constant-pool tokens as classes load ----
    let mut tokens = Tokens::new();
    for d in &cfg.dicts {
        match Tokens::from_file(d) {
            Ok(t) => {
                tokens.add_tokens(t.tokens());
            }
            Err(e) => return setup_failed(cfg, mgr, &format!("--dict {}: {}", d.display(), short_error(&e))),
        }
    }
    state.add_metadata(tokens);

    // A shallower havoc stack than LibAFL's default (2..8 mutations, not 2..128; libFuzzer's
    // default depth is 5). With operand logging making magic compares cheap, it finds the
    // planted bugs in as few or fewer executions (seeds 1-3: magic int 15-29 vs 22-76, switch
    // key 18-39 vs 77-541, "bad!" 2.7k-7.1k vs 1.7k-8.9k, long magic 1.0k-1.9k vs 71-1.8k) and
    // runs the trivial harness 1.3-2x faster (the mutations were a quarter of the loop).
    let mutator = HavocScheduledMutator::with_max_stack_pow(havoc_mutations().merge(tokens_mutations()), havoc_pow());
    let power = StdPowerMutationalStage::new(mutator);
    let i2s = StdMutationalStage::new(HavocScheduledMutator::with_max_stack_pow(tuple_list!(I2SRandReplace::new()), i2s_pow()));
    let tracing = ShadowTracingStage::new();
    let fixed_times = crate::determinism::FixedTimesStage::new(seeded);
    let mut stages = tuple_list!(calibration, fixed_times, tracing, i2s, power);

    if !restarted && state.corpus().count() == 0 {
        let dirs = [cfg.corpus.clone()];
        if let Err(e) = state.load_initial_inputs(&mut fuzzer, &mut executor, mgr, &dirs) {
            println!("jvmfuzz: could not load seeds from {}: {}", cfg.corpus.display(), short_error(&e));
        }
        if state.corpus().count() == 0 {
            // No seeds (or none interesting): start from the empty input, which token insertion
            // turns into exactly a dictionary word.
            match &cfg.drivers {
                // Generated drivers: one seed per driver method, so every method starts out in
                // the corpus and the scheduler can favour those whose coverage still grows.
                Some(d) => {
                    for seed in d.seeds() {
                        fuzzer.add_input(&mut state, &mut executor, mgr, BytesInput::new(seed))?;
                    }
                }
                None => {
                    fuzzer.add_input(&mut state, &mut executor, mgr, BytesInput::new(Vec::new()))?;
                }
            }
        }
        println!("jvmfuzz: {} seed input(s) in the corpus", state.corpus().count());
        // Running the seeds loaded the classes they reach: no probe at all means the filters
        // left nothing to observe, and coverage guidance cannot work.
        if jvmfuzz_runtime::probe_count() == 0 {
            return setup_failed(
                cfg,
                mgr,
                "no class was instrumented (neither the harness nor what it called): check --includes/--excludes; classes of the JDK and of jvmfuzz are never instrumented",
            );
        }
    }

    let started = Instant::now();
    let mut last_stats = Instant::now();
    let mut last_probes_stat = Instant::now();
    let mut saved_cells = usize::MAX;
    let mut last_cells_save = Instant::now().checked_sub(Duration::from_secs(1)).unwrap_or_else(Instant::now);
    let budget_start = *state.start_time();
    loop {
        if let Some(msg) = fatal.borrow().clone() {
            return setup_failed(cfg, mgr, &format!("the harness call failed: {msg}"));
        }
        if SESSION_FINDING.load(Ordering::Relaxed) && !cfg.keep_going {
            break;
        }
        if cfg.runs.is_some_and(|r| *state.executions() >= r) {
            break;
        }
        if let Some(t) = cfg.max_total_time {
            if libafl_bolts::current_time().saturating_sub(budget_start) >= t {
                break;
            }
        }
        let new_tokens = crate::transform::take_tokens();
        if !new_tokens.is_empty() {
            if let Some(t) = state.metadata_map_mut().get_mut::<Tokens>() {
                t.add_tokens(new_tokens.iter());
            }
        }
        fuzzer.fuzz_one(&mut stages, &mut executor, &mut state, mgr)?;
        mgr.maybe_report_progress(&mut state, Duration::from_secs(1))?;
        // The cell table travels with the state (it is what a restart serialises).
        if map.assigned() != saved_cells && last_cells_save.elapsed() >= Duration::from_millis(250) {
            saved_cells = map.assigned();
            last_cells_save = Instant::now();
            state.add_metadata(map.table(&jvmfuzz_runtime::classes()));
        }
        if last_probes_stat.elapsed() >= Duration::from_secs(1) {
            last_probes_stat = Instant::now();
            report_probes(&mut state, mgr, map.probes())?;
        }
        if let Some(d) = &cfg.drivers {
            // Every few seconds, so a client that dies (timeout, crash) leaves its counts behind.
            if last_stats.elapsed() >= Duration::from_secs(5) {
                last_stats = Instant::now();
                if let Some(h) = harness_cell.get() {
                    if let Ok(mut env) = h.env() {
                        crate::drivers::save_stats(&mut env, d);
                    }
                }
            }
        }
    }

    if let Some(h) = harness_cell.get() {
        h.tear_down();
        if let (Some(d), Ok(mut env)) = (&cfg.drivers, h.env()) {
            crate::drivers::save_stats(&mut env, d);
            crate::drivers::delete_temp_files(&mut env);
        }
    }
    let covered = covered_edges(&state);
    let elapsed = started.elapsed().as_secs_f64().max(1e-9);
    if map.dropped() > 0 {
        println!("jvmfuzz: note: {} probe events beyond the coverage map's capacity were ignored", map.dropped());
    }
    println!(
        "jvmfuzz: done: {} execs ({:.0} exec/s in this process), corpus {}, edges {}/{}, findings {}",
        state.executions(),
        exec_no.get() as f64 / elapsed,
        state.corpus().count(),
        covered,
        // A client restarted at the very end loaded no class yet, while the covered count is
        // the session's (kept in the state).
        map.probes().max(covered),
        session_ids.borrow().len().max(usize::from(SESSION_FINDING.load(Ordering::Relaxed)))
    );
    status::append(&cfg.status_file, "done");
    mgr.send_exiting()?;
    Ok(())
}

/// Stack depth of input-to-state replacements: 2..=2^N per execution (LibAFL's default N is 7,
/// up to 128). Measured 2026-11-22, executions to find the planted bugs, seeds 1-6,
/// `--runs 3000000` (N = 7 / N = 4): MagicInt 27 15 29 13 33 14 / 20 16 16 13 61 18;
/// MagicString 66 48 53 111 42 61 / 62 50 47 38 131 54; BadChain 4987 7068 2693 6314 5941 4274 /
/// 5191 6247 1119 3948 3509 6343; SwitchKey 20 39 18 23 64 15 / 30 14 42 23 11 40; LongMagic
/// 1176 1903 1001 147 565 547 / 1748 156 1085 427 418 781; DivMagic 23k 1.04M 32k 60k (not found)
/// 190k / 40k 31k 17k 16k 22k 44k. N = 4 finds as fast or faster and runs the trivial harness
/// about 20% faster (the stacked replacements each look up the comparison metadata). N = 1
/// (always 2) lost DivMagic for 2 of 4 seeds. `JVMFUZZ_I2S_POW` overrides, for experiments.
const I2S_MAX_STACK_POW: usize = 4;

fn i2s_pow() -> usize {
    std::env::var("JVMFUZZ_I2S_POW").ok().and_then(|v| v.parse().ok()).filter(|p| (1..=10).contains(p)).unwrap_or(I2S_MAX_STACK_POW)
}

fn havoc_pow() -> usize {
    std::env::var("JVMFUZZ_HAVOC_POW").ok().and_then(|v| v.parse().ok()).filter(|p| (1..=10).contains(p)).unwrap_or(HAVOC_MAX_STACK_POW)
}

fn record_failure(
    cfg: &FuzzConfig,
    failure: &Failure,
    data: &[u8],
    exec: u64,
    h: &Harness,
    store: &RefCell<Option<FindingStore>>,
    session_ids: &RefCell<HashSet<String>>,
) {
    let id = finding_id(failure);
    LAST_FINDING_HASH.store(u64::from_str_radix(&id, 16).unwrap_or(1).max(1), Ordering::Relaxed);
    SESSION_FINDING.store(true, Ordering::Relaxed);
    if !session_ids.borrow_mut().insert(id.clone()) {
        return;
    }
    status::append(&cfg.status_file, &format!("finding {id}"));
    if let Some(s) = store.borrow_mut().as_mut() {
        match s.save(failure, data, exec, &h.class_name, h.mode) {
            Ok(Some(e)) => {
                println!(
                    "jvmfuzz: FINDING {} {}: {} at {} -> {}/",
                    e.id,
                    e.exception,
                    e.message,
                    e.top_frame,
                    cfg.findings.join(&e.id).display()
                );
                if let (Some(d), Ok(mut env)) = (&cfg.drivers, h.env()) {
                    let info = crate::drivers::reproducer::FindingInfo { id: &e.id, exception: &e.exception, message: &e.message, class_path: &d.user_cp };
                    if let Err(msg) = crate::drivers::write_reproducer(&mut env, d, data, &cfg.findings.join(&e.id), &info) {
                        println!("jvmfuzz: note: no readable reproducer for {}: {msg}", e.id);
                    }
                }
            }
            Ok(None) => println!("jvmfuzz: finding {id} ({}) was already saved in {}", failure.exception, cfg.findings.display()),
            Err(e) => println!("jvmfuzz: cannot save finding {id}: {e}"),
        }
    }
}

/// Map cells covered so far, by the edges feedback's history.
fn covered_edges(state: &State) -> usize {
    state.named_metadata_map().get::<libafl::feedbacks::MapFeedbackMetadata<u8>>("edges").map_or(0, |m| m.num_covered_map_indexes)
}

/// The map holds a cell per probe that has fired (coverage.rs), so LibAFL's own "edges: x/y"
/// stat reads covered/fired; this one reads covered/instrumented, what users compare against.
fn report_probes<EM: EventFirer<BytesInput, State>>(state: &mut State, mgr: &mut EM, instrumented: usize) -> Result<(), Error> {
    let covered = covered_edges(state);
    let executions = *state.executions();
    mgr.fire(
        state,
        libafl::events::EventWithStats::with_current_time(
            libafl::events::Event::UpdateUserStats {
                name: Cow::Borrowed("probes"),
                value: libafl::monitors::stats::UserStats::new(
                    libafl::monitors::stats::UserStatsValue::Ratio(covered as u64, instrumented.max(covered) as u64),
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

/// Reproducers of provider-style harnesses need the shim classes: put the jar next to them.
fn write_shim_jar(findings: &std::path::Path) {
    let _ = std::fs::create_dir_all(findings);
    let _ = std::fs::write(findings.join("jvmfuzz-shim.jar"), jvmfuzz_agent::jvmti::SHIM_JAR);
}
