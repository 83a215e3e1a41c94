//! Creating the JVM inside this process (JNI invocation API): find `libjvm.so`, build the
//! options (class path, the embedded shim jar on the boot class path), create the VM, bind the
//! shim's natives, install the class-load hook. Must run in the fuzzing client, after LibAFL
//! installed its signal handlers: HotSpot then chains to them for signals it does not own.

use std::path::{Path, PathBuf};

use jni::{InitArgsBuilder, JNIVersion, JavaVM};
use jvmfuzz_instrument::hooks::HookSet;
use jvmfuzz_jvm::filter::{ClassFilter, Glob};
use jvmfuzz_jvm::load::HookRules;

#[derive(Debug, thiserror::Error)]
pub enum JvmError {
    #[error("no JVM found: {0}")]
    NotFound(String),
    #[error("cannot start the JVM: {0}")]
    Start(String),
    #[error("JVM set-up: {0}")]
    Setup(String),
}

/// Everything needed to start the target's JVM.
#[derive(Debug, Clone)]
pub struct JvmConfig {
    pub java_home: Option<PathBuf>,
    /// The expanded, joined class path.
    pub class_path: String,
    pub jvm_args: Vec<String>,
    pub includes: Option<String>,
    pub excludes: Option<String>,
    /// `@MethodHook`s and the classes whose calls they apply to.
    pub hooks: HookSet,
    pub hook_filter: ClassFilter,
    pub verbose: bool,
    /// Where HotSpot writes hs_err logs (default: the working directory).
    pub crash_log_dir: Option<PathBuf>,
    /// `-XX:-OmitStackTraceInFastThrow`: every implicit exception (a null dereference, an
    /// index out of bounds...) gets its stack, even where C2 has seen it thrown often. The
    /// tools and generated drivers need that (a finding's identity, the contract rules); the
    /// fuzz loop of a harness does not pay for it (each such throw then deoptimizes its
    /// compiled frame) and replays the rare stackless finding instead (`crate::stackless`).
    pub hot_exception_stacks: bool,
    /// `java.util.regex`'s matching nodes log what a pattern wanted where the input differed
    /// (off with `--disabled-hooks RegexRoadblocks`, Jazzer's name for its own).
    pub regex_roadblocks: bool,
}

/// Default allocation limit with generated drivers (`--malloc-limit-mb`).
const DRIVERS_MALLOC_LIMIT_MB: u64 = 64;

/// Under the drivers' default limit, the allocation that is a finding by its size alone:
/// libFuzzer's default -malloc_limit_mb (its -rss_limit_mb, 2048 MB). One between the two is
/// refused for speed (a run zeroing hundreds of megabytes) but is no bug: an LZMA2 encoder at
/// its default preset needs a 64 MB array.
pub const FINDING_ALLOCATION_BYTES: u64 = 2048 << 20;

/// Bytes one array allocation may take (`--malloc-limit-mb`, see its help), or `None`: the
/// value of the system property `jvmfuzz.mallocLimit` the shim reads.
pub fn malloc_limit(malloc_limit_mb: Option<u64>, rss_limit_mb: Option<u64>, drivers: bool) -> Option<u64> {
    let mb = match malloc_limit_mb {
        Some(mb) => mb,
        None if drivers => DRIVERS_MALLOC_LIMIT_MB,
        None => rss_limit_mb?,
    };
    (mb > 0).then(|| mb.saturating_mul(1 << 20))
}

/// The `java` launcher of `--java-home`, else of `$JAVA_HOME`, else the one on PATH, as
/// [`find_libjvm`] chooses the JDK.
pub fn java_launcher(java_home: Option<&Path>) -> Result<PathBuf, JvmError> {
    let home = java_home
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()).map(PathBuf::from));
    match home {
        Some(h) => {
            let java = h.join("bin").join("java");
            if java.is_file() {
                Ok(java)
            } else {
                Err(JvmError::Setup(format!(
                    "{} has no bin/java: point --java-home (or JAVA_HOME) at a JDK or JRE",
                    h.display()
                )))
            }
        }
        None => Ok(PathBuf::from("java")),
    }
}

/// `libjvm.so` of `--java-home`, else `$JAVA_HOME`, else of the `java` (or `javac`) on PATH.
pub fn find_libjvm(java_home: Option<&Path>) -> Result<PathBuf, JvmError> {
    let mut tried = Vec::new();
    let mut homes: Vec<PathBuf> = Vec::new();
    if let Some(h) = java_home {
        homes.push(h.to_path_buf());
    } else {
        if let Some(h) = std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
            homes.push(PathBuf::from(h));
        }
        if let Some(path) = std::env::var_os("PATH") {
            for dir in std::env::split_paths(&path) {
                for tool in ["java", "javac"] {
                    let p = dir.join(tool);
                    if p.is_file() {
                        let real = std::fs::canonicalize(&p).unwrap_or(p);
                        if let Some(home) = real.parent().and_then(Path::parent) {
                            homes.push(home.to_path_buf());
                        }
                    }
                }
            }
        }
    }
    for home in &homes {
        for rel in ["lib/server/libjvm.so", "jre/lib/amd64/server/libjvm.so", "lib/client/libjvm.so"] {
            let p = home.join(rel);
            if p.is_file() {
                return Ok(p);
            }
            tried.push(p.display().to_string());
        }
    }
    let hint = if java_home.is_some() {
        "check --java-home (it must be a JDK or JRE directory containing lib/server/libjvm.so)"
    } else {
        "install a JDK (e.g. apt-get install openjdk-17-jdk-headless), set JAVA_HOME or pass --java-home"
    };
    Err(JvmError::NotFound(format!(
        "looked for {} ; {hint}",
        if tried.is_empty() { "java on PATH".into() } else { tried.join(", ") }
    )))
}

