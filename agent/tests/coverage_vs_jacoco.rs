//! Our JaCoCo-model analysis against JaCoCo 0.8.14 itself, method by method.
//!
//! The Java programs in `tests/java-coverage/` are compiled with javac 17 (and with javac 25,
//! including the pattern-switch part), run twice under JaCoCo's agent with different
//! arguments (one run with `-ea`) so many branches are only partly covered, and reported
//! with JaCoCo's CLI. On our side every executed JaCoCo probe is mapped to the plan site that
//! records it (`coverage::jacoco_exec::hits_from_jacoco`), the classes are analysed with
//! `coverage::analyze_class`, written with our XML writer, and both XML files are compared
//! with `coverage::compare::diff`. JaCoCo's probe data also checks the probe reduction: every
//! probe `instrument::reduce` leaves out must have run exactly when one of its sources ran
//! (`cov/Throwing.java` throws between probes to make a wrong rule show). Then the same
//! classes are instrumented offline by our rewriter (with flow probes; with JaCoCo's probes
//! only, `counts=jacoco`; with the reduced ones, the agent's default), run with a stand-in
//! probe class that counts hits (`java-coverage/probes/`), analysed from those hits and
//! compared again. Any difference fails the test and is printed.
//!
//! Needs JDK 17 (`javac` on PATH or `JVMFUZZ_JDK17`) and JaCoCo's agent and CLI jars in
//! ~/.m2 (`scripts/fetch-test-deps.sh`): missing ones fail under CI or with
//! JVMFUZZ_REQUIRE_JAVA=1, else skip loudly. JDK 25 (`JVMFUZZ_JDK25`) is optional.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use jvmfuzz_agent::options::CountMode;
use jvmfuzz_coverage::report::{write_reports, Formats, ReportConfig};
use jvmfuzz_coverage::{
    analyze_class, analyze_class_with, ClassCoverage, ClassInput, CounterKind, MethodProbes, ProbeLayout, FILTER_NAMES,
};
use jvmfuzz_instrument::plan::PlanOptions;
use jvmfuzz_instrument::{instrument_class, InstrumentConfig, JacocoPlanner, MethodOutcome, Planner, SkipReason};
use jvmfuzz_jvm::load::profile;
use jvmfuzz_tests::compare::{diff, parse_report_xml, Difference};
use jvmfuzz_tests::jacoco_exec::{check_reduction, hits_from_jacoco, parse_exec};

/// JDK 25 (for the Java 21+ part): `JVMFUZZ_JDK25`, else the usual install path.
fn jdk25() -> String {
    std::env::var("JVMFUZZ_JDK25").unwrap_or_else(|_| "/usr/lib/jvm/temurin-25-jdk-amd64".into())
}

/// `bin/` prefix of JDK 17 (`JVMFUZZ_JDK17`), or "" to use `javac`/`java` from PATH.
fn jdk17_bin() -> String {
    std::env::var("JVMFUZZ_JDK17").map(|d| format!("{d}/bin/")).unwrap_or_default()
}

/// Missing JDK 17 or JaCoCo fails under CI (the CI script fetches them); JDK 25 is optional
/// everywhere and its absence only skips, loudly.
fn skip_or_fail(missing: &str, required: bool) {
    let must = std::env::var("JVMFUZZ_REQUIRE_JAVA").is_ok() || std::env::var("CI").is_ok();
    assert!(!(required && must), "missing {missing}");
    eprintln!("SKIPPED: missing {missing}");
}

fn m2() -> PathBuf {
    PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".m2/repository/org/jacoco")
}

fn jacoco_agent() -> PathBuf {
    m2().join("org.jacoco.agent/0.8.14/org.jacoco.agent-0.8.14-runtime.jar")
}

fn jacoco_cli() -> PathBuf {
    m2().join("org.jacoco.cli/0.8.14/org.jacoco.cli-0.8.14-nodeps.jar")
}

fn java_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/java-coverage")
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read java dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            java_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "java" || x == "class") {
            out.push(p);
        }
    }
}

