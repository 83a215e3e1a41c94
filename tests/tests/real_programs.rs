//! Real-world code *executing* under the agent (the verify test only links classes).
//!
//! - `jacoco_cli_under_agent`: JaCoCo's own CLI (ASM, args4j, JaCoCo core/report, all shaded into
//!   one jar) generates XML + CSV reports for commons-lang3 — once without agent, once under
//!   JaCoCo's agent, once under jvmfuzz's (`includes=org.jacoco.*`), all with `-Xverify:all`.
//!   The outputs must be byte-identical (the rewritten code computes the same thing); jvmfuzz's
//!   report over ~200 real classes must be valid (report.dtd, sums) and its BRANCH/METHOD/LINE
//!   counters must equal JaCoCo's method by method.
//!   On JDK 17 and JDK 25.
//! - `kotlin_and_scala_stdlib_under_agent_*`: `tests/java/stdlib-driver` runs a spread of
//!   kotlin-stdlib 1.3 and scala-library 2.11 code (class files 50/51) with both libraries
//!   instrumented, `-Xverify:all`, JDK 17 and 25; same output as without agent; valid report.
//! - `groovy_script_under_agent`: Groovy 2.4 (class files of versions 47..52, i.e. with
//!   `jsr`/`ret` and without StackMapTable) compiles and runs a script at run time with every
//!   groovy class instrumented (`includes=groovy.*:org.codehaus.groovy.*:script*`); same stdout
//!   as without agent; valid report.
//! - `named_modules_under_agent_*`: an application module and a library module
//!   (`tests/java/named-modules`, run with `--module-path ... -m`), both instrumented, under
//!   `-Xverify:all`: their probes store into the agent's holders in the boot loader's unnamed
//!   module, which a named module does not read by default. Same output as without agent;
//!   BRANCH/METHOD/LINE equal to JaCoCo's agent's, method by method. JDK 17 and 25.

use jvmfuzz_tests::jacoco::{self, get, Report};
use jvmfuzz_tests::*;
use std::path::Path;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(600);

fn report_problems(jdk: &Jdk, xml_path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(xml_path).unwrap_or_else(|e| panic!("{}: {e}", xml_path.display()));
    let doc = match xml::parse(&text) {
        Ok(d) => d,
        Err(e) => return vec![format!("not well-formed: {e}")],
    };
    let mut p: Vec<String> = jacoco::dtd_shape_problems(&doc);
    match Report::from_document(&doc) {
        Ok(r) => p.extend(r.consistency_problems()),
        Err(e) => p.push(e),
    }
    p.extend(validate_jacoco_dtd(jdk, xml_path));
    p
}

#[test]
fn jacoco_cli_under_agent_jdk17() {
    jacoco_cli_under_agent(&jdk17());
}

#[test]
fn jacoco_cli_under_agent_jdk25() {
    if let Some(jdk) = jdk25_or_skip("jacoco_cli_under_agent_jdk25") {
        jacoco_cli_under_agent(&jdk);
    }
}

