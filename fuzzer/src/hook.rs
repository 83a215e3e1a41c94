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

/// Installs the hook on `vm` (`probes`: see [`Fuzz::probes`]). Call once, on a thread attached to the JVM, after the probe
/// natives are bound.
///
/// # Safety
/// `vm` must be a live JavaVM.
pub unsafe fn install(
    vm: *mut RawJavaVM,
    filter: ClassFilter,
    hooks: HookRules,
    probes: bool,
    roadblocks: bool,
    verbose: bool,
) -> Result<(), String> {
    // SAFETY: as this function's.
    unsafe { install_in(vm, filter, hooks, probes, roadblocks, verbose, false) }.map(|_| ())
}

/// [`install`] in a JVM that has been running for a while (a JUnit run's test JVM): classes the
/// filter accepts that loaded before are retransformed, so they get probes (when fuzzing) and
/// hooks too (their bridges in a companion class: a retransformation cannot add methods).
/// Returns how many were.
///
/// # Safety
/// `vm` must be a live JavaVM; call on a thread attached to it.
pub unsafe fn install_late(
    vm: *mut RawJavaVM,
    filter: ClassFilter,
    hooks: HookRules,
    probes: bool,
    roadblocks: bool,
    verbose: bool,
) -> Result<usize, String> {
    let retransform = probes || !hooks.hooks.is_empty();
    // SAFETY: as this function's.
    unsafe { install_in(vm, filter, hooks, probes, roadblocks, verbose, retransform) }
}

unsafe fn install_in(
    vm: *mut RawJavaVM,
    filter: ClassFilter,
    hooks: HookRules,
    probes: bool,
    roadblocks: bool,
    verbose: bool,
    retransform: bool,
) -> Result<usize, String> {
    // SAFETY: caller guarantees a live VM.
    let env = unsafe { Env::from_vm(vm) }.map_err(|e| format!("cannot get JVMTI: {e}"))?;
    // Only matters for classes loaded before the live phase; refused in the live phase on
    // some JVMs, which is harmless here.
    let _ = env.add_class_hook_capabilities();
    let hooks = RULES.try_insert(hooks).map_err(|_| "the class-load hook is installed twice".to_string())?;
    // Fuzzing needs the loaded classes' probes; a regression run only loses their hooks.
    let retransform = retransform
        && match env.add_retransform_capability() {
            Ok(()) => true,
            Err(e) if probes => return Err(format!("cannot retransform classes: {e}")),
            Err(_) => false,
        };
    // The regex nodes that loaded with the JVM are retransformed below, and the shim reads
    // their character classes' predicates: both before any node can run the new code.
    let roadblocks = probes
        && roadblocks
        && match open_regex_to_shim(vm, &env).and_then(|()| {
            if retransform {
                Ok(())
            } else {
                env.add_retransform_capability().map_err(|e| format!("cannot retransform classes: {e}"))
            }
        }) {
            Ok(()) => true,
            Err(why) => {
                load::log(&format!("warning: no regex roadblocks: {why}"));
                false
            }
        };
    let config = LoadConfig {
        filter: filter.clone(),
        mode: Mode::Fuzz(Fuzz { host: &HOST, hooks, probes, regex_roadblocks: roadblocks }),
        verbose,
    };
    load::install(&env, config, true, Default::default(), &[]).map_err(|e| e.to_string())?;
    if !retransform && !roadblocks {
        return Ok(0);
    }
    let loaded = env.loaded_classes().map_err(|e| e.to_string())?;
    let mut done = 0;
    for (class, name) in loaded {
        // Hidden classes (lambdas) cannot be retransformed; their code is in their host class.
        let ours = retransform && filter.accepts(&name) && !name.contains("$$Lambda") && !name.contains("/0x");
        let node = roadblocks && jvmfuzz_instrument::regex::is_node(&name);
        if (ours || node) && env.retransform(class).is_ok() {
            done += usize::from(ours);
        }
    }
    if verbose && retransform {
        load::log(&format!("{done} classes loaded before the hook were retransformed"));
    }
    Ok(done)
}

/// Opens `java.util.regex` (in `java.base`) to the shim's module, the boot loader's unnamed
/// one: the regex roadblocks ask the JDK's package-private `Pattern.CharPredicate` which
/// characters a class accepts (`com.jvmfuzz.shim.fuzz.Regex`); then initializes that class.
fn open_regex_to_shim(vm: *mut RawJavaVM, env: &Env) -> Result<(), String> {
    // SAFETY: the caller's live VM; the thread is attached to it.
    let vm = unsafe { jni::JavaVM::from_raw(vm) }.map_err(|e| e.to_string())?;
    let mut jni = vm.get_env().map_err(|e| e.to_string())?;
    let mut module_of = |class: &str| -> Result<jni::objects::JObject<'_>, String> {
        let c = jni.find_class(class).map_err(|e| format!("{class}: {e}"))?;
        jni.call_method(&c, "getModule", "()Ljava/lang/Module;", &[])
            .and_then(|m| m.l())
            .map_err(|e| format!("{class}'s module: {e}"))
    };
    let found = module_of("java/lang/Object").and_then(|base| Ok((base, module_of("com/jvmfuzz/shim/Probes")?)));
    let (base, shim) = match found {
        Ok(m) => m,
        Err(why) => {
            jvmfuzz_jvm::env::clear_exception(&mut jni);
            return Err(why);
        }
    };
    // SAFETY: both are live local references to the modules `getModule` returned.
    unsafe { env.add_module_opens(base.as_raw(), c"java.util.regex", shim.as_raw()) }
        .map_err(|e| format!("opening java.util.regex to the shim: {e}"))?;
    // Initialized here, on a shallow stack, with the package open to it: initialized first
    // inside some target's match, a failure (a stack overflow there) would leave the class
    // unusable and every later match in the JVM throwing NoClassDefFoundError.
    let regex = jni.find_class(jvmfuzz_instrument::regex::REGEX);
    if regex.is_err() {
        jvmfuzz_jvm::env::clear_exception(&mut jni);
    }
    regex.map(|_| ()).map_err(|e| format!("initializing {}: {e}", jvmfuzz_instrument::regex::REGEX))
}
