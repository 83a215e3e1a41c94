//! `fuzz`: coverage-guided in-process fuzzing of JVM code. This file is the binary's edge:
//! parse the command line, check what a user can get wrong (with messages that say how to fix
//! it), run, and map the outcome to the exit status (0 no finding, 1 finding, 2 usage/set-up).
//!
//! Everything runs on a thread with a large stack, never on the process's primordial thread:
//! HotSpot cannot handle stack overflow (StackOverflowError) reliably on the primordial
//! thread, and LibAFL forks its clients from the thread that launches them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;

use jvmfuzz_fuzzer::cli::{self, Cli, Command, FuzzArgs, TargetArgs};
use jvmfuzz_fuzzer::{
    campaign, classpath, custom_hooks, detectors, drivers, engine, findings, fuzz_test, jazzer_cli, junit_jar, jvm,
    launch, status, target, tools,
};

/// Exit statuses.
const NO_FINDING: u8 = 0;
const FINDING: u8 = 1;
const SETUP: u8 = 2;

/// Stack of the thread that creates the JVM and runs the harness: Jazzer's harness thread (the
/// JVM's main thread, 1 MB) plus room for the fuzz loop's own frames, so a recursion overflows
/// at the depth it does under Jazzer (measured: 4,000 nested brackets overflow both, 2,000
/// neither), and Jazzer's and OSS-Fuzz's stack-overflow crash files reproduce.
const STACK: usize = 1280 << 10;

/// A user or set-up error: exit status 2.
#[derive(Debug)]
struct SetupError(String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

fn setup(msg: impl Into<String>) -> anyhow::Error {
    anyhow!(SetupError(msg.into()))
}

fn main() -> ExitCode {
    // Like other command-line tools: a closed pipe (`fuzz ... | head`) ends the process quietly
    // instead of making println! panic. The JVM installs its own handler when it starts.
    // SAFETY: setting a signal disposition before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Jazzer's and libFuzzer's command line (OSS-Fuzz) is rewritten into fuzz's own first.
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() > 1 && jazzer_cli::is_jazzer_style(&args[1..]) {
        let cmd = <Cli as clap::CommandFactory>::command();
        let takes_value = |long: &str| {
            cmd.get_arguments().any(|a| {
                (a.get_long() == Some(long) || a.get_all_aliases().is_some_and(|v| v.contains(&long)))
                    && a.get_action().takes_values()
            })
        };
        match jazzer_cli::translate(&args[1..], &takes_value) {
            Ok(rest) => {
                args.truncate(1);
                args.extend(rest);
            }
            Err(e) => {
                eprintln!("fuzz: error: {e}");
                return ExitCode::from(SETUP);
            }
        }
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { SETUP } else { NO_FINDING };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let worker = std::thread::Builder::new().name("jvmfuzz-main".into()).stack_size(STACK).spawn(move || run(cli));
    let result = match worker {
        Ok(h) => h.join().unwrap_or_else(|_| Err(anyhow!("internal error (panic); see the message above"))),
        Err(e) => Err(anyhow!("cannot start the main thread: {e}")),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("fuzz: error: {e:#}");
            ExitCode::from(SETUP)
        }
    }
}

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        None => fuzz(cli.fuzz),
        Some(Command::Repro(a)) => {
            if let Some(m) = &fuzz_test_of(&a.target)? {
                return fuzz_test_outcome(fuzz_test::replay(&a.target, m, &a.files, a.libfuzzer_output));
            }
            let r = resolve(&a.target, &default_drivers_out())?;
            let t = start_tool_with(&a.target, &r, a.libfuzzer_output)?;
            let any = tools::repro(&t, &a.files, a.libfuzzer_output).map_err(|e| setup(format!("{e:#}")));
            t.finish();
            remove_scratch(&r);
            let any = any?;
            Ok(exit_through_java(&t, if any { FINDING } else { NO_FINDING }))
        }
        Some(Command::Minimize(a)) => {
            let out = a.out.clone().unwrap_or_else(|| {
                let mut p = a.file.clone().into_os_string();
                p.push(".min");
                PathBuf::from(p)
            });
            if let Some(m) = &fuzz_test_of(&a.target)? {
                return fuzz_test_outcome(fuzz_test::minimize(&a.target, m, &a.file, &out, a.runs));
            }
            let r = resolve(&a.target, &default_drivers_out())?;
            let t = start_tool(&a.target, &r)?;
            let done = tools::minimize(&t, &a.file, &out, a.runs).map_err(|e| setup(format!("{e:#}")));
            t.finish();
            remove_scratch(&r);
            done?;
            Ok(NO_FINDING)
        }
        Some(Command::Cmin(a)) => {
            if let Some(m) = &fuzz_test_of(&a.target)? {
                return fuzz_test_outcome(fuzz_test::cmin(&a.target, m, &a.corpus, &a.out, a.merge));
            }
            let r = resolve(&a.target, &default_drivers_out())?;
            let t = start_tool(&a.target, &r)?;
            let done = tools::cmin(&t, &a.corpus, &a.out, a.merge).map_err(|e| setup(format!("{e:#}")));
            t.finish();
            remove_scratch(&r);
            done?;
            Ok(exit_through_java(&t, NO_FINDING))
        }
        Some(Command::Coverage(a)) => {
            let sources: Vec<PathBuf> = a
                .sources
                .as_deref()
                .unwrap_or_default()
                .split(':')
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
                .collect();
            if let Some(m) = &fuzz_test_of(&a.target)? {
                return fuzz_test_outcome(fuzz_test::coverage(&a.target, m, &a.inputs, &a.report, &sources));
            }
            let r = resolve(&a.target, &default_drivers_out())?;
            let t = start_tool(&a.target, &r)?;
            let done = tools::coverage(&t, &a.inputs, &a.report, &sources).map_err(|e| setup(format!("{e:#}")));
            t.finish();
            remove_scratch(&r);
            done?;
            Ok(exit_through_java(&t, NO_FINDING))
        }
        Some(Command::JunitJar(a)) => junit_jar(&a),
        Some(Command::Report(a)) => report(&a),
        Some(Command::Drivers(a)) => {
            if selection(&a.target)?.is_none() {
                bail!(SetupError("fuzz drivers: say what to generate drivers for: --class CLASS, --target CLASS::METHOD or --package PACKAGE".into()));
            }
            // Writing drivers judges no finding: local Javadoc is read, none is downloaded.
            let t = TargetArgs { no_fetch_sources: true, ..a.target.clone() };
            let r = resolve(&t, &default_drivers_out())?;
            if let Some(d) = &r.drivers {
                println!("jvmfuzz: drivers written to {}", d.src.display());
            }
            remove_scratch(&r);
            Ok(NO_FINDING)
        }
    }
}