fn jacoco_cli_under_agent(jdk: &Jdk) {
    let t0 = Instant::now();
    let jdk = jdk.clone();
    let tmp = TempDir::new(&format!("real-jacoco-cli-{}", jdk.label()));
    let cli = jacoco_cli_jar();
    let lang3 = debian_jar("commons-lang3.jar");

    // An exec file to report on: commons-lang3 classes loaded under JaCoCo (VerifyChecker links
    // them; static initialisers do not run, so coverage is partial).
    let input_exec = tmp.join("input.exec");
    Java::new(&jdk, &Agent::Jacoco(format!("destfile={}", input_exec.display())))
        .arg("-cp")
        .arg(java_tool("checker"))
        .arg("jvmfuzz.check.VerifyChecker")
        .arg(&lang3)
        .current_dir(tmp.path())
        .run(TIMEOUT)
        .assert_success();

    let workload = |agent: Agent, tag: &str| -> (Output, String, String) {
        let xml = tmp.join(format!("out-{tag}.xml"));
        let csv = tmp.join(format!("out-{tag}.csv"));
        let out = Java::new(&jdk, &agent)
            .strict_verify()
            .arg("-jar")
            .arg(&cli)
            .arg("report")
            .arg(&input_exec)
            .arg("--classfiles")
            .arg(&lang3)
            .arg("--xml")
            .arg(&xml)
            .arg("--csv")
            .arg(&csv)
            .current_dir(tmp.path())
            .run(TIMEOUT);
        out.assert_success();
        let x = std::fs::read_to_string(&xml).unwrap();
        let c = std::fs::read_to_string(&csv).unwrap();
        (out, x, c)
    };
    let t1 = Instant::now();
    let (_, xml0, csv0) = workload(Agent::None, "plain");
    let t_plain = t1.elapsed();
    assert!(xml0.len() > 10_000, "the workload produced a tiny report?");
    let ref_exec = tmp.join("ref.exec");
    let t2 = Instant::now();
    let (_, xml1, csv1) =
        workload(Agent::Jacoco(format!("destfile={},includes=org.jacoco.*", ref_exec.display())), "jacoco");
    let t_jacoco = t2.elapsed();
    assert!(xml0 == xml1 && csv0 == csv1, "JaCoCo's agent changed the workload's output (harness problem)");
    let dir = tmp.join("jvmfuzz-report");
    let t3 = Instant::now();
    let (out2, xml2, csv2) = workload(
        Agent::Jvmfuzz(format!("includes=org.jacoco.*,report={},formats=xml+html+lcov", dir.display())),
        "jvmfuzz",
    );
    let t_ours = t3.elapsed();
    let summary = parse_agent_summary(&out2.stderr);
    eprintln!("agent summary: {summary:?}");
    let mut failures = Vec::new();
    if xml0 != xml2 || csv0 != csv2 {
        failures.push("the JaCoCo CLI computed a different report under jvmfuzz's agent".to_string());
    }
    if !matches!(summary, Some(s) if s.classes >= 100) {
        failures.push(format!("agent summary {summary:?}: expected > 100 instrumented classes"));
    }
    let ours_path = dir.join("jacoco.xml");
    assert!(ours_path.is_file(), "no report: {}", out2.dump());
    failures.extend(report_problems(&jdk, &ours_path).into_iter().map(|p| format!("report: {p}")));

    failures.extend(check_reduction_on(&jdk, &ref_exec, &cli, &tmp.join("cli-classes")));

    let reference = jacoco_cli_report(&jdk, &ref_exec, &[&cli], &[], &tmp.join("ref.xml"));
    let ours = Report::from_file(&ours_path);
    // JaCoCo's report lists every class of the jar; jvmfuzz only the loaded ones. Compare the
    // classes jvmfuzz reports; a class JaCoCo saw executed must be among them.
    let mut diffs = Vec::new();
    for (cn, rc) in &reference.classes {
        if !ours.classes.contains_key(cn) && get(&rc.counters, "INSTRUCTION").covered > 0 {
            diffs.push(format!("class {cn}: executed (JaCoCo) but not in jvmfuzz's report"));
        }
    }
    let mut reference = reference;
    reference.classes.retain(|cn, _| ours.classes.contains_key(cn));
    let hard = ["BRANCH", "METHOD", "LINE"];
    for d in jacoco::diff(&reference, &ours, &hard, ("JaCoCo", "jvmfuzz")) {
        diffs.push(d.to_string());
    }
    for d in jacoco::diff(&reference, &ours, &["INSTRUCTION"], ("JaCoCo", "jvmfuzz")) {
        if matches!(d, jacoco::Diff::Counter { .. }) {
            eprintln!("DIFF (informational) {d}");
        }
    }
    eprintln!(
        "compared {} classes: JaCoCo BRANCH {} LINE {}; jvmfuzz BRANCH {} LINE {}; {} differences",
        ours.classes.len(),
        reference.total("BRANCH"),
        reference.total("LINE"),
        ours.total("BRANCH"),
        ours.total("LINE"),
        diffs.len()
    );
    let l = jdk.label();
    report_time(&format!("jacoco-cli workload {l}: no agent"), t_plain);
    report_time(&format!("jacoco-cli workload {l}: JaCoCo agent"), t_jacoco);
    report_time(&format!("jacoco-cli workload {l}: jvmfuzz agent (incl. reports)"), t_ours);
    report_time(&format!("jacoco_cli_under_agent {l}"), t0.elapsed());
    if diffs.len() > 40 {
        let n = diffs.len();
        diffs.truncate(40);
        diffs.push(format!("... {} more", n - 40));
    }
    failures.extend(diffs.into_iter().map(|d| format!("vs JaCoCo: {d}")));
    assert!(failures.is_empty(), "{} problems:\n  {}", failures.len(), failures.join("\n  "));
}

