//! The class-load hook inside the fuzzer's own JVM: the shared pipeline
//! (`jvmfuzz_jvm::load`) in fuzz mode, with this process as its [`FuzzHost`]. Installed right
//! after the JVM is created and its natives are bound, before the harness class is looked up,
//! so every target class is seen; classes loaded during JVM creation are the JDK's, which the
//! filter excludes.

use jni::sys::JavaVM as RawJavaVM;
use jvmfuzz_instrument::{CmpKind, CmpSites};
use jvmfuzz_jvm::env::Env;
use jvmfuzz_jvm::filter::ClassFilter;
use jvmfuzz_jvm::load::{self, Fuzz, FuzzHost, HookRules, LoadConfig, Mode};
use jvmfuzz_runtime::MethodRecord;
use once_cell::sync::OnceCell;

/// The fuzzer's side of the pipeline's fuzz mode.
struct Host;

impl FuzzHost for Host {
    fn cmp_site(&self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
        crate::cmp_values::Sites.site(kind, cases)
    }

    fn tokens(&self, tokens: Vec<Vec<u8>>) {
        crate::tokens::add(tokens);
    }

    fn class_probes(&self, name: &str, methods: &[MethodRecord]) {
        crate::coverage_map::map().on_class(name, methods);
    }
}

static HOST: Host = Host;

/// The run's `@MethodHook`s (one JVM per process).
static RULES: OnceCell<HookRules> = OnceCell::new();

/// Installs the hook on `vm`. Call once, on a thread attached to the JVM, after the probe
/// natives are bound.
///
/// # Safety
/// `vm` must be a live JavaVM.
pub unsafe fn install(vm: *mut RawJavaVM, filter: ClassFilter, hooks: HookRules, verbose: bool) -> Result<(), String> {
    // SAFETY: caller guarantees a live VM.
    let env = unsafe { Env::from_vm(vm) }.map_err(|e| format!("cannot get JVMTI: {e}"))?;
    // Only matters for classes loaded before the live phase; refused in the live phase on
    // some JVMs, which is harmless here.
    let _ = env.add_class_hook_capabilities();
    let hooks = RULES.try_insert(hooks).map_err(|_| "the class-load hook is installed twice".to_string())?;
    let config = LoadConfig { filter, mode: Mode::Fuzz(Fuzz { host: &HOST, hooks }), verbose };
    load::install(&env, config, true, Default::default(), &[]).map_err(|e| e.to_string())?;
    Ok(())
}