/// The class filter of `--includes/--excludes`. The default (everything outside the JDK)
/// is "every class loaded from --cp"; jazzer-api's own classes are never instrumented.
pub fn class_filter(includes: Option<&str>, excludes: Option<&str>) -> Result<ClassFilter, String> {
    let mut filter = globs_filter(includes, excludes, ("--includes", "--excludes"))?;
    filter.excludes.push(Glob::new("com.code_intelligence.jazzer.*"));
    Ok(filter)
}

/// A filter of `:`-separated class globs; `flags` name the options in messages.
pub fn globs_filter(
    includes: Option<&str>,
    excludes: Option<&str>,
    flags: (&str, &str),
) -> Result<ClassFilter, String> {
    let globs = |flag: &str, v: &str| -> Result<Vec<Glob>, String> {
        v.split(':')
            .map(|g| {
                if g.is_empty() {
                    Err(format!("{flag}: empty pattern in `{v}` (separate globs with :)"))
                } else if let Some(c) = g.chars().find(|c| !(c.is_alphanumeric() || "._$*/-".contains(*c))) {
                    Err(format!("{flag}: character `{c}` not allowed in class glob `{g}`"))
                } else {
                    Ok(Glob::new(g))
                }
            })
            .collect()
    };
    let mut filter = ClassFilter::default();
    if let Some(i) = includes {
        filter.includes = Some(globs(flags.0, i)?);
    }
    if let Some(e) = excludes {
        filter.excludes = globs(flags.1, e)?;
    }
    Ok(filter)
}

/// Creates the JVM on the calling thread (which stays attached) and readies it for fuzzing.
pub fn start(cfg: &JvmConfig) -> Result<JavaVM, JvmError> {
    let filter = class_filter(cfg.includes.as_deref(), cfg.excludes.as_deref()).map_err(JvmError::Setup)?;
    let libjvm = find_libjvm(cfg.java_home.as_deref())?;
    let shim =
        jvmfuzz_jvm::install_shim_jar().map_err(|e| JvmError::Setup(format!("cannot write the shim jar: {e}")))?;
    // Jazzer's API finds its run-time half here (fuzz only, see agent/jvm/build.rs).
    let jazzer = jvmfuzz_jvm::install_jazzer_runtime_jar()
        .map_err(|e| JvmError::Setup(format!("cannot write the Jazzer run-time jar: {e}")))?;
    let mut args = InitArgsBuilder::new()
        .version(JNIVersion::V8)
        .ignore_unrecognized(false)
        .option(format!("-Djava.class.path={}", cfg.class_path))
        .option(format!("-Xbootclasspath/a:{}:{}", shim.display(), jazzer.display()))
        // A JVM that crashes natively is restarted by LibAFL: no core dump per crash.
        .option("-XX:-CreateCoredumpOnCrash");
    if cfg.hot_exception_stacks {
        args = args.option("-XX:-OmitStackTraceInFastThrow");
    }
    if let Some(dir) = &cfg.crash_log_dir {
        args = args.option(format!("-XX:ErrorFile={}/hs_err_pid%p.log", dir.display()));
    }
    for a in &cfg.jvm_args {
        args = args.option(a.as_str());
    }
    let args = args.build().map_err(|e| JvmError::Start(format!("bad JVM option: {e}")))?;
    let vm = JavaVM::with_libjvm(args, || Ok(libjvm.clone()))
        .map_err(|e| JvmError::Start(format!("{e} (libjvm: {}; JVM options: {:?})", libjvm.display(), cfg.jvm_args)))?;
    {
        // jni's JavaVM::new detaches the creating thread again: this thread runs the harness
        // for the rest of the process, so it attaches for good.
        let mut env = vm
            .attach_current_thread_permanently()
            .map_err(|e| JvmError::Setup(format!("attaching the fuzzing thread: {e}")))?;
        jvmfuzz_runtime::register_probes_natives(&mut env)
            .map_err(|e| JvmError::Setup(format!("binding the probe natives: {e}")))?;
        crate::cmp_values::register(&mut env)
            .map_err(|e| JvmError::Setup(format!("binding the CmpLog natives: {e}")))?;
        crate::grammar::params::register(&mut env)
            .map_err(|e| JvmError::Setup(format!("binding the grammar natives: {e}")))?;
    }
    crate::coverage_map::install().map_err(|e| JvmError::Setup(format!("coverage sink: {e}")))?;
    let hooks = {
        let mut env = vm.get_env().map_err(|e| JvmError::Setup(format!("the fuzzing thread lost the JVM: {e}")))?;
        crate::class_hierarchy::with_subtypes(&mut env, &cfg.class_path, cfg.hooks.clone())
    };
    let rules = HookRules { hooks, filter: cfg.hook_filter.clone(), beyond_instrumented: true };
    // SAFETY: vm is live.
    unsafe { crate::hook::install(vm.get_java_vm_pointer(), filter, rules, true, cfg.regex_roadblocks, cfg.verbose) }
        .map_err(JvmError::Setup)?;
    Ok(vm)
}