/// The agent's probe reduction (`instrument::reduce`) against JaCoCo's record of the same
/// workload: every probe it leaves out must have run exactly when one of the probes it derives
/// from ran (`coverage::jacoco_exec::check_reduction`), in every class JaCoCo recorded.
fn check_reduction_on(jdk: &Jdk, exec: &Path, jar: &Path, dir: &Path) -> Vec<String> {
    use jvmfuzz_tests::jacoco_exec::{check_reduction, parse_exec};
    std::fs::create_dir_all(dir).expect("mkdir");
    let jar_tool = jdk.home.join("bin/jar");
    let st = std::process::Command::new(&jar_tool).arg("xf").arg(jar).current_dir(dir).status();
    assert!(matches!(st, Ok(s) if s.success()), "{} xf {}: {st:?}", jar_tool.display(), jar.display());
    let data = parse_exec(&std::fs::read(exec).expect("read exec")).expect("parse exec");
    let (mut classes, mut left_out, mut kept, mut problems) = (0, 0, 0, Vec::new());
    for (name, (_, probes)) in &data.classes {
        let Ok(bytes) = std::fs::read(dir.join(format!("{name}.class"))) else { continue };
        match check_reduction(&bytes, probes) {
            Ok(c) => {
                classes += 1;
                left_out += c.left_out;
                kept += c.kept;
                problems.extend(c.mismatches.into_iter().map(|m| format!("reduction: {name}.{m}")));
            }
            Err(e) => problems.push(format!("reduction: {name}: {e}")),
        }
    }
    eprintln!("reduction: {classes} classes, {left_out} probes left out, {kept} kept; {} mismatches", problems.len());
    if classes < 100 || left_out == 0 {
        problems.push(format!(
            "reduction: only {classes} classes / {left_out} left-out probes checked against JaCoCo's data"
        ));
    }
    problems
}

#[test]
fn groovy_script_under_agent() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let tmp = TempDir::new("real-groovy");
    let cp = classpath(&[&debian_jar("groovy.jar"), &debian_jar("asm-all.jar"), &debian_jar("antlr.jar")]);
    let script = r#"
        def fib
        fib = { n -> n < 2 ? n : fib(n - 1) + fib(n - 2) }
        def words = "the quick brown fox jumps over the lazy dog the end".split(' ')
        def freq = words.groupBy { it }.collectEntries { k, v -> [k, v.size()] }.sort()
        class Point { int x, y; String toString() { "(${x},${y})" } }
        def pts = (1..5).collect { new Point(x: it, y: it * it) }.findAll { it.y % 2 == 1 }
        switch (freq['the']) { case 1: println 'one'; break; case 3: println 'three'; break; default: println 'many' }
        try { Integer.parseInt('x') } catch (NumberFormatException e) { println 'nfe' } finally { println 'fin' }
        println "fib=${fib(15)} freq=${freq} pts=${pts}"
    "#;
    let run = |agent: Agent| {
        Java::new(&jdk, &agent)
            .strict_verify()
            .arg("-cp")
            .arg(&cp)
            .arg("groovy.ui.GroovyMain")
            .arg("-e")
            .arg(script)
            .current_dir(tmp.path())
            .run(TIMEOUT)
    };
    let plain = run(Agent::None);
    plain.assert_success();
    assert!(plain.stdout.contains("fib=610"), "groovy did not run the script:\n{}", plain.dump());
    let dir = tmp.join("report");
    let t1 = Instant::now();
    let ours = run(Agent::Jvmfuzz(format!(
        "includes=groovy.*:org.codehaus.groovy.*:script*:Point,report={},formats=xml",
        dir.display()
    )));
    let t_ours = t1.elapsed();
    ours.assert_success();
    assert_eq!(plain.stdout, ours.stdout, "groovy printed something else under the agent:\n{}", ours.dump());
    let summary = parse_agent_summary(&ours.stderr);
    eprintln!("agent summary: {summary:?}");
    assert!(summary.is_some_and(|s| s.classes > 500), "expected > 500 groovy classes instrumented: {summary:?}");
    let problems = report_problems(&jdk, &dir.join("jacoco.xml"));
    let r = Report::from_file(&dir.join("jacoco.xml"));
    let b = r.total("BRANCH");
    eprintln!("groovy report: {} classes, BRANCH {b}, LINE {}", r.classes.len(), r.total("LINE"));
    report_time("groovy script under jvmfuzz", t_ours);
    report_time("groovy_script_under_agent", t0.elapsed());
    assert!(problems.is_empty(), "report problems:\n  {}", problems.join("\n  "));
    assert!(b.covered > 1000 && b.missed > 1000, "implausible BRANCH totals {b:?}");
}