/// A tool's generated drivers are done: their temporary folder goes.
fn remove_scratch(r: &Resolved) {
    if let Some(d) = &r.drivers {
        drivers::remove_scratch(d);
    }
}

/// The `@FuzzTest` method to run: `--fuzz-test` (`--target_method=`), else the harness class's
/// only fuzz test when it has no `fuzzerTestOneInput` (as Jazzer does with `--target_class=`
/// alone).
fn fuzz_test_of(t: &TargetArgs) -> Result<Option<String>> {
    if t.fuzz_test.is_some() {
        return Ok(t.fuzz_test.clone());
    }
    let (Some(class), Some(cp)) = (&t.harness, &t.cp) else { return Ok(None) };
    let Ok(entries) = classpath::expand(cp) else { return Ok(None) };
    fuzz_test::sole_fuzz_test(&entries, class).map_err(|e| anyhow!(SetupError(e)))
}

/// The exit status of a fuzz test's run (`--fuzz-test`).
fn fuzz_test_outcome(r: Result<fuzz_test::Outcome, fuzz_test::FuzzTestError>) -> Result<u8> {
    match r {
        Ok(fuzz_test::Outcome::Nothing) => Ok(NO_FINDING),
        Ok(fuzz_test::Outcome::Found) => Ok(FINDING),
        Err(fuzz_test::FuzzTestError::Setup(m)) => Err(setup(m)),
        Err(fuzz_test::FuzzTestError::Reported) => Ok(SETUP),
    }
}

/// `fuzz report DIR`: the campaign folder's page.
fn report(a: &cli::ReportArgs) -> Result<u8> {
    let mut opts = campaign::report::ReportOptions::for_dir(&a.dir);
    if let Some(f) = &a.findings {
        if !f.is_dir() {
            bail!(SetupError(format!("--findings {}: no such folder", f.display())));
        }
        opts.findings = f.clone();
    }
    opts.coverage = a.coverage.clone();
    if let Some(out) = &a.out {
        opts.out = out.clone();
    }
    let w = campaign::report::write(&opts).map_err(|e| setup(format!("fuzz report: {e}")))?;
    println!("jvmfuzz: wrote {} ({})", w.path.display(), describe_report(&w));
    Ok(NO_FINDING)
}

fn describe_report(w: &campaign::report::Written) -> String {
    format!(
        "{} stats row(s) in {} session(s), {} finding(s), {}",
        w.rows,
        w.sessions,
        w.findings,
        w.classes.map_or("no coverage report".to_string(), |n| format!("coverage of {n} class(es)"))
    )
}

