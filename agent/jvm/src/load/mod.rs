//! THE class-load pipeline: the one JVMTI `ClassFileLoadHook` of jvmfuzz, installed by the
//! `-agentpath` agent and by `fuzz` in its own JVM alike.
//!
//! Every class the JVM loads goes through the same steps:
//! 1. hidden classes and empty data are left alone; before [`Pipeline::set_live`] (the probe
//!    natives are not bound yet) a class is only counted as early;
//! 2. the [`ClassFilter`];
//! 3. the [`Mode`]'s transform, under `catch_unwind`: [`Mode::Profile`] (`profile`, the
//!    coverage profiler's probes) or [`Mode::Fuzz`] (`fuzz`: the fuzzer's probes, comparison
//!    logging, redirects and tokens; `trace`: the solver's copy of a class, defined by the
//!    shim's `TraceLoader`, gets the shadow machine's calls instead; and, outside the filter,
//!    `java.util.regex`'s matching nodes get the fuzzer's regex roadblocks). A mode does what must happen before the JVM may run the
//!    new bytes (define probe holders, grow the flag array, give the fuzzer's map its cells);
//! 4. the new bytes are handed back and the class's record registered with the runtime;
//! 5. statistics; with `verbose`, every skipped class once, with the reason.
//!
//! On any error or panic nothing is handed back, so the JVM keeps the original bytes: a class
//! is never broken by jvmfuzz. A mode is always named by the caller; there is no default.

pub mod fuzz;
pub mod profile;
pub mod trace;

use std::collections::HashSet;
use std::ffi::{c_char, c_uchar, CStr};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use jni::sys::{jclass, jint, jobject, JNIEnv as RawJniEnv};
use jvmfuzz_instrument::hooks::Companion;
use jvmfuzz_runtime::{ClassRecord, MethodRecord};
use jvmti_sys::{jthread, jvmtiEnv, jvmtiEvent, jvmtiEventCallbacks};
use once_cell::sync::OnceCell;

use crate::env::{self, Env};
use crate::filter::ClassFilter;

pub use fuzz::{Fuzz, FuzzHost, HookRules};
pub use profile::{CountMode, Profile};

/// Prefix of every line jvmfuzz prints from inside the JVM.
pub const LOG_PREFIX: &str = "jvmfuzz:";

/// Prints `jvmfuzz: msg` on stderr; never panics on a closed stderr.
pub fn log(msg: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{LOG_PREFIX} {msg}");
}

/// What is done to a class the filter accepts.
pub enum Mode {
    /// The coverage profiler (`-agentpath`): JaCoCo-equivalent probes as `counts=` says.
    Profile(Profile),
    /// `fuzz`: entry and branch-arm probes, comparison logging, redirects, tokens.
    Fuzz(Fuzz),
}

impl Mode {
    fn transform(&self, jni: *mut RawJniEnv, name: &str, original: &[u8], redefining: Option<&Definer>) -> Outcome {
        match self {
            Mode::Profile(p) => p.transform(jni, name, original),
            Mode::Fuzz(f) => f.transform(name, original, redefining),
        }
    }
}

/// The pipeline's configuration.
pub struct LoadConfig {
    pub filter: ClassFilter,
    pub mode: Mode,
    /// Log every class that matched the filter but was handed back unchanged, and why.
    pub verbose: bool,
}

/// What a mode did to one class.
#[derive(Debug)]
pub enum Outcome {
    /// New bytes; the record (if any) is registered once the JVM has taken them.
    Instrumented {
        bytes: Vec<u8>,
        record: Option<ClassRecord>,
        methods: u32,
        probes: u32,
        /// For `verbose`: methods left as they were, calls redirected.
        notes: Vec<String>,
    },
    /// The class matched the filter but is handed back unchanged. `record` is set for classes
    /// with no code at all (interfaces with only abstract methods, annotation types): JaCoCo
    /// lists those as empty `<class>` elements, so the report must know they were loaded.
    Skipped { reason: String, notes: Vec<String>, record: Option<ClassRecord> },
    /// Nothing to do (the fuzzer: no code and nothing to redirect); not a skip.
    Unchanged,
}

/// Counters for the exit line and `verbose`. `skipped` = matched the filter but handed back
/// unchanged.
#[derive(Debug, Default)]
pub struct LoadStats {
    pub classes: AtomicU64,
    pub methods: AtomicU64,
    pub probes: AtomicU64,
    pub skipped: AtomicU64,
    /// Panics caught in the hook (also counted in `skipped`).
    pub panics: AtomicU64,
    /// Classes seen before [`Pipeline::set_live`] (never rewritten).
    pub early: AtomicU64,
    /// Time spent on classes the filter accepted.
    pub hook_ns: AtomicU64,
}

