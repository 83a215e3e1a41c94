//! Fuzzing inside a JVM that jvmfuzz did not create: the test JVM of a JUnit run (Surefire's
//! fork), driven by the JUnit integration's native library (`fuzzer/junit`).
//!
//! Two steps, as `fuzz` has them, but the JVM is already running:
//! 1. [`ready`], once per process: the shim jars join the bootstrap class path (through JVMTI:
//!    the JVM's command line is past), the probe and CmpLog natives are bound, the coverage
//!    sink and the fuzz-mode class-load hook (with the bug detectors and `@MethodHook`s) are
//!    installed. Classes that loaded before (the test classes: Surefire loads them to find
//!    the tests) are retransformed, so they get probes when fuzzing and hooks always (their
//!    bridges in a companion class, as a retransformation cannot add methods); the JUnit
//!    integration calls this when the test run starts, before the code under test loads.
//! 2. [`fuzz`], once per fuzz test: the same LibAFL loop as `fuzz --jobs 1` (engine.rs) on the
//!    calling thread, with LibAFL's simple event manager: no restarting parent, since a JVM
//!    cannot be forked. A timeout or a native crash therefore ends the process, after the
//!    input is saved (as libFuzzer's and Jazzer's do).
//!
//! [`tool`] runs `fuzz repro|minimize|cmin|coverage` over a fuzz test instead (`fuzz --fuzz-test`).

use std::path::PathBuf;
use std::time::Duration;

use jni::{JNIEnv, JavaVM};
use libafl::events::SimpleEventManager;
use once_cell::sync::OnceCell;

use crate::engine::{self, FuzzConfig};
use crate::findings::{Artifacts, FindingStore};
use crate::jvm::JvmConfig;
use crate::target::{Jvm, TargetConfig};
use crate::{classpath, custom_hooks, detectors, jvm, status};

/// What the test run instruments and which detectors and hooks it runs.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The test class path (for `Jazzer-Hook-Classes` manifests).
    pub class_path: String,
    pub includes: Option<String>,
    pub excludes: Option<String>,
    /// Detectors to run (empty: all).
    pub detectors: Vec<String>,
    pub disabled_detectors: Vec<String>,
    pub verbose: bool,
    /// `@MethodHook` classes to load besides the class path's manifests, and ones not to load.
    pub custom_hooks: Vec<String>,
    pub disabled_hooks: Vec<String>,
    /// The classes whose calls the hooks apply to (`:`-separated globs; Jazzer's
    /// `--custom_hook_includes`/`_excludes`); unset: every instrumented class.
    pub hook_includes: Option<String>,
    pub hook_excludes: Option<String>,
    /// False for a regression run: inputs are only replayed, so classes get the detectors'
    /// hooked calls and no probes.
    pub probes: bool,
}

/// The configuration [`ready`] installed, reused by every [`fuzz`].
static READY: OnceCell<(JvmConfig, bool)> = OnceCell::new();

/// Readies the running JVM for fuzzing (see the module comment). A second call does nothing.
/// `env` must be the calling thread's, inside a native method of a class whose loader sees the
/// test class path.
pub fn ready(vm: &JavaVM, env: &mut JNIEnv, s: &Setup) -> Result<(), String> {
    READY.get_or_try_init(|| install(vm, env, s)).map(|_| ())
}