fn tools_missing(jdk: Option<&str>) -> Option<String> {
    let mut need = vec![jacoco_agent(), jacoco_cli()];
    if let Some(j) = jdk {
        need.push(PathBuf::from(j).join("bin/javac"));
    }
    let missing: Vec<String> = need.iter().filter(|p| !p.exists()).map(|p| p.display().to_string()).collect();
    if Command::new(format!("{}javac", jdk17_bin())).arg("-version").output().is_err() {
        return Some("javac (JDK 17)".into());
    }
    (!missing.is_empty()).then(|| missing.join(", "))
}

/// Where one comparison works: `classes/` (javac output), JaCoCo's exec and XML, ours.
struct Work {
    dir: PathBuf,
    classes: PathBuf,
    jdk_bin: String,
    sources: Vec<PathBuf>,
}

/// The two runs every comparison makes: mode "a" without assertions, mode "b" with `-ea`.
const RUNS: [(bool, &str); 2] = [(false, "a"), (true, "b")];

/// Compiles the corpus (with javac from `jdk_bin`, or with `ecj` when given) and runs it
/// under JaCoCo; returns the work dir and JaCoCo's XML.
fn compile_and_run_jacoco(tag: &str, jdk_bin: &str, sources: &[&str], ecj: Option<&Path>) -> (Work, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("coverage-vs-jacoco-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    let classes = dir.join("classes");
    std::fs::create_dir_all(&classes).expect("mkdir");
    let mut srcs = Vec::new();
    for s in sources {
        java_files(&java_dir().join(s), &mut srcs);
    }
    let mut compile = match ecj {
        Some(jar) => {
            let mut c = Command::new(format!("{jdk_bin}java"));
            c.arg("-jar").arg(jar).arg("-17").arg("-nowarn");
            c
        }
        None => Command::new(format!("{jdk_bin}javac")),
    };
    run(compile.arg("-g").arg("-d").arg(&classes).args(&srcs));

    let exec = dir.join("jacoco.exec");
    let agent = format!("-javaagent:{}=destfile={}", jacoco_agent().display(), exec.display());
    for (ea, mode) in RUNS {
        let mut c = Command::new(format!("{jdk_bin}java"));
        if ea {
            c.arg("-ea");
        }
        run(c.arg(&agent).arg("-cp").arg(&classes).arg("cov.Main").arg(mode));
    }
    let theirs = dir.join("jacoco.xml");
    run(Command::new(format!("{}java", jdk17_bin()))
        .arg("-jar")
        .arg(jacoco_cli())
        .arg("report")
        .arg(&exec)
        .arg("--classfiles")
        .arg(&classes)
        .arg("--xml")
        .arg(&theirs)
        .arg("--name")
        .arg("JaCoCo"));
    let work = Work {
        dir,
        classes,
        jdk_bin: jdk_bin.to_string(),
        sources: sources.iter().map(|s| java_dir().join(s)).collect(),
    };
    (work, theirs)
}

/// (internal name, original bytes) of every compiled class, sorted by path.
fn class_files(w: &Work) -> Vec<(PathBuf, String, Vec<u8>)> {
    let mut files = Vec::new();
    java_files(&w.classes, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f).expect("read class");
            let cf = jvmfuzz_classfile::ClassFile::parse(&bytes).expect("parse class");
            let name = cf.this_class_name().expect("class name").into_owned();
            (f, name, bytes)
        })
        .collect()
}

/// Our analysis fed with JaCoCo's own probe data (validates plan + analysis + filters).
fn ours_from_jacoco_exec(w: &Work) -> Vec<ClassCoverage> {
    let data = parse_exec(&std::fs::read(w.dir.join("jacoco.exec")).expect("read exec")).expect("parse exec");
    let mut ours = Vec::new();
    for (_, name, bytes) in class_files(w) {
        let coverage = match data.classes.get(&name) {
            Some((_, probes)) => {
                let (methods, hits) = hits_from_jacoco(&bytes, probes)
                    .unwrap_or_else(|e| panic!("{name}: our JaCoCo probe placement differs: {e}"));
                let mp: Vec<_> = methods.iter().map(|m| m.as_probes()).collect();
                let hit = |id: u32| hits.get(id as usize).copied().unwrap_or(0);
                analyze_class(&ClassInput { bytes: &bytes, methods: &mp }, &hit)
            }
            None => analyze_class(&ClassInput { bytes: &bytes, methods: &[] }, &|_| 0),
        };
        if let Some(c) = coverage.unwrap_or_else(|e| panic!("{name}: {e}")) {
            assert!(c.skipped.is_empty(), "{name}: skipped {:?}", c.skipped);
            ours.push(c);
        }
    }
    ours
}