impl LoadStats {
    /// The exit line, `jvmfuzz: instrumented C classes (M methods, P probes), skipped S classes`.
    pub fn summary_line(&self) -> String {
        format!(
            "{LOG_PREFIX} instrumented {} classes ({} methods, {} probes), skipped {} classes",
            self.classes.load(Ordering::Relaxed),
            self.methods.load(Ordering::Relaxed),
            self.probes.load(Ordering::Relaxed),
            self.skipped.load(Ordering::Relaxed),
        )
    }
}

/// Runs the rewriter with probe ids reserved from the runtime. A reservation that failed is an
/// error even when the rewriter succeeded: the new code would carry ids that are not ours.
fn with_runtime_ids<T, E: std::fmt::Display>(
    rewrite: impl FnOnce(&mut dyn FnMut(u32) -> u32) -> Result<T, E>,
) -> Result<T, String> {
    let mut reserve_error = None;
    let mut alloc = |n: u32| match jvmfuzz_runtime::reserve(n) {
        Ok(first) => first,
        Err(e) => {
            reserve_error = Some(e);
            0
        }
    };
    let result = rewrite(&mut alloc);
    match (result, reserve_error) {
        (_, Some(e)) => Err(e.to_string()),
        (r, None) => r.map_err(|e| e.to_string()),
    }
}

/// The runtime's records of the methods the rewriter gave probes, and a note for each method
/// it had to leave as it was (abstract, native and probe-less methods need none).
fn method_records(class: &str, methods: Vec<jvmfuzz_instrument::MethodRecord>) -> (Vec<MethodRecord>, Vec<String>) {
    use jvmfuzz_instrument::{MethodOutcome, SkipReason};
    let mut records = Vec::with_capacity(methods.len());
    let mut notes = Vec::new();
    // By value: the names move into the records instead of being copied.
    for m in methods {
        match m.outcome {
            MethodOutcome::Instrumented { first_probe, probe_count } => {
                records.push(MethodRecord { name: m.name, descriptor: m.descriptor, first_probe, probe_count })
            }
            MethodOutcome::Skipped(SkipReason::Abstract | SkipReason::Native | SkipReason::NoProbes) => {}
            MethodOutcome::Skipped(reason) => {
                notes.push(format!("{class}.{}{}: not instrumented ({reason:?})", m.name, m.descriptor))
            }
        }
    }
    (records, notes)
}

/// The installed pipeline (one per process: one JVM per process).
pub struct Pipeline {
    config: LoadConfig,
    live: AtomicBool,
    stats: LoadStats,
    /// Classes already logged as skipped (a class can be loaded by several loaders).
    logged: Mutex<HashSet<String>>,
}

static PIPELINE: OnceCell<Pipeline> = OnceCell::new();

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("the class-load hook is installed twice")]
    Twice,
    #[error("JVMTI: {0}")]
    Jvmti(#[from] env::JvmtiError),
}

/// Installs the pipeline on `env`: its `ClassFileLoadHook` and a `ThreadEnd` that drains the
/// dying thread's ring are added to `callbacks` (the caller's other events: VMInit, VMDeath),
/// and those events and `also` are enabled. `live` says whether classes may be rewritten
/// from the start (the probe natives are bound) or only after [`Pipeline::set_live`].
pub fn install(
    env: &Env,
    config: LoadConfig,
    live: bool,
    mut callbacks: jvmtiEventCallbacks,
    also: &[jvmtiEvent],
) -> Result<&'static Pipeline, LoadError> {
    let pipeline = Pipeline {
        config,
        live: AtomicBool::new(live),
        stats: LoadStats::default(),
        logged: Mutex::new(HashSet::new()),
    };
    PIPELINE.set(pipeline).map_err(|_| LoadError::Twice)?;
    let pipeline = PIPELINE.get().ok_or(LoadError::Twice)?;
    callbacks.ClassFileLoadHook = Some(class_file_load_hook);
    callbacks.ThreadEnd = Some(thread_end);
    env.set_event_callbacks(&callbacks)?;
    for &event in [jvmtiEvent::JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, jvmtiEvent::JVMTI_EVENT_THREAD_END].iter().chain(also)
    {
        env.enable_event(event)?;
    }
    Ok(pipeline)
}

