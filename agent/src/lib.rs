//! `libjvmfuzz_agent.so`, the coverage profiler loaded with `-agentpath`: its JVMTI entry
//! points and the end-of-run work. The class-load hook is the shared pipeline of
//! `jvmfuzz_jvm::load` in its profile mode. Everything the JVM calls goes through [`guard`], which catches panics: an
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
//! - ClassFileLoadHook (any thread, concurrently) and ThreadEnd: the pipeline
//!   (`jvmfuzz_jvm::load`): filter, rewrite, make the flag array long enough for the class's
//!   ids, hand back new bytes, or nothing (= original bytes) on any error or panic.
//! - VMDeath (normal exit, System.exit, uncaught exception in main; not Runtime.halt or a
//!   signal): stop the background thread and take its analyses, drain all rings, merge the probe
//!   flags, write the dump and the reports, print the summary.

pub mod analysis;
pub mod background;
pub mod classfiles;
pub mod options;
pub mod reports;

use std::ffi::{c_char, c_void, CStr};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use jni::sys::{jint, JNIEnv as RawJniEnv, JavaVM, JNI_ERR, JNI_OK};
use jvmfuzz_coverage::report::SessionInfo;
use jvmfuzz_jvm::env::{self, Env};
use jvmfuzz_jvm::flag_probes::{self, FlagProbes};
use jvmfuzz_jvm::install_shim_jar;
use jvmfuzz_jvm::load::{self, log, LoadConfig, Mode, Pipeline, Profile};
use jvmti_sys::{jthread, jvmtiEnv, jvmtiEvent, jvmtiEventCallbacks};
use once_cell::sync::OnceCell;

use crate::options::AgentOptions;

struct Agent {
    options: AgentOptions,
    finished: AtomicBool,
    /// Milliseconds since the epoch at load (JaCoCo's session start).
    start_ms: u64,
    /// The class-load pipeline, set once it is installed.
    pipeline: OnceCell<&'static Pipeline>,
    /// Analyses made during the run (`analysis=background`).
    background: background::Background,
}

/// The probe flag arrays and field holders of `counts=covered` and `counts=jacoco`.
static FLAGS: FlagProbes = FlagProbes::new();

static AGENT: OnceCell<Agent> = OnceCell::new();