/// The report at the end of a run: a failure is a warning (the campaign itself went fine).
fn campaign_report(c: &campaign::Campaign, coverage: Option<&Path>) {
    let mut opts = campaign::report::ReportOptions::for_dir(&c.dir);
    opts.findings = c.findings.clone();
    opts.coverage = coverage.map(Path::to_path_buf);
    match campaign::report::write(&opts) {
        Ok(w) => println!("jvmfuzz: campaign report: {} ({})", w.path.display(), describe_report(&w)),
        Err(e) => eprintln!("jvmfuzz: warning: no campaign report: {e}"),
    }
}

/// `fuzz junit-jar`: the defaults are next to this executable, where cargo leaves the library.
fn junit_jar(a: &cli::JunitJarArgs) -> Result<u8> {
    let here = std::env::current_exe().ok().and_then(|p| p.parent().map(Path::to_path_buf)).unwrap_or_default();
    let native =
        a.native.clone().or_else(junit_jar::built_native_library).unwrap_or_else(|| here.join("libjvmfuzz_junit.so"));
    let out = a.out.clone().unwrap_or_else(|| here.join("jvmfuzz-junit.jar"));
    let repo = a.install.then(|| {
        a.maven_repo.clone().unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".m2").join("repository")
        })
    });
    let written = junit_jar::write(&native, &out, repo.as_deref()).map_err(|e| match e {
        junit_jar::JarError::Setup(m) => setup(m),
        other => anyhow!(other),
    })?;
    for p in written {
        println!("jvmfuzz: wrote {}", p.display());
    }
    if repo.is_some() {
        println!(
            "jvmfuzz: add <dependency><groupId>{}</groupId><artifactId>{}</artifactId><version>{}</version><scope>test</scope></dependency>",
            junit_jar::GROUP,
            junit_jar::ARTIFACT,
            junit_jar::VERSION
        );
    }
    Ok(NO_FINDING)
}

/// What one command runs: the JVM, the harness class, and the generated drivers if any.
struct Resolved {
    jvm: jvm::JvmConfig,
    harness: String,
    drivers: Option<drivers::DriverRun>,
}

fn selection(t: &TargetArgs) -> Result<Option<drivers::Selection>> {
    Ok(if let Some(c) = &t.class {
        Some(drivers::Selection::Class(c.clone()))
    } else if let Some(m) = &t.target {
        Some(drivers::Selection::parse_target(m).map_err(setup)?)
    } else {
        t.package.as_ref().map(|p| drivers::Selection::Package(p.clone()))
    })
}

/// Where generated drivers go without --drivers-out: next to the findings they explain, not
/// in the working folder. The commands without --findings use fuzz's default findings folder,
/// so `fuzz repro` of a finding finds the drivers `fuzz` wrote.
fn default_drivers_out() -> PathBuf {
    drivers_out_under(Path::new(cli::DEFAULT_FINDINGS))
}

fn drivers_out_under(findings: &Path) -> PathBuf {
    findings.join("drivers")
}

/// The user's harness, or drivers generated for --class/--target/--package (into --drivers-out,
/// else `default_out`).
fn resolve(t: &TargetArgs, default_out: &Path) -> Result<Resolved> {
    // Fuzzing, repro, minimize, cmin and coverage handle --fuzz-test before this.
    if let Some(m) = &t.fuzz_test {
        bail!(SetupError(format!(
            "--fuzz-test {m}: `fuzz drivers` does not work with JUnit fuzz tests (it generates drivers for library methods; fuzzing, repro, minimize, cmin and coverage do)"
        )));
    }
    let Some(sel) = selection(t)? else {
        if !t.param_grammar.is_empty() {
            bail!(SetupError(
                "--param-grammar applies to generated drivers: give --class, --target or --package (a harness reads its own bytes; use --grammar)".into()
            ));
        }
        return Ok(Resolved {
            jvm: jvm_config(t, None)?,
            harness: t.harness.clone().unwrap_or_default(),
            drivers: None,
        });
    };
    let cp = t.cp.as_deref().unwrap_or_default();
    let entries = classpath::expand(cp).map_err(|e| setup(e.to_string()))?;
    let out = t.drivers_out.as_deref().unwrap_or(default_out);
    std::fs::create_dir_all(out).map_err(|e| setup(format!("--drivers-out {}: {e}", out.display())))?;
    let mut param_grammars = Vec::new();
    for spec in &t.param_grammar {
        let pg = drivers::planner::ParamGrammar::parse(spec).map_err(setup)?;
        // Absolute, since the drivers name it and run elsewhere; loaded now, so a bad grammar
        // is a set-up error here rather than an exception in every execution.
        let file = std::fs::canonicalize(&pg.file)
            .map_err(|e| setup(format!("--param-grammar {spec}: {}: {e}", pg.file)))?
            .display()
            .to_string();
        jvmfuzz_fuzzer::grammar::params::load(Path::new(&file), pg.start.as_deref())
            .map_err(|e| setup(format!("--param-grammar {spec}: {e}")))?;
        param_grammars.push(drivers::planner::ParamGrammar { file, ..pg });
    }
    let opts = drivers::Options { nulls: t.nulls, param_grammars };
    let (mut run, report) = drivers::generate(&entries, cp, &sel, &opts, out).map_err(|e| setup(e.to_string()))?;
    run.documented = documented_exceptions(t, &entries, &run, out)?;
    println!(
        "jvmfuzz: {} driver method(s) in {} class(es) for {} public method(s); {} skipped (see {})",
        run.plan.drivers.len(),
        run.plan.drivers.iter().map(|d| d.class.as_str()).collect::<std::collections::BTreeSet<_>>().len(),
        report.public_methods,
        report.skipped.len(),
        out.join("drivers.txt").display()
    );
    let jvm = jvm_config(t, Some(&run))?;
    Ok(Resolved { jvm, harness: drivers::plan::DISPATCH.to_string(), drivers: Some(run) })
}

