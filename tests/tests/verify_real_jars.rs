//! Instrument-and-verify over real-world jars.
//!
//! For each jar, `tests/java/checker` (VerifyChecker) loads and links every class (so the
//! bytecode verifier runs) without running static initialisers, once without an agent and once
//! with `-agentpath:libjvmfuzz_agent.so=includes=*,excludes=<JDK>,verbose`, both under
//! `-Xverify:all -XX:+UnlockDiagnosticVMOptions -XX:+BytecodeVerificationLocal`, on JDK 17 and
//! (if installed) JDK 25.
//!
//! The bar:
//! - no class that links without the agent fails with it (classes failing in both runs — optional
//!   dependencies missing — are fine), and the JVM must survive;
//! - at least 99 % of the classes that have code and were loaded are really rewritten: their
//!   runtime constant pool is larger than the class file's and references the shim package
//!   (`com/jvmfuzz/shim`), which no class of these jars does by itself.
//!
//! `harness_sees_jacoco_instrumentation` proves the harness itself: with JaCoCo's agent the same
//! measure reports ~100 % (marker `jacoco`), without an agent 0 %.
//!
//! Env: `JVMFUZZ_VERIFY_JARS=guava,asm-all` restricts the jar set (names as in `jars()`);
//! `JVMFUZZ_VERIFY_EXTRA=/path/a.jar:/path/b.jar` adds jars (named by file stem, so
//! `JVMFUZZ_VERIFY_JARS=a,b` then checks only those).

use jvmfuzz_tests::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Everything in the jar; the JDK stays out, as with JaCoCo's default (the agent instruments
/// JDK packages other than java.lang/jdk.internal when `includes` names them, and `*` would).
const AGENT_OPTIONS: &str = "includes=*,excludes=java.*:javax.*:jdk.*:sun.*:com.sun.*,verbose";

/// The class-name prefixes AGENT_OPTIONS excludes. A jar may bundle classes under them (the
/// Kotlin compiler ships JNA as `com.sun.jna`); the agent leaves those alone by design, so
/// they are not counted towards the 99 % (they still count for "links with the agent").
const EXCLUDED_PREFIXES: [&str; 5] = ["java.", "javax.", "jdk.", "sun.", "com.sun."];

/// The shim package every rewritten class must reference.
const SHIM_MARKER: &str = "com/jvmfuzz/shim";
const MIN_INSTRUMENTED: f64 = 0.99;
const JVM_TIMEOUT: Duration = Duration::from_secs(600);

struct JarSpec {
    name: &'static str,
    target: PathBuf,
    deps: Vec<PathBuf>,
}

fn jars() -> Vec<JarSpec> {
    let d = debian_jar;
    let mut v = vec![
        JarSpec { name: "guava", target: d("guava.jar"), deps: vec![] },
        JarSpec {
            name: "jackson-databind",
            target: d("jackson-databind.jar"),
            deps: vec![d("jackson-core.jar"), d("jackson-annotations.jar")],
        },
        JarSpec { name: "jackson-core", target: d("jackson-core.jar"), deps: vec![] },
        JarSpec { name: "groovy", target: d("groovy.jar"), deps: vec![d("asm-all.jar"), d("antlr.jar")] },
        JarSpec { name: "kotlin-stdlib", target: d("kotlin-stdlib.jar"), deps: vec![] },
        JarSpec { name: "scala-library", target: d("scala-library.jar"), deps: vec![] },
        JarSpec { name: "junit-platform-console-standalone", target: junit_console_jar(), deps: vec![] },
        JarSpec { name: "commons-lang3", target: d("commons-lang3.jar"), deps: vec![] },
        JarSpec { name: "asm-all", target: d("asm-all.jar"), deps: vec![] },
        JarSpec { name: "commons-compress", target: d("commons-compress.jar"), deps: vec![d("xz.jar")] },
        JarSpec { name: "commons-collections4", target: d("commons-collections4.jar"), deps: vec![] },
        JarSpec { name: "joda-time", target: d("joda-time.jar"), deps: vec![] },
        JarSpec { name: "commons-math3", target: d("commons-math3.jar"), deps: vec![] },
        JarSpec {
            name: "httpclient",
            target: d("httpclient.jar"),
            deps: vec![d("httpcore.jar"), d("commons-logging.jar"), d("commons-codec.jar")],
        },
        JarSpec { name: "commons-io", target: d("commons-io.jar"), deps: vec![] },
        // 22,000 classes, versions 49-52, JNA bundled under com.sun.jna (excluded as JDK-named).
        JarSpec { name: "kotlin-compiler", target: d("kotlin-compiler.jar"), deps: vec![] },
        // 1,117 version-50 classes (the old verifier's fallback path) and XSLTC's big methods.
        JarSpec { name: "xalan2", target: d("xalan2.jar"), deps: vec![] },
        JarSpec { name: "ant", target: d("ant.jar"), deps: vec![d("ant-launcher.jar")] },
    ];
    // Jars of the user's choosing, each checked alone (classes that need a missing dependency
    // fail in both runs and do not count), named by file stem for JVMFUZZ_VERIFY_JARS.
    if let Ok(extra) = std::env::var("JVMFUZZ_VERIFY_EXTRA") {
        for path in std::env::split_paths(&extra).filter(|p| !p.as_os_str().is_empty()) {
            assert!(path.is_file(), "JVMFUZZ_VERIFY_EXTRA: {} is not a file", path.display());
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            v.push(JarSpec { name: Box::leak(stem.into_boxed_str()), target: path, deps: vec![] });
        }
    }
    if let Ok(only) = std::env::var("JVMFUZZ_VERIFY_JARS") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        v.retain(|j| only.contains(&j.name));
        assert!(!v.is_empty(), "JVMFUZZ_VERIFY_JARS={only:?} selects no jar");
    }
    v
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Line {
    Ok { cp_runtime: i64, cp_file: i64, code: i64, marker: Option<bool> },
    Fail { error: String },
}

