//! The target: a JVM readied for fuzzing, the generated drivers compiled in it, the harness
//! found in it, and the watchdog that times each execution. The fuzz loop (engine.rs) and the
//! tools (tools.rs: repro, minimize, cmin) run inputs through a [`Target`] and no other way,
//! so a timeout, a driver that does not compile or a missing harness behave the same in both.
//!
//! Getting the JVM is a step of its own ([`Jvm`]): [`Target::create`] starts one in this
//! process (`jvm::start`), [`Target::attach`] takes one that is already running, as in a test
//! JVM that a JUnit integration would fuzz from. Either way the JVM must be readied for fuzzing
//! (probe and CmpLog natives bound, the fuzz-mode class-load hook installed) before the classes
//! to fuzz load; `jvm::start` does that for the JVMs it creates.
//!
//! Everything here must run on the thread that will call [`Target::run`]: the harness keeps
//! that thread's JNI environment (it stays attached to the JVM for good).

use std::cell::{Cell, RefCell};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jni::objects::GlobalRef;
use jni::JavaVM;

use crate::drivers::clock::{method_of, MethodClock};
use crate::drivers::DriverRun;
use crate::harness::{Failure, Harness, HarnessError};
use crate::jvm::{JvmConfig, JvmError};
use crate::watchdog::{Stall, StopFn, Watchdog};

/// What to run in the JVM (plain data: cloned into every forked fuzzing client).
#[derive(Debug, Clone)]
pub struct TargetConfig {
    /// The harness class (binary name); with generated drivers, their dispatcher.
    pub harness: String,
    /// `--ignore-exception` classes.
    pub ignore: Vec<String>,
    /// How long one execution may run before the watchdog reports it.
    pub timeout: Duration,
    /// Resident memory (MiB) the process may reach during an execution (`--rss-limit-mb`).
    pub rss_limit_mb: Option<u64>,
    /// Generated drivers (--class/--target/--package), compiled in the JVM before the harness
    /// is looked up.
    pub drivers: Option<DriverRun>,
}

/// The open target's harness thread and watchdog (whose armed execution is the one in the
/// harness). Replaced when a process opens targets one after another (the fuzz tests of a
/// JUnit run); `fuzz` opens one.
static CURRENT: Mutex<Option<(libc::pthread_t, Arc<Watchdog>)>> = Mutex::new(None);