/// Runs `f`, turning a panic into `on_panic`.
fn guard<T>(on_panic: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// # Safety
/// Called by the JVM with a valid `vm`; `options` is null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "system" fn Agent_OnLoad(vm: *mut JavaVM, options: *mut c_char, _reserved: *mut c_void) -> jint {
    guard(JNI_ERR, || {
        let opts = if options.is_null() {
            None
        } else {
            // SAFETY: the JVM passes a NUL-terminated string.
            Some(unsafe { CStr::from_ptr(options) }.to_string_lossy().into_owned())
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
pub unsafe extern "system" fn Agent_OnAttach(_vm: *mut JavaVM, _options: *mut c_char, _reserved: *mut c_void) -> jint {
    guard(JNI_ERR, || {
        log("attach not supported: start the JVM with -agentpath:<path to libjvmfuzz_agent.so>=<options>");
        JNI_ERR
    })
}

fn on_load(vm: *mut JavaVM, options: Option<&str>) -> Result<(), String> {
    let options = AgentOptions::parse(options).map_err(|e| format!("invalid -agentpath options: {e}"))?;
    // SAFETY: vm is the JavaVM the JVM passed to Agent_OnLoad.
    let env = unsafe { Env::from_vm(vm) }.map_err(|e| format!("cannot get JVMTI: {e}"))?;

    // `first_probe=N`, a test aid: small test programs then reach the ids past
    // `flag_probes::FIXED_LEN`, which go to the growable flag array.
    if options.first_probe > 0 {
        jvmfuzz_runtime::reserve(options.first_probe).map_err(|e| format!("first_probe: {e}"))?;
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

    let load = LoadConfig {
        filter: options.filter.clone(),
        mode: Mode::Profile(Profile { counts: options.counts, flags: &FLAGS }),
        verbose: options.verbose,
    };
    let agent = Agent {
        options,
        background: background::Background::default(),
        finished: AtomicBool::new(false),
        start_ms: now_ms(),
        pipeline: OnceCell::new(),
    };
    if AGENT.set(agent).is_err() {
        return Err("the agent is loaded twice (one -agentpath only)".into());
    }
    let agent = AGENT.get().ok_or("the agent is not set")?;

    let jar = install_shim_jar().map_err(|e| format!("cannot write the shim jar: {e}"))?;
    let c_jar = env::c_path(&jar).ok_or_else(|| format!("bad shim jar path {}", jar.display()))?;
    env.add_to_bootstrap_class_loader_search(&c_jar).map_err(|e| e.to_string())?;

    env.add_class_hook_capabilities().map_err(|e| e.to_string())?;
    let callbacks = jvmtiEventCallbacks { VMInit: Some(vm_init), VMDeath: Some(vm_death), ..Default::default() };
    let also = [jvmtiEvent::JVMTI_EVENT_VM_INIT, jvmtiEvent::JVMTI_EVENT_VM_DEATH];
    // Not live until VMInit has bound the probe natives: no rewritten code may run before its
    // probe works.
    let pipeline = load::install(&env, load, false, callbacks, &also).map_err(|e| e.to_string())?;
    let _ = agent.pipeline.set(pipeline);
    Ok(())
}

unsafe extern "C" fn vm_init(_jvmti: *mut jvmtiEnv, jni: *mut RawJniEnv, _thread: jthread) {
    guard((), || {
        let Some(agent) = AGENT.get() else { return };
        // SAFETY: the JNIEnv of the VMInit thread, valid for this call.
        let registered = match unsafe { jni::JNIEnv::from_raw(jni) } {
            Ok(mut env) => {
                jvmfuzz_runtime::register_probes_natives(&mut env).map_err(|e| e.to_string()).and_then(|()| {
                    if agent.options.counts.uses_flags() {
                        FLAGS.init(&mut env).map_err(|e| e.to_string())
                    } else {
                        Ok(())
                    }
                })
            }
            Err(e) => Err(e.to_string()),
        };
        match registered {
            Ok(()) => {
                if let Some(p) = agent.pipeline.get() {
                    p.set_live();
                }
                start_background(agent, jni);
            }
            // Nothing will be instrumented; the application runs unchanged.
            Err(e) => log(&format!("cannot bind the probe natives, instrumenting nothing: {e}")),
        }
    })
}

/// Starts the background analysis when it has something to do: reports are written and the
/// probes are flags it can read (`counts=exact` counts arrive through the rings, which have a
/// single consumer).
fn start_background(agent: &'static Agent, jni: *mut RawJniEnv) {
    let o = &agent.options;
    if !o.background_analysis || (o.formats.is_empty() && o.destfile.is_none()) || !o.counts.uses_flags() {
        return;
    }
    // SAFETY: the JNIEnv of the VMInit thread, valid for this call.
    let vm = unsafe { jni::JNIEnv::from_raw(jni) }.and_then(|env| env.get_java_vm());
    let started = vm
        .map_err(|e| e.to_string())
        .and_then(|vm| agent.background.start(vm, &FLAGS, reports::probe_layout(o.counts)).map_err(|e| e.to_string()));
    if let Err(e) = started {
        log(&format!("no background analysis (all classes are analysed at exit): {e}"));
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
        guard((), || match FLAGS.collect(&mut env, jvmfuzz_runtime::probe_count()) {
            Ok(f) => flag_probes::merge_into(&mut hits, &f),
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
    if !agent.options.formats.is_empty() || agent.options.destfile.is_some() {
        guard((), || {
            let classes = jvmfuzz_runtime::classes();
            let session = SessionInfo {
                id: format!("jvmfuzz-{}-{}", std::process::id(), agent.start_ms),
                start_ms: agent.start_ms,
                dump_ms: now_ms(),
            };
            // Without analyses from the run there is nothing to compare fired probes against.
            let cache = (background.analysed > 0).then_some(&mut cache);
            match reports::write_reports(&agent.options, &classes, &hits, &session, cache) {
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
                Err(e) => log(&format!("cannot write reports to {}: {e}", agent.options.report_dir.display())),
            }
        });
    }
    let stats = agent.pipeline.get().map(|p| p.stats());
    if let (true, Some(stats)) = (agent.options.verbose, stats) {
        log(&format!(
            "class-load hook: {} ms in all; exit work (drain, flags, analysis, reports) took {} ms",
            stats.hook_ns.load(Ordering::Relaxed) / 1_000_000,
            t0.elapsed().as_millis()
        ));
        let s = guard(None, || Some(jvmfuzz_runtime::stats()));
        if let Some(s) = s {
            log(&format!(
                "{} rings ({} in use), {} invalid events, {} classes loaded before VMInit, {} hook panics",
                s.rings,
                s.rings_owned,
                s.invalid_events,
                stats.early.load(Ordering::Relaxed),
                stats.panics.load(Ordering::Relaxed)
            ));
        }
    }
    if let Some(stats) = stats {
        let _ = writeln!(std::io::stderr().lock(), "{}", stats.summary_line());
    }
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