struct CheckRun {
    classes: BTreeMap<String, Line>,
    done: bool,
    out: Output,
}

fn parse_checker(out: Output) -> CheckRun {
    let mut classes = BTreeMap::new();
    let mut done = false;
    for l in out.stdout.lines() {
        if let Some(rest) = l.strip_prefix("OK ") {
            let mut it = rest.split(' ');
            let name = it.next().unwrap().to_owned();
            let mut line = Line::Ok { cp_runtime: -1, cp_file: -1, code: -1, marker: None };
            for kv in it {
                if let Line::Ok { cp_runtime, cp_file, code, marker } = &mut line {
                    if let Some(v) = kv.strip_prefix("cp=") {
                        let (a, b) = v.split_once('/').unwrap();
                        *cp_runtime = a.parse().unwrap();
                        *cp_file = b.parse().unwrap();
                    } else if let Some(v) = kv.strip_prefix("code=") {
                        *code = v.parse().unwrap();
                    } else if let Some(v) = kv.strip_prefix("marker=") {
                        *marker = match v {
                            "1" => Some(true),
                            "0" => Some(false),
                            _ => None,
                        };
                    }
                }
            }
            classes.insert(name, line);
        } else if let Some(rest) = l.strip_prefix("FAIL ") {
            let (name, error) = rest.split_once(' ').unwrap_or((rest, ""));
            classes.insert(name.to_owned(), Line::Fail { error: error.to_owned() });
        } else if l.starts_with("DONE ") {
            done = true;
        }
    }
    CheckRun { classes, done, out }
}

fn run_checker(jdk: &Jdk, agent: &Agent, jar: &JarSpec, marker: &str, cwd: &std::path::Path) -> CheckRun {
    let mut args: Vec<std::ffi::OsString> = vec![
        "--add-opens".into(),
        "java.base/java.lang=ALL-UNNAMED".into(),
        "--add-exports".into(),
        "java.base/jdk.internal.reflect=ALL-UNNAMED".into(),
        "-cp".into(),
        java_tool("checker").into(),
        "jvmfuzz.check.VerifyChecker".into(),
        "--marker".into(),
        marker.into(),
    ];
    for d in &jar.deps {
        args.push("--cp".into());
        args.push(d.into());
    }
    args.push(jar.target.clone().into());
    let out = Java::new(jdk, agent).strict_verify().args(args).current_dir(cwd).run(JVM_TIMEOUT);
    parse_checker(out)
}

/// Outcome of one jar on one JDK.
#[derive(Default)]
struct JarResult {
    problems: Vec<String>,
    summary_line: String,
}

/// Classes that have code, linked fine with the agent, and whether each looks rewritten.
struct InstrStats {
    eligible: usize,
    /// Loaded classes with code under [`EXCLUDED_PREFIXES`] (not eligible).
    excluded: usize,
    instrumented: usize,
    not_instrumented: Vec<String>,
}