impl Pipeline {
    /// From now on classes are rewritten (call once the probe natives are bound).
    pub fn set_live(&self) {
        self.live.store(true, Ordering::Release);
    }

    pub fn stats(&self) -> &LoadStats {
        &self.stats
    }

    /// One class, steps 1-5 of the module docs, with the JVM's raw arguments already read.
    #[allow(clippy::too_many_arguments)]
    fn on_class(
        &self,
        jvmti: *mut jvmtiEnv,
        jni: *mut RawJniEnv,
        name: &str,
        loader: jobject,
        bytes: &[u8],
        redefining: bool,
        out: (*mut jint, *mut *mut c_uchar),
    ) {
        if !self.live.load(Ordering::Acquire) {
            self.stats.early.fetch_add(1, Ordering::Relaxed);
            return;
        }
        // The solver's copy of a class (see `trace`): every class the trace loader defines is
        // traced (the generated drivers and libraries too: a value that passes through untraced
        // code loses its shadow), within the rules no option changes.
        let trace_copy = matches!(self.config.mode, Mode::Fuzz(_))
            && !redefining
            && trace::is_trace_loader(jni, loader)
            && ClassFilter::default().accepts(name);
        // What a retransformation defines for a class's hooks is jvmfuzz's own code.
        if name.ends_with(jvmfuzz_instrument::hooks::COMPANION_SUFFIX) {
            return;
        }
        let accepted = trace_copy || self.config.filter.accepts(name);
        if let Mode::Fuzz(f) = &self.config.mode {
            if !accepted && f.wants_roadblocks(name, loader.is_null()) {
                let t0 = Instant::now();
                let _timer = Elapsed(t0, &self.stats.hook_ns);
                return self.hand_back(jvmti, name, f.roadblocks(name, bytes), out);
            }
        }
        let hook_only = match &self.config.mode {
            Mode::Fuzz(f) if !accepted => f.wants_hook_only(name),
            _ => false,
        };
        if !accepted && !hook_only {
            return;
        }
        let t0 = Instant::now();
        let _timer = Elapsed(t0, &self.stats.hook_ns);
        // A retransformation may not add methods: hook bridges go to a companion class,
        // defined in the class's loader.
        let definer = |companion: &Companion| {
            // SAFETY: the JNI environment and loader of this callback.
            unsafe { define_class(jni, loader, companion) }
        };
        let redefining = redefining.then_some(&definer as &Definer);
        let outcome = match &self.config.mode {
            Mode::Fuzz(_) if trace_copy => trace::transform(name, bytes),
            Mode::Fuzz(f) if hook_only || !f.probes => f.hook_only(name, bytes, redefining),
            mode => mode.transform(jni, name, bytes, redefining),
        };
        self.hand_back(jvmti, name, outcome, out);
    }

    /// Steps 4 and 5 for what a mode made of a class.
    fn hand_back(&self, jvmti: *mut jvmtiEnv, name: &str, outcome: Outcome, out: (*mut jint, *mut *mut c_uchar)) {
        match outcome {
            Outcome::Instrumented { bytes: new_bytes, record, methods, probes, notes } => {
                // SAFETY: the out-pointers of this callback.
                match unsafe { env::hand_back(jvmti, &new_bytes, out.0, out.1) } {
                    Ok(()) => {
                        if let Some(record) = record {
                            jvmfuzz_runtime::register_class(record);
                        }
                        self.stats.classes.fetch_add(1, Ordering::Relaxed);
                        self.stats.methods.fetch_add(u64::from(methods), Ordering::Relaxed);
                        self.stats.probes.fetch_add(u64::from(probes), Ordering::Relaxed);
                        if self.config.verbose {
                            notes.iter().for_each(|n| log(n));
                        }
                    }
                    Err(e) => self.skip(name, &e, &notes),
                }
            }
            Outcome::Skipped { reason, notes, record } => {
                if let Some(record) = record {
                    jvmfuzz_runtime::register_class(record);
                }
                self.skip(name, &reason, &notes)
            }
            Outcome::Unchanged => {}
        }
    }

    fn skip(&self, name: &str, reason: &str, notes: &[String]) {
        self.stats.skipped.fetch_add(1, Ordering::Relaxed);
        if !self.config.verbose {
            return;
        }
        let first = self.logged.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string());
        if first {
            log(&format!("skipped {name}: {reason}"));
            notes.iter().for_each(|n| log(n));
        }
    }
}