fn install(vm: &JavaVM, env: &mut JNIEnv, s: &Setup) -> Result<(JvmConfig, bool), String> {
    let filter = jvm::class_filter(s.includes.as_deref(), s.excludes.as_deref())?;
    let hook_filter = jvm::globs_filter(
        s.hook_includes.as_deref(),
        s.hook_excludes.as_deref(),
        ("JVMFUZZ_CUSTOM_HOOK_INCLUDES", "JVMFUZZ_CUSTOM_HOOK_EXCLUDES"),
    )?;
    // The JVM ignores class path entries that do not exist, and so does this: it reads the
    // entries only for hook manifests.
    let existing: Vec<&str> =
        s.class_path.split(':').filter(|e| e.ends_with('*') || std::path::Path::new(e).exists()).collect();
    let entries = classpath::expand(&existing.join(":")).map_err(|e| e.to_string())?;
    // Hook classes from the class path's `Jazzer-Hook-Classes` manifests.
    let mut hooks = custom_hooks::load(&entries, &s.custom_hooks, &s.disabled_hooks)?;
    let chosen = detectors::select(&s.detectors, &s.disabled_detectors)?;
    hooks.extend(detectors::hooks(&chosen));
    let cfg = JvmConfig {
        java_home: None,
        class_path: s.class_path.clone(),
        jvm_args: Vec::new(),
        includes: s.includes.clone(),
        excludes: s.excludes.clone(),
        hooks: jvmfuzz_instrument::hooks::HookSet::new(hooks),
        hook_filter,
        verbose: s.verbose,
        crash_log_dir: None,
        // Not ours to choose: the JVM runs already.
        hot_exception_stacks: false,
        regex_roadblocks: !custom_hooks::roadblocks_disabled(&s.disabled_hooks),
    };
    // SAFETY: the pointer of the live VM this native call runs in.
    let jvmti = unsafe { jvmfuzz_jvm::env::Env::from_vm(vm.get_java_vm_pointer()) }
        .map_err(|e| format!("cannot get JVMTI from the running JVM: {e}"))?;
    let shim = jvmfuzz_jvm::install_shim_jar().map_err(|e| format!("cannot write the shim jar: {e}"))?;
    let jazzer =
        jvmfuzz_jvm::install_jazzer_runtime_jar().map_err(|e| format!("cannot write the Jazzer run-time jar: {e}"))?;
    let appended = boot_append(env);
    for jar in [&shim, &jazzer] {
        // Given on the command line already (`fuzz --fuzz-test` does): appending it again at
        // run time would only make HotSpot warn that class sharing is now limited.
        if appended.split(':').any(|e| std::path::Path::new(e) == jar.as_path()) {
            continue;
        }
        let c = jvmfuzz_jvm::env::c_path(jar).ok_or_else(|| format!("{}: not a C path", jar.display()))?;
        jvmti
            .add_to_bootstrap_class_loader_search(&c)
            .map_err(|e| format!("adding {} to the boot class path: {e}", jar.display()))?;
    }
    jvmfuzz_runtime::register_probes_natives(env).map_err(|e| format!("binding the probe natives: {e}"))?;
    crate::cmp_values::register(env).map_err(|e| format!("binding the CmpLog natives: {e}"))?;
    crate::grammar::params::register(env).map_err(|e| format!("binding the grammar natives: {e}"))?;
    crate::coverage_map::install().map_err(|e| format!("coverage sink: {e}"))?;
    let hooks = crate::class_hierarchy::with_subtypes(env, &cfg.class_path, cfg.hooks.clone());
    let rules = jvmfuzz_jvm::load::HookRules { hooks, filter: cfg.hook_filter.clone(), beyond_instrumented: false };
    // The JDK's own connections are judged by the policy in force: the payload rule in a test
    // JVM (its plain tests may connect), Jazzer's while a harness's reproducer runs
    // (`Detectors.replayHarness`). A failure costs that coverage only.
    if chosen.iter().any(|d| d.name == detectors::SSRF)
        && env
            .call_static_method(
                "com/jvmfuzz/shim/detectors/ServerSideRequestForgery",
                "watchJdkConnections",
                "()V",
                &[],
            )
            .is_err()
    {
        jvmfuzz_jvm::env::clear_exception(env);
        eprintln!("jvmfuzz: warning: the JDK's own connections are not watched (server-side-request-forgery)");
    }
    // SAFETY: vm is live; the natives are bound.
    let roadblocks = cfg.regex_roadblocks;
    unsafe { crate::hook::install_late(vm.get_java_vm_pointer(), filter, rules, s.probes, roadblocks, s.verbose) }?;
    Ok((cfg, s.probes))
}

/// The jars the JVM's command line put on the boot class path (`-Xbootclasspath/a:`), as the
/// system property `jvmfuzz.boot.appended` names them (the JDK hides its own property of
/// them from Java code), or "".
fn boot_append(env: &mut JNIEnv) -> String {
    let value = (|| {
        let key = env.new_string(BOOT_APPENDED).ok()?;
        let v = env
            .call_static_method(
                "java/lang/System",
                "getProperty",
                "(Ljava/lang/String;)Ljava/lang/String;",
                &[(&key).into()],
            )
            .ok()?
            .l()
            .ok()?;
        if v.is_null() {
            return None;
        }
        let s: String = env.get_string(&jni::objects::JString::from(v)).ok()?.into();
        Some(s)
    })();
    jvmfuzz_jvm::env::clear_exception(env);
    value.unwrap_or_default()
}

/// The system property a launcher sets to the shim jars it gave `-Xbootclasspath/a:`.
pub const BOOT_APPENDED: &str = "jvmfuzz.boot.appended";