fn instr_stats(run: &CheckRun, need_marker: bool) -> InstrStats {
    let mut s = InstrStats { eligible: 0, excluded: 0, instrumented: 0, not_instrumented: Vec::new() };
    for (name, l) in &run.classes {
        if let Line::Ok { cp_runtime, cp_file, code, marker } = l {
            if *code <= 0 {
                continue;
            }
            if EXCLUDED_PREFIXES.iter().any(|p| name.starts_with(p)) {
                s.excluded += 1;
                continue;
            }
            s.eligible += 1;
            let grown = cp_runtime > cp_file && *cp_file > 0;
            let marked = marker.unwrap_or(false);
            if grown && (marked || !need_marker) {
                s.instrumented += 1;
            } else {
                s.not_instrumented.push(format!("{name} (cp {cp_runtime}/{cp_file}, marker {marker:?})"));
            }
        }
    }
    s
}

#[derive(Debug, Default)]
struct Verdicts {
    /// Link without the agent, fail (or vanish) with it.
    regressions: Vec<String>,
    /// Fail both ways, with different exception classes.
    changed_errors: Vec<String>,
    /// Fail only without the agent.
    fixed: Vec<String>,
}

fn compare_runs(base: &CheckRun, with: &CheckRun) -> Verdicts {
    let mut v = Verdicts::default();
    for (name, b) in &base.classes {
        match (b, with.classes.get(name)) {
            (Line::Ok { .. }, Some(Line::Fail { error })) => v.regressions.push(format!("{name}: {error}")),
            (Line::Ok { .. }, None) if with.done => v.regressions.push(format!("{name}: missing from the agent run")),
            (Line::Fail { error: e1 }, Some(Line::Fail { error: e2 })) => {
                let c1 = e1.split(':').next().unwrap_or("");
                let c2 = e2.split(':').next().unwrap_or("");
                if c1 != c2 {
                    v.changed_errors.push(format!("{name}: without agent {e1} / with agent {e2}"));
                }
            }
            (Line::Fail { error }, Some(Line::Ok { .. })) => v.fixed.push(format!("{name}: (without agent: {error})")),
            _ => {}
        }
    }
    v
}

/// The verdict logic on synthetic checker output (no JVM): a class that links without the
/// agent and fails with it must be a regression; failing the same way in both runs must not.
#[test]
fn verdicts_on_synthetic_checker_output() {
    let out = |stdout: &str| Output {
        status: Some(0),
        stdout: stdout.to_owned(),
        stderr: String::new(),
        duration: Duration::ZERO,
        timed_out: false,
        command: String::new(),
    };
    let base = parse_checker(out(
        "OK a.A cp=10/10 code=2 marker=0\nOK a.B cp=5/5 code=0 marker=0\nFAIL a.C java.lang.NoClassDefFoundError: x/Y\nOK a.D cp=7/7 code=1 marker=0\nDONE total=4 ok=3 fail=1\n",
    ));
    let with = parse_checker(out(
        "OK a.A cp=14/10 code=2 marker=1\nOK a.B cp=5/5 code=0 marker=0\nFAIL a.C java.lang.NoClassDefFoundError: x/Y\nFAIL a.D java.lang.VerifyError: Bad type on operand stack\nDONE total=4 ok=2 fail=2\n",
    ));
    assert!(base.done && with.done);
    let v = compare_runs(&base, &with);
    assert_eq!(v.regressions, vec!["a.D: java.lang.VerifyError: Bad type on operand stack".to_string()]);
    assert!(v.changed_errors.is_empty() && v.fixed.is_empty());
    let st = instr_stats(&with, true);
    assert_eq!((st.eligible, st.instrumented), (1, 1)); // a.A only: a.B has no code, a.D failed
    let st = instr_stats(&base, true);
    assert_eq!((st.eligible, st.instrumented), (2, 0));
    // A class under a JDK package name bundled in the jar is left alone by the agent's excludes:
    // neither eligible nor a miss; one under a look-alike prefix still counts.
    let bundled = parse_checker(out(
        "OK com.sun.jna.Callback cp=46/46 code=3 marker=0\nOK com.sunny.X cp=9/9 code=1 marker=0\nDONE total=2 ok=2 fail=0\n",
    ));
    let st = instr_stats(&bundled, true);
    assert_eq!((st.eligible, st.excluded, st.instrumented), (1, 1, 0));
    // A crashed agent run (no DONE) reports no per-class regressions, only the crash.
    let crashed = parse_checker(out("OK a.A cp=14/10 code=2 marker=1\n"));
    assert!(!crashed.done);
    assert!(compare_runs(&base, &crashed).regressions.is_empty());
    assert_eq!(
        skip_reasons("jvmfuzz: skipped a/B: no code to instrument\n").get("a.B").map(String::as_str),
        Some("no code to instrument")
    );
}