/// [`check_reduction`] over every class JaCoCo recorded: (probes left out, probes kept).
/// Panics on the first class where a left-out probe disagrees with JaCoCo's data.
fn check_reduction_on_exec(w: &Work) -> (usize, usize) {
    let data = parse_exec(&std::fs::read(w.dir.join("jacoco.exec")).expect("read exec")).expect("parse exec");
    let (mut left_out, mut kept) = (0, 0);
    for (_, name, bytes) in class_files(w) {
        let Some((_, probes)) = data.classes.get(&name) else { continue };
        let c = check_reduction(&bytes, probes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(c.mismatches.is_empty(), "{name}: the reduction disagrees with JaCoCo's data: {:#?}", c.mismatches);
        left_out += c.left_out;
        kept += c.kept;
    }
    (left_out, kept)
}

/// Our rewriter, a stand-in probe class that counts hits, our analysis. With
/// `flow_probes: false` (fuzzer mode) the analysis approximates (see `coverage/approx.rs`).
fn ours_from_rewriter(w: &Work, flow_probes: bool) -> Vec<ClassCoverage> {
    ours_from_rewriter_as(w, flow_probes, ProbeLayout::Full)
}

/// [`ours_from_rewriter`] with the probes `layout` names (`JacocoOnly`: JaCoCo's probes only,
/// `counts=jacoco`; `JacocoReduced`: the agent's default plan).
fn ours_from_rewriter_as(w: &Work, flow_probes: bool, layout: ProbeLayout) -> Vec<ClassCoverage> {
    // The agent's own planners for `counts=jacoco` and `counts=covered`.
    let planner: &dyn Planner = match layout {
        ProbeLayout::JacocoOnly => profile::planner(CountMode::Jacoco),
        ProbeLayout::JacocoReduced => profile::planner(CountMode::Covered),
        ProbeLayout::Full => &JacocoPlanner,
    };
    let tag = match layout {
        ProbeLayout::JacocoOnly => "jacoco-only".to_string(),
        ProbeLayout::JacocoReduced => "reduced".to_string(),
        ProbeLayout::Full => flow_probes.to_string(),
    };
    let inst = w.dir.join(format!("instrumented-{tag}"));
    let cfg = InstrumentConfig {
        plan_options: PlanOptions { flow_probes },
        probe_class: "jvmfuzztest/HitProbes".into(),
        probe_method: "hit".into(),
        probe_descriptor: "(I)V".into(),
        probe_flags: None,
    };
    let mut next_id = 0u32;
    let mut records = Vec::new();
    for (path, name, bytes) in class_files(w) {
        let mut alloc = |n: u32| {
            let first = next_id;
            next_id += n;
            first
        };
        let out = instrument_class(&bytes, &cfg, &mut alloc, planner).unwrap_or_else(|e| panic!("{name}: {e}"));
        for m in &out.methods {
            if let MethodOutcome::Skipped(r) = &m.outcome {
                assert!(
                    matches!(r, SkipReason::Abstract | SkipReason::Native),
                    "{name}.{}{} not instrumented: {r:?}",
                    m.name,
                    m.descriptor
                );
            }
        }
        let rel = path.strip_prefix(&w.classes).expect("under classes");
        let dest = inst.join(rel);
        std::fs::create_dir_all(dest.parent().expect("parent")).expect("mkdir");
        std::fs::write(&dest, &out.bytes).expect("write instrumented");
        records.push((name, bytes, out.methods));
    }
    let probes_src = java_dir().join("probes/jvmfuzztest/HitProbes.java");
    run(Command::new(format!("{}javac", w.jdk_bin)).arg("-d").arg(&inst).arg(&probes_src));
    let hits_file = w.dir.join(format!("hits-{tag}.txt"));
    for (ea, mode) in RUNS {
        let mut c = Command::new(format!("{}java", w.jdk_bin));
        if ea {
            c.arg("-ea");
        }
        run(c
            .arg("-Xverify:all")
            .arg(format!("-Djvmfuzz.hits={}", hits_file.display()))
            .arg("-cp")
            .arg(&inst)
            .arg("cov.Main")
            .arg(mode));
    }
    let mut hits = vec![0u64; next_id as usize];
    for line in std::fs::read_to_string(&hits_file).expect("hits file").lines() {
        let mut it = line.split(' ');
        let (Some(id), Some(n)) = (it.next(), it.next()) else { panic!("bad hits line {line:?}") };
        let id: usize = id.parse().expect("id");
        assert!(id < hits.len(), "probe id {id} was never allocated");
        hits[id] += n.parse::<u64>().expect("count");
    }
    let mut ours = Vec::new();
    for (name, bytes, methods) in &records {
        let mp: Vec<MethodProbes<'_>> = methods
            .iter()
            .filter_map(|m| match m.outcome {
                MethodOutcome::Instrumented { first_probe, probe_count } => {
                    Some(MethodProbes { name: &m.name, descriptor: &m.descriptor, first_probe, probe_count })
                }
                MethodOutcome::Skipped(_) => None,
            })
            .collect();
        let hit = |id: u32| hits.get(id as usize).copied().unwrap_or(0);
        if let Some(c) = analyze_class_with(&ClassInput { bytes, methods: &mp }, &hit, layout)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
        {
            assert!(c.methods.iter().all(|m| m.instrumented), "{name}: probe ranges did not fit the plan");
            assert!(c.methods.iter().all(|m| m.approximate != flow_probes), "{name}: wrong exactness");
            ours.push(c);
        }
    }
    ours
}

/// Writes our reports for `ours` and diffs our XML with JaCoCo's; returns the number of
/// methods JaCoCo reported, the differences and the filters that fired.
fn diff_with_jacoco(
    w: &Work,
    tag: &str,
    theirs: &Path,
    ours: &[ClassCoverage],
) -> (usize, Vec<Difference>, BTreeSet<&'static str>) {
    let cfg = ReportConfig {
        dir: w.dir.join(format!("ours-{tag}")),
        formats: Formats { xml: true, html: true, lcov: true },
        sources: w.sources.clone(),
        name: "JaCoCo".into(),
        sessions: vec![],
    };
    let summary = write_reports(&cfg, ours).expect("write reports");
    println!("{tag}:\n{}", summary.table());

    let expected = parse_report_xml(&std::fs::read_to_string(theirs).expect("their xml")).expect("parse theirs");
    let actual =
        parse_report_xml(&std::fs::read_to_string(cfg.dir.join("jacoco.xml")).expect("our xml")).expect("parse ours");
    let mut d = diff(&expected, &actual, &CounterKind::ALL, true);
    // Report-level totals and the methods' first lines too.
    for k in CounterKind::ALL {
        let (x, y) =
            (expected.total.get(&k).copied().unwrap_or_default(), actual.total.get(&k).copied().unwrap_or_default());
        if x != y {
            d.push(Difference {
                what: "report".into(),
                kind: Some(k),
                expected: format!("{}/{}", x.missed, x.covered),
                actual: format!("{}/{}", y.missed, y.covered),
            });
        }
    }
    for (k, l) in &expected.method_lines {
        if actual.method_lines.get(k) != Some(l) {
            d.push(Difference {
                what: k.to_string(),
                kind: None,
                expected: format!("line {l:?}"),
                actual: format!("line {:?}", actual.method_lines.get(k)),
            });
        }
    }
    let mut fired: BTreeSet<&'static str> =
        ours.iter().flat_map(|c| &c.methods).flat_map(|m| m.filters.iter().copied()).collect();
    fired.extend(ours.iter().flat_map(|c| &c.hidden).flat_map(|h| h.1.iter().copied()));
    (expected.methods.len(), d, fired)
}

fn report_differences(tag: &str, methods: usize, d: &[Difference]) {
    for x in d {
        println!("{tag}: {x}");
    }
    let branch = d.iter().filter(|x| x.kind == Some(CounterKind::Branch)).count();
    println!("{tag}: {methods} methods compared, {} differences ({branch} BRANCH)", d.len());
    assert!(methods > 50, "{tag}: too few methods compared ({methods}): did the programs compile?");
    assert!(d.is_empty(), "{tag}: {} differences from JaCoCo (see above)", d.len());
}

/// Filters no compiler used here triggers (javac 7-10 shapes).
const NEVER_FIRED: [&str; 1] = ["try-with-resources-javac7"];
/// Filters for ecj (and Kotlin) shapes only.
const ECJ_ONLY: [&str; 2] = ["string-switch", "try-with-resources-ecj"];
/// Filters for javac shapes only.
const JAVAC_ONLY: [&str; 2] = ["string-switch-javac", "try-with-resources-javac11"];

fn check(tag: &str, jdk_bin: &str, sources: &[&str], ecj: Option<&Path>, also_unfired: &[&str]) {
    let (w, theirs) = compile_and_run_jacoco(tag, jdk_bin, sources, ecj);

    // 1. JaCoCo's probe data through our plan, analysis and filters.
    let (methods, d, fired) = diff_with_jacoco(&w, "exec", &theirs, &ours_from_jacoco_exec(&w));
    println!("{tag}: filters that fired: {fired:?}");
    let unfired: Vec<&str> = FILTER_NAMES
        .iter()
        .copied()
        .filter(|f| !fired.contains(f) && !NEVER_FIRED.contains(f) && !also_unfired.contains(f))
        .collect();
    report_differences(&format!("{tag}/exec"), methods, &d);
    assert!(unfired.is_empty(), "{tag}: the Java corpus no longer exercises filters {unfired:?}");

    // 2. Our rewriter's probes, end to end (offline instrumentation + stand-in probe class).
    let (methods, d, _) = diff_with_jacoco(&w, "rewriter", &theirs, &ours_from_rewriter(&w, true));
    report_differences(&format!("{tag}/rewriter"), methods, &d);

    // 1b. The probe reduction against JaCoCo's data: every probe it leaves out ran exactly
    // when one of its sources ran.
    let (left_out, kept) = check_reduction_on_exec(&w);
    println!(
        "{tag}: reduction leaves out {left_out} of {} JaCoCo probes, all consistent with JaCoCo's data",
        left_out + kept
    );
    assert!(left_out > 0, "{tag}: the corpus no longer has a probe the reduction leaves out");

    // 2b. JaCoCo's probes only (`counts=jacoco`).
    let ours = ours_from_rewriter_as(&w, true, ProbeLayout::JacocoOnly);
    let (methods, d, _) = diff_with_jacoco(&w, "rewriter-jacoco-only", &theirs, &ours);
    report_differences(&format!("{tag}/rewriter-jacoco-only"), methods, &d);

    // 2c. The agent's default plan: the reduced JaCoCo probes, the rest rebuilt by the analysis.
    let ours = ours_from_rewriter_as(&w, true, ProbeLayout::JacocoReduced);
    let (methods, d, _) = diff_with_jacoco(&w, "rewriter-reduced", &theirs, &ours);
    report_differences(&format!("{tag}/rewriter-reduced"), methods, &d);

    // 3. Fuzzer-mode instrumentation (entry + arms only): approximate, so only report.
    let (_, d, _) = diff_with_jacoco(&w, "fuzz-mode", &theirs, &ours_from_rewriter(&w, false));
    let method_diffs: BTreeSet<&str> =
        d.iter().filter(|x| x.what.contains('(') && x.kind.is_some()).map(|x| x.what.as_str()).collect();
    for x in &d {
        println!("{tag}/fuzz-mode (approximate): {x}");
    }
    println!("{tag}/fuzz-mode (approximate): {} of {methods} methods differ from JaCoCo", method_diffs.len());
}

#[test]
fn coverage_javac17_matches_jacoco() {
    if let Some(m) = tools_missing(None) {
        return skip_or_fail(&m, true);
    }
    let mut unfired = vec!["record-pattern"];
    unfired.extend(ECJ_ONLY);
    check("javac17", &jdk17_bin(), &["src17"], None, &unfired);
}

#[test]
fn coverage_javac25_matches_jacoco() {
    if let Some(m) = tools_missing(None) {
        return skip_or_fail(&m, true);
    }
    if let Some(m) = tools_missing(Some(&jdk25())) {
        return skip_or_fail(&format!("{m} (JDK 25: set JVMFUZZ_JDK25)"), false);
    }
    check("javac25", &format!("{}/bin/", jdk25()), &["src17", "src21"], None, &ECJ_ONLY);
}

/// The Eclipse compiler's shapes (ecj from Maven Central, `org.eclipse.jdt:ecj:3.33.0`):
/// its string switch, try-with-resources and synchronized code. Optional: skipped loudly
/// when the jar is not in ~/.m2 (`mvn dependency:get -Dartifact=org.eclipse.jdt:ecj:3.33.0`).
#[test]
fn coverage_ecj_matches_jacoco() {
    if let Some(m) = tools_missing(None) {
        return skip_or_fail(&m, true);
    }
    let ecj = PathBuf::from(std::env::var("HOME").unwrap_or_default())
        .join(".m2/repository/org/eclipse/jdt/ecj/3.33.0/ecj-3.33.0.jar");
    if !ecj.exists() {
        // scripts/fetch-test-deps.sh fetches it, so under CI a missing jar is a failure.
        return skip_or_fail(&ecj.display().to_string(), true);
    }
    let mut unfired = vec!["record-pattern"];
    unfired.extend(JAVAC_ONLY);
    check("ecj", &jdk17_bin(), &["src17"], Some(&ecj), &unfired);
}

/// A large real-world corpus: the JDK's own `java.util` classes (javac output of the JDK
/// build, ~1300 classes), exercised by `java-coverage/workload` under JaCoCo with bootstrap
/// instrumentation, compared with our analysis of the same class files fed with JaCoCo's
/// probe data. About 8 s in a release build (about a minute in a debug build).
#[test]
fn coverage_jdk_java_util_matches_jacoco() {
    let jdk = std::env::var("JVMFUZZ_JDK17").unwrap_or_else(|_| "/usr/lib/jvm/java-17-openjdk-amd64".into());
    if let Some(m) = tools_missing(None) {
        return skip_or_fail(&m, true);
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("coverage-vs-jacoco-jdk");
    let _ = std::fs::remove_dir_all(&dir);
    let extracted = dir.join("jdk");
    run(Command::new(format!("{jdk}/bin/jimage"))
        .arg("extract")
        .arg("--dir")
        .arg(&extracted)
        .arg("--include")
        .arg("regex:/java.base/java/util/.*")
        .arg(format!("{jdk}/lib/modules")));
    let wl = dir.join("workload");
    run(Command::new(format!("{jdk}/bin/javac")).arg("-d").arg(&wl).arg(java_dir().join("workload/wl/Workload.java")));
    let exec = dir.join("jacoco.exec");
    for arg in ["300", "7"] {
        run(Command::new(format!("{jdk}/bin/java"))
            .arg(format!(
                "-javaagent:{}=destfile={},inclbootstrapclasses=true,includes=java.util.*",
                jacoco_agent().display(),
                exec.display()
            ))
            .arg("-cp")
            .arg(&wl)
            .arg("wl.Workload")
            .arg(arg));
    }
    let classes = extracted.join("java.base");
    let theirs = dir.join("jacoco.xml");
    run(Command::new(format!("{}java", jdk17_bin()))
        .arg("-jar")
        .arg(jacoco_cli())
        .arg("report")
        .arg(&exec)
        .arg("--classfiles")
        .arg(&classes)
        .arg("--xml")
        .arg(&theirs)
        .arg("--name")
        .arg("JaCoCo"));
    let w = Work { dir, classes, jdk_bin: format!("{jdk}/bin/"), sources: vec![] };
    let (methods, d, fired) = diff_with_jacoco(&w, "jdk", &theirs, &ours_from_jacoco_exec(&w));
    println!("jdk: filters that fired: {fired:?}");
    report_differences("jdk", methods, &d);
}