/// One fuzz test's campaign.
#[derive(Debug, Clone)]
pub struct Campaign {
    /// The fuzz test, as messages name it (`com.acme.ParserFuzzTest.parses`).
    pub name: String,
    /// The harness class (binary name): a class with `fuzzerTestOneInput`, visible from the
    /// loader of the native method's class.
    pub harness: String,
    pub corpus: PathBuf,
    /// summary.json, the findings' folders, the status file.
    pub findings: PathBuf,
    /// Where `crash-<sha1>` / `timeout-<sha1>` go (a folder with a trailing `/`).
    pub artifact_prefix: Option<String>,
    /// Read-only inputs the corpus starts from (the test's Inputs folders).
    pub seeds: Vec<PathBuf>,
    /// Dictionaries (AFL/libFuzzer format).
    pub dicts: Vec<PathBuf>,
    pub max_total_time: Option<Duration>,
    pub runs: Option<u64>,
    pub timeout: Duration,
    /// Resident memory (MiB) the process may reach during an execution (libFuzzer's
    /// -rss_limit_mb): past it, the input is saved and the process ends.
    pub rss_limit_mb: Option<u64>,
    pub ignore: Vec<String>,
    /// `--max-len` as given (None: libFuzzer's guess, `seeds::max_len`).
    pub max_len: Option<usize>,
    pub len_control: u64,
    pub seed: Option<u64>,
    /// Keep fuzzing after a finding, up to `max_findings` distinct ones.
    pub keep_going: bool,
    pub max_findings: Option<u64>,
    /// Print each finding as Jazzer does (`fuzz --fuzz-test`: ClusterFuzz reads the lines).
    pub libfuzzer_output: bool,
    /// Findings an earlier JVM of the same campaign hit (`fuzz --fuzz-test` restarts it after
    /// a finding that ended it): they count toward `max_findings` as this JVM's own.
    pub seen: Vec<String>,
    /// 0 alone; from 1, one of several JVMs (`fuzz --fuzz-test -jobs=N`) that share `corpus`,
    /// each writing its inputs under its own name prefix and reading the others'.
    pub job: usize,
}

/// A finding of a campaign.
#[derive(Debug, Clone)]
pub struct Found {
    pub id: String,
    pub exception: String,
    pub message: String,
    /// The copy of its input under the artifact prefix, if one was asked for.
    pub artifact: Option<String>,
}

/// Runs `c` on the calling thread in the running JVM (readied by [`ready`] first).
pub fn fuzz(vm: JavaVM, c: &Campaign) -> Result<Vec<Found>, String> {
    let jvm_cfg = match READY.get() {
        Some((cfg, true)) => cfg.clone(),
        Some((_, false)) => return Err("this JVM was readied for replaying inputs only (no probes)".into()),
        None => return Err("the JVM is not readied for fuzzing (ready() was not called)".into()),
    };
    std::fs::create_dir_all(&c.corpus).map_err(|e| format!("cannot create {}: {e}", c.corpus.display()))?;
    let status_file =
        status::create(&c.findings).map_err(|e| format!("cannot create {}: {e}", c.findings.display()))?;
    for id in &c.seen {
        status::append(&status_file, &format!("finding {id}"));
    }
    let cfg = FuzzConfig {
        jvm: jvm_cfg,
        target: TargetConfig {
            harness: c.harness.clone(),
            ignore: c.ignore.clone(),
            timeout: c.timeout,
            rss_limit_mb: c.rss_limit_mb,
            drivers: None,
        },
        corpus: c.corpus.clone(),
        findings: c.findings.clone(),
        max_total_time: c.max_total_time,
        runs: c.runs,
        keep_going: c.keep_going,
        max_findings: c.max_findings,
        seed_corpora: c.seeds.clone(),
        artifacts: Artifacts {
            prefix: c.artifact_prefix.clone(),
            reproducer_dir: None,
            libfuzzer_output: c.libfuzzer_output,
        },
        dicts: c.dicts.clone(),
        seed: c.seed,
        max_len: crate::seeds::max_len(c.max_len, &[std::slice::from_ref(&c.corpus), c.seeds.as_slice()].concat()),
        len_control: c.len_control,
        status_file: status_file.clone(),
        grammar: None,
        solver: None,
        linked: false,
        sync_corpus: c.job > 0,
    };
    // In a Surefire fork reports go to standard error, which Surefire shows as it comes;
    // `fuzz --fuzz-test` (the one caller asking for libFuzzer's lines) prints where `fuzz` does.
    if !c.libfuzzer_output {
        crate::output::to_stderr();
    }
    crate::coverage_map::keep_covered();
    crate::output::set_campaign(Some(c.name.clone()));
    let mgr = SimpleEventManager::new(crate::launch::plain_monitor());
    let ran = engine::run_client_in(Jvm::Existing(vm), &cfg, c.job, None, mgr);
    if c.job > 0 {
        crate::say!("jvmfuzz: job {}: read {} input(s) the other jobs found", c.job, crate::corpus_sync::taken());
    }
    crate::output::set_campaign(None);
    let st = status::read(&status_file);
    let _ = std::fs::remove_file(&status_file);
    if let Some(msg) = st.setup_error {
        return Err(msg);
    }
    if let Err(e) = ran {
        return Err(format!("the fuzzing loop failed: {}", engine::short_error(&e)));
    }
    let store = FindingStore::open(&c.findings, 0.0).map_err(|e| format!("{}: {e}", c.findings.display()))?;
    Ok(st
        .findings
        .iter()
        .map(|id| {
            let entry = store.entry(id);
            let input = std::fs::read(c.findings.join(id).join("input")).ok();
            let artifact = c.artifact_prefix.as_ref().zip(input).map(|(p, data)| {
                let kind = match entry.map(|e| e.exception.as_str()) {
                    Some("timeout") => "timeout",
                    Some("out-of-memory") => "oom",
                    _ => "crash",
                };
                format!("{p}{kind}-{}", sha1_smol::Sha1::from(&data).digest())
            });
            Found {
                id: id.clone(),
                exception: entry.map(|e| e.exception.clone()).unwrap_or_default(),
                message: entry.map(|e| e.message.clone()).unwrap_or_default(),
                artifact,
            }
        })
        .collect())
}