fn stdlib_under_agent(jdk: &Jdk) {
    let t0 = Instant::now();
    let tmp = TempDir::new(&format!("real-stdlib-{}", jdk.label()));
    let kotlin = debian_jar("kotlin-stdlib.jar");
    let scala = debian_jar("scala-library.jar");
    let classes = tmp.join("classes");
    javac(&jdk17(), &java_sources(&java_dir("stdlib-driver")), &[&kotlin, &scala], &classes, &["--release", "11"]);
    let cp = classpath(&[&classes, &kotlin, &scala]);
    let run = |agent: Agent| {
        Java::new(jdk, &agent)
            .strict_verify()
            .arg("-cp")
            .arg(&cp)
            .args(["jvmfuzz.drive.StdlibDriver", "kotlin", "scala"])
            .current_dir(tmp.path())
            .run(TIMEOUT)
    };
    let plain = run(Agent::None);
    plain.assert_success();
    assert!(plain.stdout.contains("s.option true true"), "driver did not finish:\n{}", plain.dump());
    let dir = tmp.join("report");
    let t1 = Instant::now();
    let ours = run(Agent::Jvmfuzz(format!("includes=kotlin.*:scala.*,report={},formats=xml", dir.display())));
    let t_ours = t1.elapsed();
    ours.assert_success();
    assert_eq!(plain.stdout, ours.stdout, "kotlin/scala computed something else under the agent:\n{}", ours.dump());
    let summary = parse_agent_summary(&ours.stderr);
    eprintln!("[{}] agent summary: {summary:?}", jdk.label());
    assert!(summary.is_some_and(|s| s.classes > 100), "expected > 100 classes instrumented: {summary:?}");
    let problems = report_problems(jdk, &dir.join("jacoco.xml"));
    let r = Report::from_file(&dir.join("jacoco.xml"));
    eprintln!(
        "[{}] report: {} classes, BRANCH {}, LINE {}",
        jdk.label(),
        r.classes.len(),
        r.total("BRANCH"),
        r.total("LINE")
    );
    assert!(r.classes.keys().any(|c| c.starts_with("scala/collection/immutable/Vector")));
    assert!(r.classes.keys().any(|c| c.starts_with("kotlin/collections/")));
    report_time(&format!("kotlin+scala driver under jvmfuzz {}", jdk.label()), t_ours);
    report_time(&format!("kotlin_and_scala_stdlib_under_agent {}", jdk.label()), t0.elapsed());
    assert!(problems.is_empty(), "report problems:\n  {}", problems.join("\n  "));
}

#[test]
fn kotlin_and_scala_stdlib_under_agent_jdk17() {
    stdlib_under_agent(&jdk17());
}