/// Ends a tool as a Java program ends: through System.exit, so shutdown hooks run (a JaCoCo
/// agent given with --jvm-arg writes its coverage then). Returns only if that fails.
fn exit_through_java(t: &target::Target, code: u8) -> u8 {
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    if let Ok(mut env) = t.harness().env() {
        let _ =
            env.call_static_method("java/lang/System", "exit", "(I)V", &[jni::objects::JValue::Int(i32::from(code))]);
        let _ = env.exception_clear();
    }
    code
}

fn start_tool(t: &TargetArgs, r: &Resolved) -> Result<target::Target> {
    start_tool_with(t, r, false)
}

/// As [`start_tool`]; `libfuzzer_output` prints a stall as libFuzzer does (Jazzer's command line).
fn start_tool_with(t: &TargetArgs, r: &Resolved, libfuzzer_output: bool) -> Result<target::Target> {
    tools::start(target::Jvm::Create(&r.jvm), &target_config(t, r)?, libfuzzer_output)
        .map_err(|e| setup(format!("{e:#}")))
}

fn target_config(t: &TargetArgs, r: &Resolved) -> Result<target::TargetConfig> {
    Ok(target::TargetConfig {
        harness: r.harness.clone(),
        ignore: t.ignore_exception.clone(),
        timeout: timeout(t)?,
        rss_limit_mb: t.rss_limit_mb,
        drivers: r.drivers.clone(),
    })
}

fn timeout(t: &TargetArgs) -> Result<Duration> {
    if !(t.timeout.is_finite() && t.timeout > 0.0 && t.timeout < 1e6) {
        return Err(setup(format!("--timeout {}: give a positive number of seconds, e.g. --timeout 10", t.timeout)));
    }
    Ok(Duration::from_secs_f64(t.timeout))
}

/// The Javadoc `@throws` table of the classes under test (`drivers::javadoc`), written next to
/// the drivers; None when no source was found (the rule then has nothing to go on).
fn documented_exceptions(
    t: &TargetArgs,
    entries: &[PathBuf],
    run: &drivers::DriverRun,
    out: &Path,
) -> Result<Option<PathBuf>> {
    let explicit: Vec<PathBuf> =
        t.sources.iter().flat_map(|s| s.split(':')).filter(|s| !s.is_empty()).map(PathBuf::from).collect();
    let classes = run.plan.drivers.iter().map(|d| d.class.clone()).collect();
    let (mut doc, notes) =
        drivers::javadoc::collect(entries, &classes, &explicit, !t.no_fetch_sources).map_err(setup)?;
    for n in &notes {
        println!("jvmfuzz: {n}");
    }
    let (library_methods, no_throw, unchecked, reports_invalid, files) =
        (doc.methods.len(), doc.no_throw.len(), doc.unchecked.len(), doc.reports_invalid.len(), doc.files);
    // The JDK's Javadoc states the contract of the library's overrides of JDK methods.
    let src_zip =
        jvm::find_libjvm(t.java_home.as_deref()).ok().and_then(|libjvm| drivers::javadoc::jdk_sources(&libjvm));
    match src_zip {
        Some(zip) => match doc.add_jdk(&zip) {
            Ok(n) => println!("jvmfuzz: the JDK's Javadoc of java.lang, java.util and java.io from {} ({n} files)", zip.display()),
            Err(e) => println!("jvmfuzz: no JDK Javadoc: {}: {e}", zip.display()),
        },
        None => println!(
            "jvmfuzz: no JDK Javadoc (no lib/src.zip in the JDK; on Debian: apt-get install openjdk-17-source): overrides of JDK methods are judged without it"
        ),
    }
    if doc.is_empty() {
        return Ok(None);
    }
    let path = out.join("documented.txt");
    drivers::javadoc::write_table(&doc, &path).map_err(|e| setup(format!("{}: {e}", path.display())))?;
    println!(
        "jvmfuzz: Javadoc @throws of {} method(s), {} that promise(s) not to throw, {} that leave(s) input unchecked, {} that answer(s) invalid input by the result, in {} source file(s) (see {})",
        library_methods,
        no_throw,
        unchecked,
        reports_invalid,
        files,
        path.display()
    );
    Ok(Some(std::fs::canonicalize(&path).unwrap_or(path)))
}