/// `skipped NAME: reason` lines of the agent's verbose output, by dotted class name.
fn skip_reasons(stderr: &str) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for l in stderr.lines() {
        if let Some(i) = l.find("skipped ") {
            let rest = &l[i + "skipped ".len()..];
            if let Some((name, why)) = rest.split_once(": ") {
                if !name.contains(' ') {
                    m.insert(name.replace('/', "."), why.to_owned());
                }
            }
        }
    }
    m
}

fn check_jar(jdk: &Jdk, jar: &JarSpec) -> JarResult {
    let mut res = JarResult::default();
    let cwd = TempDir::new(&format!("verify-{}-{}", jar.name, jdk.label()));
    let t0 = Instant::now();
    let base = run_checker(jdk, &Agent::None, jar, SHIM_MARKER, cwd.path());
    let t_base = t0.elapsed();
    assert!(
        base.done && base.out.success(),
        "{} on {}: the checker fails WITHOUT the agent (harness problem):\n{}",
        jar.name,
        jdk.label(),
        base.out.dump()
    );
    let t1 = Instant::now();
    let with = run_checker(jdk, &Agent::Jvmfuzz(AGENT_OPTIONS.into()), jar, SHIM_MARKER, cwd.path());
    let t_agent = t1.elapsed();
    let tag = format!("[{} {}]", jdk.label(), jar.name);

    if !with.done || !with.out.success() {
        res.problems.push(format!(
            "{tag} JVM with the agent did not finish ({}, {} of {} classes reported); stderr tail:\n{}",
            with.out.describe_status(),
            with.classes.len(),
            base.classes.len(),
            tail(&with.out.stderr, 3000)
        ));
    }
    let Verdicts { regressions, changed_errors, fixed } = compare_runs(&base, &with);
    if !regressions.is_empty() {
        let mut m = format!("{tag} {} classes link without the agent but FAIL with it:\n", regressions.len());
        for r in regressions.iter().take(40) {
            let _ = writeln!(m, "    {r}");
        }
        if regressions.len() > 40 {
            let _ = writeln!(m, "    ... and {} more", regressions.len() - 40);
        }
        res.problems.push(m);
    }
    for c in changed_errors.iter().take(10) {
        eprintln!("{tag} NOTE different failure: {c}");
    }
    for c in fixed.iter().take(10) {
        eprintln!("{tag} NOTE fails only WITHOUT the agent: {c}");
    }

    let st = instr_stats(&with, true);
    let base_eligible = instr_stats(&base, false).eligible;
    let ratio = match (st.eligible, base_eligible) {
        (0, 0) => 1.0,
        (0, _) => 0.0,
        (e, _) => st.instrumented as f64 / e as f64,
    };
    let summary = parse_agent_summary(&with.out.stderr);
    if with.done && ratio < MIN_INSTRUMENTED {
        let mut m = format!(
            "{tag} only {}/{} ({:.2} %) of the loaded classes with code were rewritten (bar {:.0} %); e.g.:\n",
            st.instrumented,
            st.eligible,
            ratio * 100.0,
            MIN_INSTRUMENTED * 100.0
        );
        let reasons = skip_reasons(&with.out.stderr);
        for n in st.not_instrumented.iter().take(15) {
            let class = n.split(' ').next().unwrap_or("");
            let why = reasons.get(class).map(String::as_str).unwrap_or("(no `skipped` line from the agent)");
            let _ = writeln!(m, "    {n}: {why}");
        }
        let mut by_reason: BTreeMap<&str, usize> = BTreeMap::new();
        for r in reasons.values() {
            *by_reason.entry(r.as_str()).or_default() += 1;
        }
        let _ = writeln!(m, "    agent's skip reasons (all classes): {by_reason:?}");
        res.problems.push(m);
    }
    match summary {
        None if with.done => res.problems.push(format!(
            "{tag} no `jvmfuzz: instrumented N classes (M methods, P probes), skipped K classes` line on stderr; tail:\n{}",
            tail(&with.out.stderr, 1500)
        )),
        Some(s) if (s.classes as usize) < st.instrumented => res.problems.push(format!(
            "{tag} agent says it instrumented {} classes but {} loaded classes of the jar are rewritten",
            s.classes, st.instrumented
        )),
        _ => {}
    }
    let base_ok = base.classes.values().filter(|l| matches!(l, Line::Ok { .. })).count();
    let with_ok = with.classes.values().filter(|l| matches!(l, Line::Ok { .. })).count();
    res.summary_line = format!(
        "{:<34} {:>5} {:>6} {:>6} {:>5} {:>5}/{:<5} {:>7.2}% {:>6.1}s {:>6.1}s  {}",
        jar.name,
        jdk.label(),
        base.classes.len(),
        base_ok,
        with_ok,
        st.instrumented,
        st.eligible,
        ratio * 100.0,
        t_base.as_secs_f64(),
        t_agent.as_secs_f64(),
        summary
            .map(|s| format!(
                "agent: {} classes, {} methods, {} probes, {} skipped",
                s.classes, s.methods, s.probes, s.skipped
            ))
            .unwrap_or_else(|| "agent: no summary line".into())
    ) + &if st.excluded > 0 {
        format!("; {} classes under JDK package names not counted", st.excluded)
    } else {
        String::new()
    };
    eprintln!("{}", res.summary_line);
    res
}