#[test]
fn kotlin_and_scala_stdlib_under_agent_jdk25() {
    if let Some(jdk) = jdk25_or_skip("kotlin_and_scala_stdlib_under_agent_jdk25") {
        stdlib_under_agent(&jdk);
    }
}

fn named_modules_under_agent(jdk: &Jdk) {
    let tmp = TempDir::new(&format!("real-named-modules-{}", jdk.label()));
    let src = java_dir("named-modules");
    let mods = tmp.join("mods");
    javac(jdk, &java_sources(&src), &[], &mods, &["--module-source-path", &src.to_string_lossy()]);
    let run = |agent: Agent| {
        Java::new(jdk, &agent)
            .strict_verify()
            .arg("--module-path")
            .arg(&mods)
            .args(["-m", "mapp/mapp.main.Main"])
            .current_dir(tmp.path())
            .run(TIMEOUT)
    };
    let plain = run(Agent::None);
    plain.assert_success();
    assert!(plain.stdout.contains("small/7 large/6 14"), "program did not finish:\n{}", plain.dump());

    let exec = tmp.join("jacoco.exec");
    let theirs = run(Agent::Jacoco(format!("destfile={},includes=mlib.*:mapp.*", exec.display())));
    theirs.assert_success();
    assert_eq!(plain.stdout, theirs.stdout, "JaCoCo's agent changed the output (harness problem)");

    let dir = tmp.join("report");
    let ours = run(Agent::Jvmfuzz(format!("includes=mlib.*:mapp.*,report={},formats=xml", dir.display())));
    ours.assert_success();
    assert_eq!(plain.stdout, ours.stdout, "the modules computed something else under the agent:\n{}", ours.dump());
    let summary = parse_agent_summary(&ours.stderr);
    // Every class javac wrote but the two module-info classes: Main, Main$1, Shapes,
    // Shapes$Kind, Digits, and Shapes$1 (the enum switch map) where javac still makes one
    // (17 does, 25 does not).
    let written =
        files_with_extension(&mods, "class").iter().filter(|p| !p.ends_with("module-info.class")).count() as u64;
    assert!(written >= 5, "javac wrote {written} classes");
    assert!(
        summary.is_some_and(|s| s.classes == written),
        "expected all {written} classes of both modules instrumented: {summary:?}\n{}",
        ours.dump()
    );

    let ours_path = dir.join("jacoco.xml");
    let mut failures: Vec<String> =
        report_problems(jdk, &ours_path).into_iter().map(|p| format!("report: {p}")).collect();
    let (mlib, mapp) = (mods.join("mlib"), mods.join("mapp"));
    let reference = jacoco_cli_report(jdk, &exec, &[mlib.as_path(), mapp.as_path()], &[], &tmp.join("ref.xml"));
    let ours = Report::from_file(&ours_path);
    for cn in reference.classes.keys() {
        if !ours.classes.contains_key(cn) {
            failures.push(format!("class {cn}: in JaCoCo's report, not in jvmfuzz's"));
        }
    }
    failures.extend(
        jacoco::diff(&reference, &ours, &["BRANCH", "METHOD", "LINE"], ("JaCoCo", "jvmfuzz"))
            .iter()
            .map(|d| format!("vs JaCoCo: {d}")),
    );
    eprintln!(
        "[{}] JaCoCo BRANCH {} / jvmfuzz BRANCH {}",
        jdk.label(),
        reference.total("BRANCH"),
        ours.total("BRANCH")
    );
    assert!(
        reference.total("BRANCH").total() > 10,
        "JaCoCo counted almost no branches: {:?}",
        reference.total("BRANCH")
    );
    assert!(failures.is_empty(), "{} problems:\n  {}", failures.len(), failures.join("\n  "));
}

#[test]
fn named_modules_under_agent_jdk17() {
    named_modules_under_agent(&jdk17());
}

#[test]
fn named_modules_under_agent_jdk25() {
    if let Some(jdk) = jdk25_or_skip("named_modules_under_agent_jdk25") {
        named_modules_under_agent(&jdk);
    }
}
