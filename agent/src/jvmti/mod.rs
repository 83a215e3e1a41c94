//! JVMTI entry points: `Agent_OnLoad` (the `-agentpath` library), the class-load hook, and the
//! end-of-run work. Everything the JVM calls goes through [`guard`], which catches panics: an
//! unwind across the FFI boundary would abort or corrupt the JVM.
//!
//! Sequence:
//! - OnLoad: parse options (bad ones stop the JVM with a message), get JVMTI, add capabilities,
//!   put the embedded shim jar on the bootstrap class path, enable ClassFileLoadHook, VMInit,
//!   VMDeath, ThreadEnd.
//! - VMInit: bind the shim's natives (RegisterNatives) and, for `counts=covered`, look up the
//!   probe flag array (`flags`); only from then on are classes rewritten, so no rewritten code
//!   can run before its probe works. Classes loaded earlier are the JDK's own, which the default
//!   filter excludes anyway. With reports to write (and `analysis=background`), it starts the
//!   background analysis thread (`background`).
//! - ClassFileLoadHook (any thread, concurrently): filter, rewrite, make the flag array long
//!   enough for the class's ids, hand back new bytes, or hand back nothing (= original bytes) on
//!   any error or panic.
//! - ThreadEnd: drain the dying thread's ring.
//! - VMDeath (normal exit, System.exit, uncaught exception in main; not Runtime.halt or a
//!   signal): stop the background thread and take its analyses, drain all rings, merge the probe
//!   flags, write the dump and the reports, print the summary.

pub mod analysis;
pub mod background;
pub mod env;
pub mod fields;
pub mod flags;
pub mod glue;
pub mod shim;

use std::collections::HashSet;
use std::ffi::{c_char, c_uchar, c_void, CStr};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use jni::sys::{jclass, jint, jobject, JNIEnv as RawJniEnv, JavaVM, JNI_ERR, JNI_OK};
use jvmti_sys::{jthread, jvmtiEnv, jvmtiEvent, jvmtiEventCallbacks};
use once_cell::sync::OnceCell;

use crate::options::AgentOptions;
use crate::report::SessionInfo;
use env::Env;
use glue::Outcome;

pub use shim::{install_shim_jar, SHIM_JAR};

/// Prefix of every line the agent prints.
pub const LOG_PREFIX: &str = "jvmfuzz:";

/// Counters for the exit line. `skipped` = matched the filters but could not be instrumented.
#[derive(Debug, Default)]
pub struct HookStats {
    pub classes: AtomicU64,
    pub methods: AtomicU64,
    pub probes: AtomicU64,
    pub skipped: AtomicU64,
    /// Panics caught in the hook (also counted in `skipped`).
    pub panics: AtomicU64,
    /// Classes seen before VMInit (never rewritten).
    pub early: AtomicU64,
    /// Time spent in the hook on classes the filter accepted (for `verbose`).
    pub hook_ns: AtomicU64,
}

struct Agent {
    options: AgentOptions,
    /// Natives bound: rewriting may start.
    live: AtomicBool,
    finished: AtomicBool,
    /// Milliseconds since the epoch at load (JaCoCo's session start).
    start_ms: u64,
    stats: HookStats,
    /// Classes already logged as skipped (a class can be loaded by several loaders).
    logged: Mutex<HashSet<String>>,
    /// The probe flag arrays of `counts=covered`.
    flags: flags::Flags,
    /// Analyses made during the run (`analysis=background`).
    background: background::Background,
}

static AGENT: OnceCell<Agent> = OnceCell::new();

fn log(msg: &str) {
    // Never panic on a closed stderr.
    let _ = writeln!(std::io::stderr().lock(), "{LOG_PREFIX} {msg}");
}

/// Runs `f`, turning a panic into `on_panic`.
fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// # Safety
/// Called by the JVM with a valid `vm`; `options` is null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "system" fn Agent_OnLoad(
    vm: *mut JavaVM,
    options: *mut c_char,
    _reserved: *mut c_void,
) -> jint {
    guard(JNI_ERR, || {
        let opts = if options.is_null() {
            None
        } else {
            // SAFETY: the JVM passes a NUL-terminated string.
            Some(
                unsafe { CStr::from_ptr(options) }
                    .to_string_lossy()
                    .into_owned(),
            )
        };
        match on_load(vm, opts.as_deref()) {
            Ok(()) => JNI_OK,
            Err(msg) => {
                log(&msg);
                JNI_ERR
            }
        }
    })
}

/// # Safety
/// Called by the JVM.
#[no_mangle]
pub unsafe extern "system" fn Agent_OnAttach(
    _vm: *mut JavaVM,
    _options: *mut c_char,
    _reserved: *mut c_void,
) -> jint {
    guard(JNI_ERR, || {
        log("attach not supported: start the JVM with -agentpath:<path to libjvmfuzz_agent.so>=<options>");
        JNI_ERR
    })
}