fn current() -> Option<(libc::pthread_t, Arc<Watchdog>)> {
    CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Whether execution `exec` is still in the harness.
pub fn still_running(exec: u64) -> bool {
    exec != 0 && current().is_some_and(|(_, w)| w.armed() == exec)
}

/// Ends execution `exec` as a crash of the harness thread, if it still runs: SIGABRT on that
/// thread, so LibAFL's crash handler (which expects the signal there) saves the state and the
/// next client goes on from it. For what the watchdog found and the harness cannot be stopped
/// from. An execution that ended meanwhile is left alone: the signal would hit the next input.
pub fn abort_harness(exec: u64) {
    if let (true, Some((t, _))) = (still_running(exec), current()) {
        // SAFETY: a thread id of this process, attached to the JVM for its whole life.
        unsafe { libc::pthread_kill(t, libc::SIGABRT) };
    }
}

/// What [`Target::run`] saw.
#[derive(Debug)]
pub enum Outcome {
    /// The input ran to its end.
    Passed,
    /// It threw (or, with generated drivers, raised a contract exception).
    Failed(Failure),
    /// The watchdog stopped it: past `--timeout` (its finding is saved already) or past its
    /// driver method's own limit (no finding).
    Stopped(Stall),
}

const STOPPED_CLASS: &str = "com/jvmfuzz/shim/fuzz/Stopped";

/// With method limits, every this many runs is timed (see drivers/clock.rs).
const CLOCK_SAMPLE: u64 = 8;

/// The watchdog's way to end a run without restarting the JVM: JVMTI `StopThread` on this
/// (the harness) thread with one `Stopped` error made now. `None` when the JVM does not grant
/// it; the run is then left to LibAFL's executor timeout, as before.
fn stopper(vm: &JavaVM) -> Option<StopFn> {
    // SAFETY: the pointer of a live VM.
    let jvmti = unsafe { jvmfuzz_jvm::env::Env::from_vm(vm.get_java_vm_pointer()) }.ok()?;
    jvmti.add_signal_capability().ok()?;
    let mut env = vm.get_env().ok()?;
    let refs = env.with_local_frame(4, |env| -> Result<(GlobalRef, GlobalRef), jni::errors::Error> {
        let thread = env.call_static_method("java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", &[])?.l()?;
        let error = env.new_object(STOPPED_CLASS, "()V", &[])?;
        Ok((env.new_global_ref(thread)?, env.new_global_ref(error)?))
    });
    let (thread, error) = match refs {
        Ok(r) => r,
        Err(_) => {
            let _ = env.exception_clear();
            return None;
        }
    };
    // SAFETY: the pointer of a live VM, for the watchdog thread's own JNI frames.
    let vm = unsafe { JavaVM::from_raw(vm.get_java_vm_pointer()) }.ok()?;
    // SAFETY: both are global references held by the closure for as long as it lives. A stop
    // that cannot be sent leaves the run to LibAFL's executor timeout.
    //
    // The thread is suspended while its top frame is read and the stop is sent: a thread left
    // running between the two could walk from the target's code into the JDK's (a SecureRandom
    // call in a loop), and the stop would land there. Without `can_suspend`, as before.
    let suspend = jvmti.add_suspend_capability().is_ok();
    Some(Box::new(move |force| {
        let suspended = suspend && unsafe { jvmti.suspend_thread(thread.as_raw()) }.is_ok();
        // Never into a static initializer, not even by force: a stop there would leave its
        // class erroneous ("Could not initialize class") for the JVM's life, where a slow one
        // runs only once (past --timeout, LibAFL's executor timeout restarts the process).
        // SAFETY: a global reference to the harness Thread, suspended or not.
        let initializing = unsafe { jvmti.in_static_initializer(thread.as_raw(), CLINIT_DEPTH) };
        let shared = shared_code(&vm, &jvmti, &thread);
        let sent = !initializing
            && (force || shared.is_none())
            && unsafe { jvmti.stop_thread(thread.as_raw(), error.as_raw()) }.is_ok();
        if suspended {
            let _ = unsafe { jvmti.resume_thread(thread.as_raw()) };
        }
        if let Some(class) = shared.filter(|c| sent && !run_local(c)) {
            let class = class.replace('/', ".");
            request_restart(format!("a run was stopped inside the JDK's code ({class}; it ran there past its limit)"));
        }
        sent
    }))
}

/// Says where the fuzzing thread is stuck (see `watchdog::Stuck`); past the campaign's end,
/// ends the client as a Ctrl-C would, so the parent closes the campaign with what is saved
/// (corpus and findings are on disk as they come).
fn report_stuck(reporter: &crate::harness::TimeoutReporter, env: &mut jni::JNIEnv, stuck: crate::watchdog::Stuck) {
    let place = if stuck.exec == 0 { "between executions".to_string() } else { format!("in execution {}", stuck.exec) };
    let stack = reporter.harness_stack(env);
    let frames: Vec<&str> = stack.as_deref().map_or(Vec::new(), |s| s.lines().take(16).collect());
    crate::say!(
        "jvmfuzz: warning: the fuzzing thread has not come back for {} s ({place}) and no stop reaches it; it is at:\n{}",
        stuck.for_secs,
        if frames.is_empty() { "    (its stack could not be read)".to_string() } else { frames.join("\n") }
    );
    if stuck.overdue {
        crate::say!(
            "jvmfuzz: the campaign is past --max-total-time and the fuzzing thread is still stuck: ending this client \
             (corpus and findings are saved; its end-of-run statistics are not)"
        );
        // SAFETY: ends the process at once; the fuzzing thread is stuck in the JVM, which must
        // not run its shutdown around it. The restarter reads this status as a Ctrl-C: the
        // campaign is over.
        unsafe { libc::_exit(libafl_bolts::os::CTRL_C_EXIT) }
    }
}

/// How deep a stop looks for a static initializer under the top frame.
const CLINIT_DEPTH: usize = 64;

/// Why this JVM can no longer be trusted (see [`request_restart`]).
static RESTART: Mutex<Option<String>> = Mutex::new(None);

/// Asks the fuzz loop to restart the JVM after the current round, state kept: a stop forced
/// into the JDK's code (state beyond the run may be half-updated: a SecureRandom whose buffer
/// index a stop cut short fails every caller after it).
pub fn request_restart(why: String) {
    RESTART.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(why);
}

/// Why a restart was asked for since the last call (and clears it): see engine.rs.
pub fn take_restart_request() -> Option<String> {
    RESTART.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// The class (internal name) of the method the harness thread runs, when it is the JDK's or
/// jvmfuzz's own code. A stop thrown there can leave state shared beyond the run
/// half-updated (a SecureRandom's buffer, a cache, the shim's value pools), and later runs
/// fail on it: the watchdog waits for a tick that finds the thread in the target's code, and
/// forces the stop only when none comes.
fn shared_code(vm: &JavaVM, jvmti: &jvmfuzz_jvm::env::Env, thread: &GlobalRef) -> Option<String> {
    const SHARED: [&str; 6] = ["java/", "javax/", "jdk/", "sun/", "com/sun/", "com/jvmfuzz/"];
    let mut env = vm.get_env().ok()?;
    env.with_local_frame(4, |_| -> Result<Option<String>, jni::errors::Error> {
        // SAFETY: a global reference to the harness Thread; this thread is attached and the
        // class reference JVMTI hands back lives in this local frame.
        let top = unsafe { jvmti.top_frame_class(thread.as_raw()) };
        Ok(top.filter(|c| SHARED.iter().any(|p| c.starts_with(p))))
    })
    .ok()
    .flatten()
}

/// JDK code whose state is the objects the run works on (numbers, strings, arrays, a regex
/// matcher, a collection), like the target's own code: a stop forced there breaks nothing a
/// later run shares (a run's half-built StringBuilder is its own), so the JVM goes on.
/// Anything else of the JDK may hold caches or singletons (SecureRandom, class loading; and
/// the harness thread's own ThreadLocal map, which every run shares): a package ending in `/`
/// counts whole, a class with its nested classes only.
fn run_local(class: &str) -> bool {
    const LOCAL: [&str; 29] = [
        // The solver's trace recorder, started afresh for every traced run.
        "com/jvmfuzz/shim/sym/",
        "java/math/",
        "java/util/regex/",
        // Thread.sleep/join and Object.wait hold nothing a stop could leave half-done.
        "java/lang/Thread",
        "java/lang/Object",
        "java/lang/String",
        "java/lang/StringLatin1",
        "java/lang/StringUTF16",
        "java/lang/StringBuilder",
        "java/lang/StringBuffer",
        "java/lang/AbstractStringBuilder",
        "java/lang/Math",
        "java/lang/StrictMath",
        "java/lang/Integer",
        "java/lang/Long",
        "java/util/Arrays",
        "java/util/ArrayList",
        "java/util/ArrayDeque",
        "java/util/HashMap",
        "java/util/LinkedList",
        "java/util/TreeMap",
        "java/util/AbstractList",
        // Readers over the run's own text, and number formats: their state is the instance
        // (a library's loop of two billion `readLine`s past the end, a pattern of a million
        // digits); a BufferedReader's lock is itself and a stop unwinds its monitor.
        "java/io/BufferedReader",
        "java/io/LineNumberReader",
        "java/io/StringReader",
        "java/io/CharArrayReader",
        "java/io/PushbackReader",
        "java/text/DecimalFormat",
        "java/text/DigitList",
    ];
    LOCAL.iter().any(|p| {
        if p.ends_with('/') {
            class.starts_with(p)
        } else {
            class == *p || class.strip_prefix(p).is_some_and(|rest| rest.starts_with('$'))
        }
    })
}

#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error(transparent)]
    Jvm(#[from] JvmError),
    #[error("JNI: {0}")]
    Jni(String),
    /// The generated drivers do not compile (the message says what to do).
    #[error("{0}")]
    Drivers(String),
    #[error(transparent)]
    Harness(#[from] HarnessError),
}

fn jni_error(e: jni::errors::Error) -> TargetError {
    TargetError::Jni(e.to_string())
}

/// An execution that ran past the timeout or the memory limit, as the watchdog thread saw it.
/// The stuck thread cannot be stopped from Java: what follows is the caller's choice (the fuzz
/// loop saves a finding and lets the process restart; the tools report and exit).
pub struct TimedOut {
    pub why: Stall,
    /// Every Java thread's stack, deduplicated by the loop the harness thread is stuck in.
    pub failure: Failure,
    /// The execution's number in this process.
    pub exec: u64,
    pub input: Vec<u8>,
}

pub struct Target {
    _vm: JavaVM,
    harness: Harness,
    watchdog: Arc<Watchdog>,
    /// Executions in this process (numbers the watchdog's arming; never repeats).
    executions: Cell<u64>,
    /// The input being run, for the watchdog's report.
    current: Arc<Mutex<Vec<u8>>>,
    /// How many driver methods the dispatcher has (None: no generated drivers).
    driver_methods: Option<usize>,
    /// Per driver method times and limits (fuzzing generated drivers only).
    clock: RefCell<Option<MethodClock>>,
    /// The execution whose stop past `--timeout` was the method under test's contract
    /// (`Expected.stalled`; never one past the memory limit): it ends as a stop at a method's
    /// own limit, not as a finding.
    contract_stall: Arc<AtomicU64>,
    timeout: Duration,
    /// The harness's trace copy (the solver's), loaded on first use.
    trace: once_cell::unsync::OnceCell<Result<crate::trace_harness::TraceHarness, crate::trace_harness::TraceError>>,
}

impl Target {
    /// The target in `jvm`, created or attached.
    pub fn open(
        jvm: Jvm,
        cfg: &TargetConfig,
        on_timeout: impl Fn(TimedOut) + Send + 'static,
    ) -> Result<Target, TargetError> {
        match jvm {
            Jvm::Create(c) => Self::create(c, cfg, on_timeout),
            Jvm::Existing(vm) => Self::attach(vm, cfg, on_timeout),
        }
    }

    /// Creates the JVM in this process, then [`attach`](Self::attach)es to it.
    pub fn create(
        jvm: &JvmConfig,
        cfg: &TargetConfig,
        on_timeout: impl Fn(TimedOut) + Send + 'static,
    ) -> Result<Target, TargetError> {
        Self::attach(crate::jvm::start(jvm)?, cfg, on_timeout)
    }

    /// The target in a running JVM: attaches the calling thread for good, compiles the drivers,
    /// finds the harness (calling its fuzzerInitialize) and starts the watchdog.
    pub fn attach(
        vm: JavaVM,
        cfg: &TargetConfig,
        on_timeout: impl Fn(TimedOut) + Send + 'static,
    ) -> Result<Target, TargetError> {
        let harness = {
            let mut env = vm.attach_current_thread_permanently().map_err(jni_error)?;
            if let Some(d) = &cfg.drivers {
                crate::drivers::compile_in_jvm(&mut env, d).map_err(TargetError::Drivers)?;
            }
            Harness::new(&mut env, &cfg.harness, &cfg.ignore, &[])?
        };
        let current = Arc::new(Mutex::new(Vec::new()));
        let contract_stall = Arc::new(AtomicU64::new(0));
        let watchdog = {
            let reporter = harness.timeout_reporter();
            let stuck_reporter = harness.timeout_reporter();
            let current = Arc::clone(&current);
            let contract_stall = Arc::clone(&contract_stall);
            let timeout = cfg.timeout;
            // SAFETY: the pointer of the live VM above; the watchdog thread attaches itself.
            let vm = unsafe { JavaVM::from_raw(vm.get_java_vm_pointer()) }.map_err(jni_error)?;
            let stop = stopper(&vm);
            Watchdog::start(
                vm,
                timeout,
                cfg.rss_limit_mb,
                move |env, exec, why, still| {
                    // The stuck run's input, before the samples below give it time to end.
                    let input = current.lock().unwrap_or_else(|e| e.into_inner()).clone();
                    let mut failure = match why {
                        // Not a finding: the run is stopped and nothing is reported.
                        Stall::Limit => return,
                        Stall::Timeout => reporter.failure(
                            env,
                            &format!("fuzzerTestOneInput ran longer than {:.1} s", timeout.as_secs_f64()),
                            still,
                        ),
                        // One sample: a run past the memory limit must end now, not after
                        // the samples that find a loop.
                        Stall::Memory { rss_mb, limit_mb } => reporter.failure(
                            env,
                            &format!("the process used {rss_mb} MB of memory, more than --rss-limit-mb {limit_mb}"),
                            &|| false,
                        ),
                    };
                    if matches!(why, Stall::Memory { .. }) {
                        failure.exception = "out-of-memory".into();
                        // The process must end to give its memory back: a finding, always.
                        failure.contract = None;
                    }
                    if failure.contract.is_some() {
                        // A contract stall, or one caught in the generated driver's own code
                        // (a driver defect, counted in stats.txt): the run is stopped as for
                        // a limit, no finding.
                        contract_stall.store(exec, SeqCst);
                    }
                    if failure.is_driver_stall() {
                        return;
                    }
                    on_timeout(TimedOut { why, failure, exec, input });
                },
                move |env, stuck| report_stuck(&stuck_reporter, env, stuck),
                stop,
            )
        };
        // SAFETY: pthread_self has no preconditions.
        let me = unsafe { libc::pthread_self() };
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some((me, Arc::clone(&watchdog)));
        Ok(Target {
            _vm: vm,
            harness,
            watchdog,
            executions: Cell::new(0),
            current,
            driver_methods: cfg.drivers.as_ref().map(|d| d.plan.drivers.len()),
            clock: RefCell::new(None),
            contract_stall,
            timeout: cfg.timeout,
            trace: once_cell::unsync::OnceCell::new(),
        })
    }

    /// Runs one input, timed by the watchdog; its probe events are in the coverage map after.
    /// `limits`: the driver method's own limit applies (with
    /// [`use_method_limits`](Self::use_method_limits)), else only `--timeout`. `Err`: the JNI
    /// machinery failed (nothing sensible follows).
    pub fn run(&self, data: &[u8], limits: bool) -> Result<Outcome, HarnessError> {
        {
            let mut cur = self.current.lock().unwrap_or_else(|e| e.into_inner());
            cur.clear();
            cur.extend_from_slice(data);
        }
        let n = self.executions.get() + 1;
        self.executions.set(n);
        let method = self.clock.borrow().as_ref().map(|c| {
            let m = method_of(data, c.methods());
            (m, c.limit(m))
        });
        self.watchdog.arm(n, method.map(|(_, limit)| limit).filter(|&l| limits && l < self.timeout));
        // One run in eight is timed: two clock reads per run were a tenth of a fast driver's
        // run.
        let started = method.filter(|_| n.is_multiple_of(CLOCK_SAMPLE)).map(|_| Instant::now());
        let result = self.harness.run(data);
        let stall = match self.watchdog.disarm_after(n) {
            Some(Stall::Timeout) if self.contract_stall.load(SeqCst) == n => Some(Stall::Limit),
            s => s,
        };
        crate::coverage_map::collect();
        if let (Some((m, limit)), Some(c)) = (method, self.clock.borrow_mut().as_mut()) {
            match stall {
                Some(Stall::Limit) => c.stopped(m, started.map_or(limit, |t0| t0.elapsed())),
                Some(_) => c.timed_out(m, started.map_or(self.timeout, |t0| t0.elapsed())),
                None => c.finished(m, started.map(|t0| t0.elapsed())),
            }
        }
        if let Some(why) = stall {
            // Whatever came back (the target may have wrapped the stop in its own exception)
            // is the stop's doing, not a finding.
            self.absorb_stop();
            return Ok(Outcome::Stopped(why));
        }
        let result = result?;
        if self.harness.take_heap_full() {
            request_restart("an OutOfMemoryError left the Java heap full (state kept across runs grew)".to_string());
        }
        Ok(match result {
            None => Outcome::Passed,
            Some(f) => Outcome::Failed(f),
        })
    }

    /// Lets a stop that was sent but has not arrived yet arrive now (at the next call into
    /// Java), and drops it, so it cannot end the next run.
    fn absorb_stop(&self) {
        let Ok(mut env) = self.harness.env() else { return };
        for _ in 0..2 {
            let _ = env.exception_clear();
            let _ = env.call_static_method(STOPPED_CLASS, "absorb", "()V", &[]);
            let _ = env.exception_clear();
        }
    }

    /// Gives each generated driver method a limit of its own (see drivers/clock.rs); for the
    /// fuzz loop, never for replays, which run every input to `--timeout`.
    pub fn use_method_limits(&self) {
        if let Some(n) = self.driver_methods {
            *self.clock.borrow_mut() = Some(MethodClock::new(n, self.timeout));
        }
    }

    /// Per driver method "runs total-ms slowest-ms stops limit-ms", one line each, with
    /// [`use_method_limits`](Self::use_method_limits).
    pub fn method_times(&self) -> Option<String> {
        self.clock.borrow().as_ref().map(MethodClock::text)
    }

    /// Runs `data` through the harness's trace copy (loaded on the first call; trace mode must be
    /// on) and returns its trace. Timed by the watchdog with half of `--timeout` as a limit of
    /// its own (a stop, never a finding): the input ran untraced before, but the copy's
    /// classes have state of their own, and a run that waits for ever there (a thread join in
    /// commons-lang3's `ThreadUtils`) would stall the whole campaign, outside LibAFL's executor.
    pub fn trace(&self, data: &[u8]) -> Result<Vec<u8>, String> {
        let mut env = self.harness.env().map_err(|e| e.to_string())?;
        let harness = self
            .trace
            .get_or_init(|| crate::trace_harness::TraceHarness::open(&mut env, &self.harness.class_name))
            .as_ref()
            .map_err(|e| e.to_string())?;
        let n = self.executions.get() + 1;
        self.executions.set(n);
        self.watchdog.arm_quiet(n, self.timeout / 2);
        let trace = harness.run(&mut env, data).map_err(|e| e.to_string());
        if self.watchdog.disarm_after(n).is_some() {
            self.absorb_stop();
            return Err("the traced run was stopped at its limit".to_string());
        }
        trace
    }

    /// The campaign ends at `end` (see `watchdog::Stuck`).
    pub fn end_by(&self, end: Instant) {
        self.watchdog.end_by(end);
    }

    /// The campaign's end given to [`Target::end_by`] has passed (within a watchdog tick).
    pub fn campaign_over(&self) -> bool {
        self.watchdog.campaign_over()
    }

    /// Runs `replay` (target code run again outside the fuzz loop's executions: the recorded
    /// replay of a finding for its readable reproducer) timed by the watchdog, with
    /// `--timeout` as a limit of its own: past it the replay is stopped, quietly (the input
    /// was reported already), and `None` comes back. LibAFL's executor timeout does not cover
    /// it, and a replay can take longer than the run it repeats (state the first run left).
    pub fn replay<R>(&self, replay: impl FnOnce() -> R) -> Option<R> {
        let n = self.executions.get() + 1;
        self.executions.set(n);
        self.watchdog.arm_quiet(n, self.timeout);
        let r = replay();
        if self.watchdog.disarm_after(n).is_some() {
            self.absorb_stop();
            return None;
        }
        Some(r)
    }

    /// Executions run on this target so far.
    pub fn executions(&self) -> u64 {
        self.executions.get()
    }

    pub fn harness(&self) -> &Harness {
        &self.harness
    }

    /// The harness is the generated drivers' dispatcher.
    pub fn has_drivers(&self) -> bool {
        self.driver_methods.is_some()
    }

    /// Calls fuzzerTearDown and deletes the generated drivers' temporary files (the JVM is
    /// never destroyed, so their deleteOnExit does not run).
    pub fn finish(&self) {
        self.harness.tear_down();
        if self.has_drivers() {
            if let Ok(mut env) = self.harness.env() {
                crate::drivers::delete_temp_files(&mut env);
            }
        }
    }
}

impl Drop for Target {
    /// A process that opens another target next (the fuzz tests of a JUnit run) must not keep
    /// this one's watchdog timing or reporting.
    fn drop(&mut self) {
        self.watchdog.stop();
        let mut cur = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
        if cur.as_ref().is_some_and(|(_, w)| Arc::ptr_eq(w, &self.watchdog)) {
            *cur = None;
        }
    }
}

/// Where the target's JVM comes from.
pub enum Jvm<'a> {
    /// Create it in this process. In the fuzz loop this must happen after LibAFL installed its
    /// signal handlers, so HotSpot's handlers chain to them.
    Create(&'a JvmConfig),
    /// One that already runs and is readied for fuzzing (see the module comment).
    #[allow(dead_code)] // the seam for fuzzing inside a JVM this process did not create
    Existing(JavaVM),
}

#[cfg(test)]
mod tests {
    use super::run_local;

    #[test]
    fn run_local_code_is_whole_packages_or_named_classes_with_their_nested_ones() {
        for class in [
            "java/math/BigInteger",
            "java/lang/Thread",
            "java/util/HashMap$Node",
            "java/lang/StringLatin1",
            "java/io/BufferedReader",
            "java/text/DecimalFormat",
        ] {
            assert!(run_local(class), "{class}");
        }
        // Shared beyond the run: the thread's ThreadLocal map, SecureRandom, string caches,
        // System.out.
        for class in [
            "java/lang/ThreadLocal$ThreadLocalMap",
            "sun/security/provider/SecureRandom",
            "java/lang/StringCoding",
            "java/io/PrintStream",
        ] {
            assert!(!run_local(class), "{class}");
        }
    }
}