/// Checks the target options and turns them into the JVM configuration.
fn jvm_config(t: &TargetArgs, drivers: Option<&drivers::DriverRun>) -> Result<jvm::JvmConfig> {
    let cp = t.cp.as_deref().unwrap_or_default();
    let mut entries = classpath::expand(cp).map_err(|e| setup(e.to_string()))?;
    // Assertions first, so that a `-da` given with --jvm-arg still wins.
    let mut jvm_args: Vec<String> = if t.no_assertions { Vec::new() } else { vec!["-ea".into()] };
    jvm_args.extend(t.jvm_args.iter().cloned());
    let mut excludes = t.excludes.clone();
    if let (None, Some(h)) = (drivers, &t.harness) {
        if let Some(jar) =
            jvmfuzz_fuzzer::jazzer_api::supply(&mut entries, h, t.jazzer_api.as_deref()).map_err(setup)?
        {
            eprintln!("jvmfuzz: Jazzer's API from {} (--cp holds none)", jar.display());
        }
    }
    if let Some(d) = drivers {
        // The generated classes join the class path; they are harness code, not the target.
        entries.push(d.classes.clone());
        excludes = Some(match excludes {
            Some(e) => format!("{e}:jvmfuzz.drivers.*"),
            None => "jvmfuzz.drivers.*".into(),
        });
        jvm_args.push("-Djava.awt.headless=true".into());
        // The library's own temporary files, in this run's folder (a --jvm-arg names another).
        if !t.jvm_args.iter().any(|a| a.starts_with("-Djava.io.tmpdir=")) {
            jvm_args.push(format!("-Djava.io.tmpdir={}", d.tmp.display()));
        }
        if t.nulls {
            jvm_args.push("-Djvmfuzz.nulls=true".into());
        }
        if t.strict {
            jvm_args.push("-Djvmfuzz.strict=true".into());
        }
        if let Some(p) = &d.documented {
            jvm_args.push(format!("-Djvmfuzz.documented={}", p.display()));
        }
        jvm_args.push(format!("-Djvmfuzz.setupFields={}", d.set_up_fields.display()));
        jvm_args.push(format!("-Djvmfuzz.recordReaders={}", d.record_readers.display()));
        if !t.findings_include.is_empty() {
            jvm_args.push(format!("-Djvmfuzz.findings.include={}", t.findings_include.join(",")));
        }
        if !t.findings_exclude.is_empty() {
            jvm_args.push(format!("-Djvmfuzz.findings.exclude={}", t.findings_exclude.join(",")));
        }
    }
    if let Some(bytes) = jvm::malloc_limit(t.malloc_limit_mb, t.rss_limit_mb, drivers.is_some()) {
        jvm_args.push(format!("-Djvmfuzz.mallocLimit={bytes}"));
        if drivers.is_some() && t.malloc_limit_mb.is_none() {
            // The drivers' own limit, for speed: what it refuses under libFuzzer's default
            // limit is no finding by itself (the shim's Expected.overBudget).
            jvm_args.push(format!("-Djvmfuzz.mallocBudget={}", jvm::FINDING_ALLOCATION_BYTES));
        }
    }
    let harness = match drivers {
        Some(_) => drivers::plan::DISPATCH,
        None => t.harness.as_deref().unwrap_or_default(),
    };
    if harness.is_empty() || harness.contains('/') || harness.ends_with(".class") || harness.ends_with(".java") {
        return Err(setup(format!(
            "--harness `{harness}`: give the class's binary name, e.g. --harness com.acme.ParserFuzzer (not a file path)"
        )));
    }
    if let Some(h) = &t.java_home {
        if !h.is_dir() {
            return Err(setup(format!("--java-home {}: no such directory", h.display())));
        }
    }
    // Only class directories can be checked without a JVM; with jars the JVM names the problem.
    if drivers.is_none() && entries.iter().all(|e| e.is_dir()) && !classpath::in_directories(&entries, harness) {
        return Err(setup(format!(
            "harness class {harness} not found on --cp (no {}.class under {}); check the class name (binary name, e.g. com.acme.MyFuzzer) and --cp",
            harness.replace('.', "/"),
            entries.iter().map(|e| e.display().to_string()).collect::<Vec<_>>().join(", ")
        )));
    }
    jvm::class_filter(t.includes.as_deref(), excludes.as_deref()).map_err(setup)?;
    let hook_filter = jvm::globs_filter(
        t.custom_hook_includes.as_deref(),
        t.custom_hook_excludes.as_deref(),
        ("--custom-hook-includes", "--custom-hook-excludes"),
    )
    .map_err(setup)?;
    let mut hooks = custom_hooks::load(&entries, &t.custom_hooks, &t.disabled_hooks).map_err(setup)?;
    // Jazzer's --disabled_hooks names its sanitizers by class: those turn our detectors off.
    let mut disabled_detectors = t.disable_detectors.clone();
    disabled_detectors.extend(t.disabled_hooks.iter().filter(|h| detectors::by_jazzer_name(h).is_some()).cloned());
    let chosen = detectors::select(&t.detectors, &disabled_detectors).map_err(setup)?;
    hooks.extend(detectors::hooks(&chosen));
    // A harness gets Jazzer's connection rule (none allowed unless the harness allows them),
    // the JDK's own connections included; generated drivers keep the payload rule.
    if drivers.is_none() && chosen.iter().any(|d| d.name == detectors::SSRF) {
        jvm_args.push("-Djvmfuzz.watchConnections=true".into());
    }
    if drivers.is_some() {
        hooks.extend(drivers::leftovers::hooks());
    }
    let hooks = jvmfuzz_instrument::hooks::HookSet::new(hooks);
    jvm::find_libjvm(t.java_home.as_deref()).map_err(|e| setup(e.to_string()))?;
    Ok(jvm::JvmConfig {
        java_home: t.java_home.clone(),
        class_path: classpath::join(&entries),
        jvm_args,
        includes: t.includes.clone(),
        excludes,
        hooks,
        hook_filter,
        verbose: t.verbose,
        crash_log_dir: None,
        hot_exception_stacks: true,
        regex_roadblocks: !custom_hooks::roadblocks_disabled(&t.disabled_hooks),
    })
}