fn on_load(vm: *mut JavaVM, options: Option<&str>) -> Result<(), String> {
    let options =
        AgentOptions::parse(options).map_err(|e| format!("invalid -agentpath options: {e}"))?;
    // SAFETY: vm is the JavaVM the JVM passed to Agent_OnLoad.
    let env = unsafe { Env::from_vm(vm) }.map_err(|e| format!("cannot get JVMTI: {e}"))?;

    // The profiler has no use for the edge map; exact counts are all the reports need.
    jvmfuzz_runtime::configure(jvmfuzz_runtime::Config {
        edge_map_size: 0,
        ..Default::default()
    })
    .map_err(|e| format!("runtime: {e}"))?;
    // Test aid: the first probe id is N, so that small test programs reach the ids past
    // `flags::FIXED_LEN`, which go to the growable flag array.
    if let Some(n) = std::env::var("JVMFUZZ_RESERVE_PROBES").ok().and_then(|v| v.parse::<u32>().ok()) {
        jvmfuzz_runtime::reserve(n).map_err(|e| format!("JVMFUZZ_RESERVE_PROBES: {e}"))?;
    }

    // Panics are caught at every entry point and counted; the default hook would print each
    // one on the application's stderr. Only verbose mode shows them. (The hook is this
    // library's own: a cdylib carries its own std.)
    let verbose = options.verbose;
    std::panic::set_hook(Box::new(move |info| {
        if verbose {
            log(&format!("internal error: {info}"));
        }
    }));

    let agent = Agent {
        options,
        live: AtomicBool::new(false),
        flags: flags::Flags::new(),
        background: background::Background::default(),
        finished: AtomicBool::new(false),
        start_ms: now_ms(),
        stats: HookStats::default(),
        logged: Mutex::new(HashSet::new()),
    };
    if AGENT.set(agent).is_err() {
        return Err("the agent is loaded twice (one -agentpath only)".into());
    }

    let jar = install_shim_jar().map_err(|e| format!("cannot write the shim jar: {e}"))?;
    let c_jar = env::c_path(&jar).ok_or_else(|| format!("bad shim jar path {}", jar.display()))?;
    env.add_to_bootstrap_class_loader_search(&c_jar)
        .map_err(|e| e.to_string())?;

    env.add_class_hook_capabilities()
        .map_err(|e| e.to_string())?;
    let callbacks = jvmtiEventCallbacks {
        VMInit: Some(vm_init),
        VMDeath: Some(vm_death),
        ThreadEnd: Some(thread_end),
        ClassFileLoadHook: Some(class_file_load_hook),
        ..Default::default()
    };
    env.set_event_callbacks(&callbacks)
        .map_err(|e| e.to_string())?;
    for event in [
        jvmtiEvent::JVMTI_EVENT_VM_INIT,
        jvmtiEvent::JVMTI_EVENT_VM_DEATH,
        jvmtiEvent::JVMTI_EVENT_THREAD_END,
        jvmtiEvent::JVMTI_EVENT_CLASS_FILE_LOAD_HOOK,
    ] {
        env.enable_event(event).map_err(|e| e.to_string())?;
    }
    Ok(())
}

unsafe extern "C" fn vm_init(_jvmti: *mut jvmtiEnv, jni: *mut RawJniEnv, _thread: jthread) {
    guard((), || {
        let Some(agent) = AGENT.get() else { return };
        // SAFETY: the JNIEnv of the VMInit thread, valid for this call.
        let registered = match unsafe { jni::JNIEnv::from_raw(jni) } {
            Ok(mut env) => jvmfuzz_runtime::register_probes_natives(&mut env)
                .map_err(|e| e.to_string())
                .and_then(|()| {
                    if agent.options.counts.uses_flags() {
                        agent.flags.init(&mut env).map_err(|e| e.to_string())
                    } else {
                        Ok(())
                    }
                }),
            Err(e) => Err(e.to_string()),
        };
        match registered {
            Ok(()) => {
                agent.live.store(true, Ordering::Release);
                start_background(agent, jni);
            }
            // Nothing will be instrumented; the application runs unchanged.
            Err(e) => log(&format!(
                "cannot bind the probe natives, instrumenting nothing: {e}"
            )),
        }
    })
}