/// Defines a retransformed class's companion ([`jvmfuzz_instrument::hooks::companion_class`])
/// in the class's loader, from inside the class-load hook.
pub type Definer<'a> = dyn Fn(&Companion) -> Result<(), String> + 'a;

/// Defines `companion` in `loader` (or takes the one an earlier retransformation of the class
/// defined there), then resolves each of its bridges, which links, verifies and initializes it:
/// a companion the JVM refuses is an error here, not at the first hooked call.
///
/// # Safety
/// `jni` and `loader` are the live arguments of a class-load hook callback.
unsafe fn define_class(jni: *mut RawJniEnv, loader: jobject, companion: &Companion) -> Result<(), String> {
    if loader.is_null() {
        return Err("a boot class has no loader to define its hooks' companion in".to_string());
    }
    // SAFETY: as the caller promises.
    let mut env = unsafe { jni::JNIEnv::from_raw(jni) }.map_err(|e| e.to_string())?;
    // SAFETY: a live local reference of this callback; not deleted here.
    let loader = std::mem::ManuallyDrop::new(unsafe { jni::objects::JObject::from_raw(loader) });
    let name = &companion.name;
    // Local references made here are freed when the callback returns.
    let defined = match already_defined(&mut env, &loader, name) {
        Some(c) => Ok(c),
        None => env.define_class(name, &loader, &companion.bytes).map_err(|e| pending(&mut env, e)),
    };
    let resolved = defined.and_then(|class| {
        for (method, descriptor) in &companion.methods {
            env.get_static_method_id(&class, method, descriptor).map_err(|e| pending(&mut env, e))?;
        }
        Ok(())
    });
    resolved.map_err(|why| format!("its companion {name}: {why}"))
}

/// The class `name` (internal) if `loader` has it already, with no exception left pending.
fn already_defined<'l>(
    env: &mut jni::JNIEnv<'l>,
    loader: &jni::objects::JObject,
    name: &str,
) -> Option<jni::objects::JClass<'l>> {
    let found = (|| {
        let dotted = env.new_string(name.replace('/', ".")).ok()?;
        let c = env
            .call_static_method(
                "java/lang/Class",
                "forName",
                "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;",
                &[(&dotted).into(), false.into(), loader.into()],
            )
            .ok()?
            .l()
            .ok()?;
        (!c.is_null()).then(|| jni::objects::JClass::from(c))
    })();
    let _ = env.exception_clear();
    found
}

/// What a failed JNI call left pending, described and cleared.
fn pending(env: &mut jni::JNIEnv, error: jni::errors::Error) -> String {
    crate::pending::take(env).filter(|d| !d.is_empty()).unwrap_or_else(|| error.to_string())
}

unsafe extern "C" fn thread_end(_jvmti: *mut jvmtiEnv, _jni: *mut RawJniEnv, _thread: jthread) {
    let _ = catch_unwind(jvmfuzz_runtime::on_thread_end);
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn class_file_load_hook(
    jvmti: *mut jvmtiEnv,
    jni: *mut RawJniEnv,
    class_being_redefined: jclass,
    loader: jobject,
    name: *const c_char,
    _protection_domain: jobject,
    class_data_len: jint,
    class_data: *const c_uchar,
    new_class_data_len: *mut jint,
    new_class_data: *mut *mut c_uchar,
) {
    let Some(pipeline) = PIPELINE.get() else { return };
    let panicked = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the arguments of this callback.
        let Some((class, bytes)) = (unsafe { env::hooked_class(name, class_data, class_data_len) }) else { return };
        let redefining = !class_being_redefined.is_null();
        pipeline.on_class(jvmti, jni, &class, loader, bytes, redefining, (new_class_data_len, new_class_data));
    }))
    .is_err();
    if panicked {
        // The panic came before the hand-back (everything that can fail does), so the JVM keeps
        // the original bytes; past it only the record's registration and counters run.
        pipeline.stats.panics.fetch_add(1, Ordering::Relaxed);
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: `hooked_class` returned early for a null name; the JVM passes a
            // NUL-terminated one otherwise.
            let class = if name.is_null() {
                String::new()
            } else {
                unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned()
            };
            pipeline.skip(&class, "internal error (panic) while instrumenting", &[]);
        }));
    }
}

/// Adds the time since `.0` to `.1` when dropped (every way out of the hook).
struct Elapsed<'a>(Instant, &'a AtomicU64);

impl Drop for Elapsed<'_> {
    fn drop(&mut self) {
        self.1.fetch_add(self.0.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }
}