fn verify_all(jdk: &Jdk) {
    let t0 = Instant::now();
    let so = agent_so();
    eprintln!("{}: agent {}", jdk.label(), so.display());
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    for jar in jars() {
        let r = check_jar(jdk, &jar);
        lines.push(r.summary_line);
        problems.extend(r.problems);
    }
    let mut table = format!(
        "\n{:<34} {:>5} {:>6} {:>6} {:>5} {:>11} {:>8} {:>7} {:>7}\n",
        "jar", "jdk", "classes", "ok", "okAgt", "rewritten", "ratio", "t(base)", "t(agent)"
    );
    for l in &lines {
        table.push_str(l);
        table.push('\n');
    }
    eprintln!("{table}");
    report_time(&format!("verify_real_jars {}", jdk.label()), t0.elapsed());
    if !problems.is_empty() {
        panic!("{} problem(s) on {}:\n{}", problems.len(), jdk.label(), problems.join("\n"));
    }
}

#[test]
fn verify_real_jars_jdk17() {
    verify_all(&jdk17());
}

#[test]
fn verify_real_jars_jdk25() {
    if let Some(jdk) = jdk25_or_skip("verify_real_jars_jdk25") {
        verify_all(&jdk);
    }
}

/// The harness's own measure, checked against JaCoCo's agent: with it, every class with code
/// must count as rewritten (its runtime constant pool grows and references `jacoco`); without
/// any agent, none may. If this fails, the jvmfuzz verdicts above mean nothing.
#[test]
fn harness_sees_jacoco_instrumentation() {
    let jdk = jdk17();
    let jar = JarSpec { name: "commons-lang3", target: debian_jar("commons-lang3.jar"), deps: vec![] };
    let cwd = TempDir::new("verify-jacoco");
    let exec = cwd.join("jacoco.exec");
    let t0 = Instant::now();
    let base = run_checker(&jdk, &Agent::None, &jar, "jacoco", cwd.path());
    let jac = run_checker(
        &jdk,
        &Agent::Jacoco(format!("destfile={},includes=*", exec.display())),
        &jar,
        "jacoco",
        cwd.path(),
    );
    base.out.assert_success();
    jac.out.assert_success();
    assert!(base.done && jac.done);
    assert!(base.classes.len() > 300, "commons-lang3 has {} classes?", base.classes.len());
    assert_eq!(base.classes.len(), jac.classes.len());
    for (n, l) in &base.classes {
        assert!(matches!(l, Line::Ok { .. }), "commons-lang3 class {n} fails without agent: {l:?}");
        assert!(matches!(jac.classes[n], Line::Ok { .. }), "{n} fails under JaCoCo: {:?}", jac.classes[n]);
    }
    let b = instr_stats(&base, true);
    let j = instr_stats(&jac, true);
    eprintln!(
        "harness check: without agent {}/{} rewritten, with JaCoCo {}/{} rewritten",
        b.instrumented, b.eligible, j.instrumented, j.eligible
    );
    assert_eq!(b.instrumented, 0, "classes look rewritten without any agent: {:?}", &b.not_instrumented);
    assert!(b.eligible > 250);
    // JaCoCo instruments every class with code except interfaces with only abstract methods,
    // which have no Code attribute anyway.
    assert_eq!(j.instrumented, j.eligible, "not rewritten by JaCoCo: {:?}", j.not_instrumented);
    assert!(parse_agent_summary(&jac.out.stderr).is_none());
    report_time("harness_sees_jacoco_instrumentation", t0.elapsed());
}