/// Starts the background analysis when it has something to do: reports are written and the
/// probes are flags it can read (`counts=exact` counts arrive through the rings, which have a
/// single consumer).
fn start_background(agent: &'static Agent, jni: *mut RawJniEnv) {
    let o = &agent.options;
    if !o.background_analysis || o.formats.is_empty() || !o.counts.uses_flags() {
        return;
    }
    // SAFETY: the JNIEnv of the VMInit thread, valid for this call.
    let vm = unsafe { jni::JNIEnv::from_raw(jni) }.and_then(|env| env.get_java_vm());
    let started = vm
        .map_err(|e| e.to_string())
        .and_then(|vm| agent.background.start(vm, &agent.flags, glue::probe_layout(o.counts)).map_err(|e| e.to_string()));
    if let Err(e) = started {
        log(&format!("no background analysis (all classes are analysed at exit): {e}"));
    }
}

unsafe extern "C" fn thread_end(_jvmti: *mut jvmtiEnv, _jni: *mut RawJniEnv, _thread: jthread) {
    guard((), jvmfuzz_runtime::on_thread_end)
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn class_file_load_hook(
    jvmti: *mut jvmtiEnv,
    jni: *mut RawJniEnv,
    _class_being_redefined: jclass,
    _loader: jobject,
    name: *const c_char,
    _protection_domain: jobject,
    class_data_len: jint,
    class_data: *const c_uchar,
    new_class_data_len: *mut jint,
    new_class_data: *mut *mut c_uchar,
) {
    let Some(agent) = AGENT.get() else { return };
    let panicked = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the arguments of this callback.
        let Some((name, bytes)) = (unsafe { env::hooked_class(name, class_data, class_data_len) }) else { return };
        if !agent.live.load(Ordering::Acquire) {
            agent.stats.early.fetch_add(1, Ordering::Relaxed);
            return;
        }
        if !agent.options.filter.accepts(&name) {
            return;
        }
        let t0 = std::time::Instant::now();
        let _timer = Elapsed(t0, &agent.stats.hook_ns);
        match glue::instrument_one_as(&name, bytes, agent.options.counts) {
            Outcome::Instrumented {
                bytes: new_bytes,
                record,
                methods,
                probes,
                field_probes,
                notes,
            } => {
                if agent.options.counts.uses_flags() {
                    // SAFETY: the JNIEnv of this callback's thread.
                    if let Err(e) = unsafe { ensure_flags(&agent.flags, jni, &record, field_probes) } {
                        agent.skip(&name, &e, &notes);
                        return;
                    }
                }
                // SAFETY: the out-pointers of this callback.
                match unsafe { env::hand_back(jvmti, &new_bytes, new_class_data_len, new_class_data) } {
                    Ok(()) => {
                        jvmfuzz_runtime::register_class(record);
                        agent.stats.classes.fetch_add(1, Ordering::Relaxed);
                        agent
                            .stats
                            .methods
                            .fetch_add(u64::from(methods), Ordering::Relaxed);
                        agent
                            .stats
                            .probes
                            .fetch_add(u64::from(probes), Ordering::Relaxed);
                        if agent.options.verbose {
                            for n in &notes {
                                log(n);
                            }
                        }
                    }
                    Err(e) => agent.skip(&name, &e, &notes),
                }
            }
            Outcome::Skipped {
                reason,
                notes,
                record,
            } => {
                if let Some(record) = record {
                    jvmfuzz_runtime::register_class(record);
                }
                agent.skip(&name, &reason, &notes)
            }
        }
    }))
    .is_err();
    if panicked {
        // Nothing was handed back: the JVM keeps the original bytes.
        agent.stats.panics.fetch_add(1, Ordering::Relaxed);
        let name = guard(String::new(), || {
            unsafe { CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        });
        guard((), || {
            agent.skip(&name, "internal error (panic) while instrumenting", &[])
        });
    }
}

/// Makes the flag array long enough for every probe id of `record`, and defines the holders of
/// its ids when it uses field probes (see [`flags`]).
///
/// # Safety
/// `jni` must be the current thread's JNIEnv (or null).
unsafe fn ensure_flags(
    flags: &flags::Flags,
    jni: *mut RawJniEnv,
    record: &jvmfuzz_runtime::ClassRecord,
    field_probes: bool,
) -> Result<(), String> {
    let ids = |m: &jvmfuzz_runtime::MethodRecord| u64::from(m.first_probe)..u64::from(m.first_probe) + u64::from(m.probe_count);
    let start = record.methods.iter().map(|m| ids(m).start).min().unwrap_or(0);
    let end = record.methods.iter().map(|m| ids(m).end).max().unwrap_or(0);
    // SAFETY: per this function's contract.
    let mut env = unsafe { jni::JNIEnv::from_raw(jni) }.map_err(|e| e.to_string())?;
    let fields = if field_probes { start..end } else { 0..0 };
    flags.ensure(&mut env, end, fields).map_err(|e| e.to_string())
}

