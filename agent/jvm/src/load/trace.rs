//! The pipeline's trace mode (the solver's, `docs/solver.md`): a class the shim's `TraceLoader`
//! defines is a second copy of a target class, and gets the shadow machine's calls
//! (`jvmfuzz_instrument::trace`) instead of probes. The copy the fuzzer runs never calls the
//! shim's `Sym`, so ordinary executions pay nothing for tracing.
//!
//! This module also keeps what the solver must know of each traced branch that the trace does
//! not carry: a switch's case constants, and where a site is (for diagnostics).

use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::Mutex;

use jni::sys::{jobject, JNIEnv as RawJniEnv, JNI_TRUE};
use jvmfuzz_instrument::hooks::HookSet;
use jvmfuzz_instrument::redirect::prepare;
use jvmfuzz_instrument::trace::{instrument_class_trace, ModelTable, TraceSites};
use once_cell::sync::Lazy;

use super::Outcome;

/// Internal name of the trace copies' class loader (in the shim, on the boot class path).
pub const TRACE_LOADER: &str = "com/jvmfuzz/shim/sym/TraceLoader";

/// Largest site id: `Sym.icmp` gets `site << 8 | opcode` in an int, and the shim's models number
/// their own branches from 0x7F_0000 (`Numbers.MODEL_SITES`).
const MAX_SITE: u32 = 0x7E_FFFF;

/// The JDK calls the shim models, from the shim's own table.
static MODELS: Lazy<ModelTable> = Lazy::new(|| {
    ModelTable::parse(include_str!("../../../../java-shim/src/main/java/com/jvmfuzz/shim/sym/models.txt"))
        .unwrap_or_default()
});

/// A global reference to `TraceLoader`'s class once [`enable`] ran (null before: no trace mode).
static LOADER_CLASS: AtomicPtr<jni::sys::_jobject> = AtomicPtr::new(std::ptr::null_mut());

/// Where a branch or switch of traced code is.
#[derive(Debug, Clone)]
pub struct Site {
    pub class: String,
    pub method: String,
    pub offset: u32,
    /// A switch's case constants; empty for a branch.
    pub cases: Vec<i32>,
}

struct Registry {
    sites: Mutex<Vec<Site>>,
    methods: AtomicU32,
}

static REGISTRY: Lazy<Registry> = Lazy::new(|| Registry { sites: Mutex::new(Vec::new()), methods: AtomicU32::new(0) });

struct Sites;

impl TraceSites for Sites {
    fn site(&mut self, class: &str, method: &str, offset: u32, cases: &[i32]) -> Option<u32> {
        let mut sites = REGISTRY.sites.lock().unwrap_or_else(|e| e.into_inner());
        let id = u32::try_from(sites.len()).ok().filter(|&id| id <= MAX_SITE)?;
        sites.push(Site { class: class.to_string(), method: method.to_string(), offset, cases: cases.to_vec() });
        Some(id)
    }

    fn method(&mut self, _class: &str, _method: &str) -> u32 {
        REGISTRY.methods.fetch_add(1, Ordering::Relaxed)
    }
}

/// One traced site, if it exists.
pub fn site(id: u32) -> Option<Site> {
    REGISTRY.sites.lock().unwrap_or_else(|e| e.into_inner()).get(id as usize).cloned()
}

/// A switch site's case constants (`None` for an unknown site).
pub fn cases(id: u32) -> Option<Vec<i32>> {
    REGISTRY.sites.lock().unwrap_or_else(|e| e.into_inner()).get(id as usize).map(|s| s.cases.clone())
}

/// Turns trace mode on: from now on classes `TraceLoader` defines are traced. Call on a thread
/// attached to the JVM once the shim is on the boot class path.
pub fn enable(env: &mut jni::JNIEnv) -> Result<(), String> {
    let class = env.find_class(TRACE_LOADER).map_err(|e| {
        let _ = env.exception_clear();
        format!("the shim has no {TRACE_LOADER}: {e}")
    })?;
    let global = env.new_global_ref(class).map_err(|e| e.to_string())?;
    // The reference lives as long as the process: the pipeline may use it from any thread.
    let raw = global.as_obj().as_raw();
    std::mem::forget(global);
    LOADER_CLASS.store(raw, Ordering::Release);
    Ok(())
}

/// Whether `loader` is a `TraceLoader` (false before [`enable`]).
pub(super) fn is_trace_loader(jni: *mut RawJniEnv, loader: jobject) -> bool {
    let class = LOADER_CLASS.load(Ordering::Acquire);
    if class.is_null() || loader.is_null() || jni.is_null() {
        return false;
    }
    // SAFETY: `jni` is the hook's JNIEnv for this thread; `loader` a live local reference the
    // JVM passed in; `class` a global reference that is never deleted.
    unsafe {
        match (**jni).IsInstanceOf {
            Some(is_instance_of) => is_instance_of(jni, loader, class) == JNI_TRUE,
            None => false,
        }
    }
}

/// The trace copy of one class. The fuzzer's call redirects (`System.exit` and the like) are
/// applied after tracing, as in the fuzzing copy: a traced run must not end the JVM either. The
/// modelled calls are already replaced by then, so the redirects do not hide them.
pub(super) fn transform(name: &str, original: &[u8]) -> Outcome {
    let traced = match instrument_class_trace(original, &mut Sites, &MODELS) {
        Ok(Some(t)) => t,
        Ok(None) => return Outcome::Unchanged,
        Err(e) => return Outcome::Skipped { reason: format!("trace mode: {e}"), notes: Vec::new(), record: None },
    };
    let mut tokens = Vec::new();
    let bytes = match prepare(&traced.bytes, &NO_HOOKS, true, &mut tokens) {
        Ok(p) => p.bytes,
        Err(e) => return Outcome::Skipped { reason: format!("trace mode: {e}"), notes: Vec::new(), record: None },
    };
    let mut notes = traced.skipped;
    notes.push(format!("traced {name}: {} methods", traced.methods));
    Outcome::Instrumented { bytes, record: None, methods: traced.methods, probes: 0, notes }
}

static NO_HOOKS: Lazy<HookSet> = Lazy::new(HookSet::default);