/// `--grammar` and its options, checked by loading the grammar once here: a grammar that
/// cannot be used is a set-up error (exit 2) naming the file, line and rule.
fn grammar_spec(a: &cli::GrammarArgs) -> Result<Option<jvmfuzz_fuzzer::grammar::GrammarSpec>> {
    if a.grammar.is_empty() {
        return Ok(None);
    }
    if !(1..=8).contains(&a.kpath) {
        bail!(SetupError(format!("--kpath {}: give a chain length from 1 to 8", a.kpath)));
    }
    if a.byte_share > 100 {
        bail!(SetupError(format!("--byte-share {}: a percentage, 0 to 100", a.byte_share)));
    }
    if a.grammar_max_nodes < 2 {
        bail!(SetupError("--grammar-max-nodes: give at least 2".into()));
    }
    let spec = jvmfuzz_fuzzer::grammar::GrammarSpec {
        files: a.grammar.clone(),
        start: a.grammar_start.clone(),
        kpath: a.kpath,
        max_nodes: a.grammar_max_nodes,
        byte_share: a.byte_share,
        kpath_feedback: a.kpath_feedback,
    };
    let g = jvmfuzz_fuzzer::grammar::GrammarMode::load(&spec).map_err(|e| setup(format!("--grammar: {e}")))?;
    for w in &g.warnings {
        eprintln!("jvmfuzz: warning: {w}");
    }
    let (_, possible) = g.kpaths().counts(spec.kpath);
    eprintln!("jvmfuzz: grammar: {} rules, {possible} possible {}-paths", g.symbols.len(), g.kpaths().k);
    Ok(Some(spec))
}

/// `--solver` and `--solver-timeout`.
fn solver_config(a: &cli::SolverArgs, seeded: bool) -> Result<Option<jvmfuzz_fuzzer::solver::SolverConfig>> {
    use jvmfuzz_fuzzer::solver::AVAILABLE;
    let share = match a.solver.as_deref().unwrap_or(if AVAILABLE { "on" } else { "off" }) {
        "off" => return Ok(None),
        _ if !AVAILABLE => bail!(SetupError(
            "--solver: this fuzz was built without Z3 (cargo's `solver` feature is off); install libz3-dev and libclang-dev (scripts/fetch-build-deps.sh) and rebuild, or give --solver off".into()
        )),
        "on" => jvmfuzz_fuzzer::solver::SolverConfig::DEFAULT_SHARE,
        n => match n.trim_end_matches('%').parse::<u8>() {
            Ok(p @ 1..=100) => f64::from(p) / 100.0,
            _ => bail!(SetupError(format!(
                "--solver {n}: give on, off, or the percentage of the time to spend solving (1-100)"
            ))),
        },
    };
    if a.solver_timeout == 0 {
        bail!(SetupError("--solver-timeout 0: give a time limit in milliseconds".into()));
    }
    Ok(Some(jvmfuzz_fuzzer::solver::SolverConfig {
        share,
        query_timeout: Duration::from_millis(a.solver_timeout),
        every_entry: seeded,
    }))
}