impl Agent {
    fn skip(&self, name: &str, reason: &str, notes: &[String]) {
        self.stats.skipped.fetch_add(1, Ordering::Relaxed);
        if !self.options.verbose {
            return;
        }
        let first = self
            .logged
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string());
        if first {
            log(&format!("skipped {name}: {reason}"));
            for n in notes {
                log(n);
            }
        }
    }
}

unsafe extern "C" fn vm_death(_jvmti: *mut jvmtiEnv, jni: *mut RawJniEnv) {
    guard((), || {
        if let Some(agent) = AGENT.get() {
            // SAFETY: the JNIEnv of the VMDeath thread, valid for this call.
            let env = unsafe { jni::JNIEnv::from_raw(jni) }.ok();
            finish(agent, env);
        }
    })
}

/// Adds the time since `.0` to `.1` when dropped (every way out of the hook).
struct Elapsed<'a>(std::time::Instant, &'a AtomicU64);

impl Drop for Elapsed<'_> {
    fn drop(&mut self) {
        self.1.fetch_add(self.0.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }
}

/// The exit line, printed exactly once per run.
pub fn summary_line(stats: &HookStats) -> String {
    format!(
        "{LOG_PREFIX} instrumented {} classes ({} methods, {} probes), skipped {} classes",
        stats.classes.load(Ordering::Relaxed),
        stats.methods.load(Ordering::Relaxed),
        stats.probes.load(Ordering::Relaxed),
        stats.skipped.load(Ordering::Relaxed),
    )
}

fn finish(agent: &Agent, env: Option<jni::JNIEnv<'_>>) {
    if agent.finished.swap(true, Ordering::AcqRel) {
        return;
    }
    let t0 = std::time::Instant::now();
    // First: from here on the background thread neither runs JNI nor competes for the cores.
    let (mut cache, background) = agent.background.close();
    // Each step is guarded on its own: a failing report must not cost the exit line.
    guard((), || {
        jvmfuzz_runtime::drain_all();
    });
    let mut hits = guard(Vec::new(), jvmfuzz_runtime::hit_counts);
    if let Some(mut env) = env.filter(|_| agent.options.counts.uses_flags()) {
        guard((), || match agent.flags.collect(&mut env, jvmfuzz_runtime::probe_count()) {
            Ok(f) => flags::merge_into(&mut hits, &f),
            Err(e) => log(&format!("{e}; the reports show no coverage")),
        });
    }
    if let Some(path) = &agent.options.dump {
        guard((), || {
            if let Err(e) = write_dump(path, &hits) {
                log(&format!("cannot write dump {}: {e}", path.display()));
            }
        });
    }
    if !agent.options.formats.is_empty() {
        guard((), || {
            let classes = jvmfuzz_runtime::classes();
            let session = SessionInfo {
                id: format!("jvmfuzz-{}-{}", std::process::id(), agent.start_ms),
                start_ms: agent.start_ms,
                dump_ms: now_ms(),
            };
            // Without analyses from the run there is nothing to compare fired probes against.
            let cache = (background.analysed > 0).then_some(&mut cache);
            match glue::write_reports(&agent.options, &classes, &hits, &session, cache) {
                Ok((table, notes)) => {
                    if agent.options.verbose {
                        for n in &notes {
                            log(n);
                        }
                        log(&format!(
                            "background analysis: {} looks at the flags, {} class analyses, {} ms of CPU",
                            background.passes,
                            background.analysed,
                            background.cpu.as_millis()
                        ));
                    }
                    let _ = write!(std::io::stderr().lock(), "{table}");
                }
                Err(e) => log(&format!(
                    "cannot write reports to {}: {e}",
                    agent.options.report_dir.display()
                )),
            }
        });
    }
    if agent.options.verbose {
        log(&format!(
            "class-load hook: {} ms in all; exit work (drain, flags, analysis, reports) took {} ms",
            agent.stats.hook_ns.load(Ordering::Relaxed) / 1_000_000,
            t0.elapsed().as_millis()
        ));
        let s = guard(None, || Some(jvmfuzz_runtime::stats()));
        if let Some(s) = s {
            log(&format!(
                "{} rings ({} in use), {} invalid events, {} classes loaded before VMInit, {} hook panics",
                s.rings,
                s.rings_owned,
                s.invalid_events,
                agent.stats.early.load(Ordering::Relaxed),
                agent.stats.panics.load(Ordering::Relaxed)
            ));
        }
    }
    let _ = writeln!(std::io::stderr().lock(), "{}", summary_line(&agent.stats));
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// `id count` per reserved probe, in id order (a debugging aid: `dump=FILE`).
pub fn write_dump(path: &std::path::Path, hits: &[u64]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    for (id, n) in hits.iter().enumerate() {
        writeln!(out, "{id} {n}")?;
    }
    out.flush()
}