/// What a tool run ([`tool`]) does with a fuzz test's inputs, as `fuzz repro|minimize|cmin|coverage`.
#[derive(Debug, Clone)]
pub enum ToolKind {
    /// Run each file once; reported as libFuzzer reports a reproduced crash.
    Repro(Vec<PathBuf>),
    /// Shrink `file` into `out` while it fails the same way, in at most `runs` executions.
    Minimize { file: PathBuf, out: PathBuf, runs: u64 },
    /// Copy into `out` the inputs of `corpora` that cover something no input kept before
    /// does; with `merge` (`-merge=1`), `out`'s own inputs count as kept.
    Cmin { corpora: Vec<PathBuf>, out: PathBuf, merge: bool },
    /// Run every input (files, and the files of folders) and write the code they reached as
    /// reports into `report` (JaCoCo XML, HTML, LCOV), as `fuzz coverage`.
    Coverage { inputs: Vec<PathBuf>, report: PathBuf, sources: Vec<PathBuf> },
}

/// A tool run over one fuzz test.
#[derive(Debug, Clone)]
pub struct ToolRun {
    /// The harness class, as for [`Campaign::harness`].
    pub harness: String,
    pub timeout: Duration,
    pub rss_limit_mb: Option<u64>,
    pub ignore: Vec<String>,
    /// Print failures and stalls in libFuzzer's words too (Jazzer's command line).
    pub libfuzzer_output: bool,
    pub kind: ToolKind,
}

/// Runs `r` on the calling thread in the running JVM (readied for fuzzing: `Cmin` reads
/// coverage). True if an input failed (`Repro`). A timeout prints its report and ends the
/// process, as `fuzz repro` does.
pub fn tool(vm: JavaVM, r: &ToolRun) -> Result<bool, String> {
    match READY.get() {
        Some((_, true)) => {}
        Some((_, false)) => return Err("this JVM was readied for replaying inputs only (no probes)".into()),
        None => return Err("the JVM is not readied (ready() was not called)".into()),
    }
    let cfg = TargetConfig {
        harness: r.harness.clone(),
        ignore: r.ignore.clone(),
        timeout: r.timeout,
        rss_limit_mb: r.rss_limit_mb,
        drivers: None,
    };
    let t = crate::tools::start(Jvm::Existing(vm), &cfg, r.libfuzzer_output).map_err(|e| format!("{e:#}"))?;
    let done = match &r.kind {
        ToolKind::Repro(files) => crate::tools::repro(&t, files, r.libfuzzer_output),
        ToolKind::Minimize { file, out, runs } => crate::tools::minimize(&t, file, out, *runs).map(|()| false),
        ToolKind::Cmin { corpora, out, merge } => crate::tools::cmin(&t, corpora, out, *merge).map(|_| false),
        ToolKind::Coverage { inputs, report, sources } => {
            crate::tools::coverage(&t, inputs, report, sources).map(|()| false)
        }
    };
    t.finish();
    done.map_err(|e| format!("{e:#}"))
}

/// Writes the coverage of every campaign this process ran (the probes their feedback saw fire)
/// as JaCoCo XML, HTML and LCOV into `dir`; returns the summary table.
pub fn write_coverage(dir: &std::path::Path, sources: &[PathBuf]) -> Result<String, String> {
    let cells = crate::coverage_map::kept();
    let written = crate::reports::write(cells, dir, sources, &format!("jvmfuzz-junit-{}", std::process::id()))
        .map_err(|e| format!("{e:#}"))?;
    Ok(written.table)
}