fn fuzz(a: FuzzArgs) -> Result<u8> {
    if let Some(m) = &fuzz_test_of(&a.target)? {
        return fuzz_test_outcome(fuzz_test::fuzz(&a, m));
    }
    // The flags first: a wrong one is reported before drivers are generated or a JVM starts.
    if a.jobs == 0 {
        bail!(SetupError("--jobs 0: give at least 1".into()));
    }
    if a.runs == Some(0) {
        bail!(SetupError("--runs 0: give at least 1 execution".into()));
    }
    for d in &a.dict {
        if !d.is_file() {
            bail!(SetupError(format!("--dict {}: no such file", d.display())));
        }
        if let Err(e) = libafl::mutators::Tokens::from_file(d) {
            bail!(SetupError(format!(
                "--dict {}: {} (expected AFL/libFuzzer format: one `name=\"value\"` or `\"value\"` per line, # comments)",
                d.display(),
                engine::short_error(&e)
            )));
        }
    }
    let progress = launch::progress_mode(&a.progress).map_err(setup)?;
    let grammar = grammar_spec(&a.grammar)?;
    // Every entry traced only where a run can be repeated at all: a seed and a count of runs.
    // A timed run keeps the solver to its share (benchmarks pass --seed with a time budget:
    // an unbounded solver took 12 of 15 s of a JSON parser's run).
    let solver = solver_config(&a.solver, a.seed.is_some() && a.runs.is_some())?;
    if a.stats_interval == 0 {
        bail!(SetupError("--stats-interval 0: give at least 1 second".into()));
    }
    let mut r = resolve(&a.target, &drivers_out_under(&a.findings))?;
    if a.seed.is_some() && a.runs.is_some() {
        // What the shim would otherwise time (how often missed map keys are collected).
        r.jvm.jvm_args.push("-Djvmfuzz.repeatable=true".into());
    }
    let target = target_config(&a.target, &r)?;
    if r.drivers.is_none() {
        // A child of a fuzzing client, replaying a finding that came without a stack.
        let start = || tools::start(target::Jvm::Create(&r.jvm), &target, false);
        if let Some(done) = jvmfuzz_fuzzer::stackless::run_child(start) {
            done.map_err(|e| setup(format!("{e:#}")))?;
            return Ok(NO_FINDING);
        }
        // Every implicit exception's stack costs a deoptimization where C2 compiled it hot:
        // the harness's loop goes without, and replays the rare finding that has none.
        r.jvm.hot_exception_stacks = false;
    }
    let crash_dir = a.findings.join(".libafl");
    let _ = std::fs::create_dir_all(&crash_dir);
    r.jvm.crash_log_dir = Some(std::fs::canonicalize(&crash_dir).unwrap_or(crash_dir));
    std::fs::create_dir_all(&a.corpus)
        .with_context(|| format!("cannot create --corpus {}", a.corpus.display()))
        .map_err(|e| setup(format!("{e:#}")))?;
    let campaign = campaign::Campaign::begin(&a.corpus, &a.findings, Duration::from_secs(a.stats_interval))
        .map_err(|e| setup(format!("campaign stats: {e}")))?;
    if campaign.resumed() {
        println!(
            "jvmfuzz: resuming the campaign in {}: session {}, continuing from {:.1} s and {} execs ({})",
            campaign.dir.display(),
            campaign.session,
            campaign.time_offset,
            campaign.execs_offset,
            campaign.stats_file().display()
        );
    }
    let links =
        jvmfuzz_fuzzer::nodes::links(a.listen.as_deref(), a.connect.as_deref(), Duration::from_secs(a.connect_timeout))
            .map_err(setup)?;
    if let Some(prefix) = &a.artifact_prefix {
        findings::Artifacts::check_prefix(prefix).map_err(setup)?;
    }
    if let Some(missing) = a.seed_corpus.iter().find(|d| !d.exists()) {
        return Err(setup(format!("--seed-corpus {}: no such file or folder", missing.display())));
    }
    let status_file = status::create(&a.findings)
        .map_err(|e| setup(format!("cannot create --findings {}: {e}", a.findings.display())))?;
    let seed_dirs: Vec<PathBuf> = std::iter::once(a.corpus.clone()).chain(a.seed_corpus.iter().cloned()).collect();
    let cfg = engine::FuzzConfig {
        jvm: r.jvm,
        target,
        corpus: a.corpus.clone(),
        findings: a.findings.clone(),
        max_total_time: a.max_total_time.map(Duration::from_secs),
        runs: a.runs,
        keep_going: a.keep_going,
        max_findings: a.max_findings,
        seed_corpora: a.seed_corpus.clone(),
        artifacts: findings::Artifacts {
            prefix: a.artifact_prefix.clone(),
            reproducer_dir: a.reproducer_path.clone(),
            libfuzzer_output: a.libfuzzer_output,
        },
        dicts: a.dict.clone(),
        seed: a.seed,
        max_len: jvmfuzz_fuzzer::seeds::max_len(a.max_len, &seed_dirs),
        len_control: a.len_control,
        status_file: status_file.clone(),
        grammar,
        solver,
        linked: links.any(),
        sync_corpus: false,
    };
    if let Some(d) = &cfg.target.drivers {
        drivers::reset_stats(d);
    }
    let corpus_before = jvmfuzz_fuzzer::final_stats::corpus_files(&a.corpus);
    let started = std::time::Instant::now();
    let launched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        launch::run(&cfg, a.jobs, links, progress, campaign.recorder())
    }));
    let ended = campaign.end(started.elapsed());
    let run_execs = match &ended {
        Ok(Some(last)) => last.execs.saturating_sub(campaign.execs_offset),
        _ => 0,
    };
    match ended {
        Ok(Some(last)) => println!(
            "jvmfuzz: campaign: {:.1} s, {} execs in {} session(s) (stats in {})",
            last.time_s,
            last.execs,
            last.session,
            campaign.stats_file().display()
        ),
        Ok(None) => {}
        Err(e) => eprintln!("jvmfuzz: warning: campaign stats: {e}"),
    }
    if let Some(d) = &cfg.target.drivers {
        let counts = drivers::site_counts(d);
        if let Ok(mut store) = findings::FindingStore::open(&a.findings, 0.0) {
            if !store.entries().is_empty() {
                let _ = store.annotate_sites(&counts);
            }
        }
        let _ = drivers::merge_stats(d);
        drivers::remove_scratch(d);
    }
    let st = status::read(&status_file);
    let _ = std::fs::remove_file(&status_file);
    if let Some(msg) = st.setup_error {
        return Err(setup(msg));
    }
    if a.print_final_stats {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let stats = jvmfuzz_fuzzer::final_stats::FinalStats {
            executed_units: run_execs,
            exec_per_sec: (run_execs as f64 / secs) as u64,
            new_units_added: jvmfuzz_fuzzer::final_stats::corpus_files(&a.corpus).saturating_sub(corpus_before),
            slowest_unit_time_sec: st.slowest_ms / 1000,
            peak_rss_mb: jvmfuzz_fuzzer::final_stats::peak_rss_mb(),
        };
        eprint!("{}", stats.lines());
    }
    match launched {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(anyhow!("fuzzing failed: {}", engine::short_error(&e))),
        Err(_) => return Err(anyhow!("the fuzzing process died without saving its state (see the messages above)")),
    }
    let code = if st.findings.is_empty() {
        println!("jvmfuzz: no finding");
        NO_FINDING
    } else {
        println!(
            "jvmfuzz: {} finding(s): {} (details in {}/summary.json)",
            st.findings.len(),
            st.findings.join(", "),
            a.findings.display()
        );
        if let Ok(store) = findings::FindingStore::open(&a.findings, 0.0) {
            for id in &st.findings {
                if let Some(e) = store.entry(id) {
                    println!(
                        "  {id}  {}: {}\n      at {}\n      {}",
                        e.exception,
                        e.message,
                        e.top_frame,
                        a.findings.join(id).display()
                    );
                }
            }
        }
        FINDING
    };
    if let Ok(store) = findings::FindingStore::open(&a.findings, 0.0) {
        let contract = store.entries().iter().filter(|e| e.kind == "contract").count();
        if contract > 0 {
            println!(
                "jvmfuzz: {contract} contract exception(s) besides: thrown by design on the arguments given (kind \"contract\" in summary.json, with the reason; --strict counts them as bugs)"
            );
        }
    }
    match &a.coverage_report {
        Some(report) => campaign_coverage(&a, report, code, &campaign),
        None => {
            campaign_report(&campaign, None);
            Ok(code)
        }
    }
}

/// `--coverage-report`: the corpus and the findings' inputs replayed in a new JVM of this
/// process (the fuzzing ran in child processes), into reports; then the campaign's exit status.
fn campaign_coverage(a: &FuzzArgs, report: &Path, code: u8, campaign: &campaign::Campaign) -> Result<u8> {
    let r = resolve(&a.target, &drivers_out_under(&a.findings))?;
    let inputs = tools::campaign_inputs(&a.corpus, &a.seed_corpus, &a.findings);
    let t = start_tool(&a.target, &r)?;
    let done = tools::coverage(&t, &inputs, report, &[]).map_err(|e| setup(format!("--coverage-report: {e:#}")));
    t.finish();
    remove_scratch(&r);
    done?;
    // Before leaving through Java's System.exit, which does not come back.
    campaign_report(campaign, Some(report));
    Ok(exit_through_java(&t, code))
}
