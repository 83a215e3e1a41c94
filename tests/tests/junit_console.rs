//! Real use case (a): profiling a JUnit 5 suite run by the JUnit Platform console launcher.
//!
//! `tests/java/junit-example` (com.acme.KeyValueParser + a Jupiter test class with a
//! parameterized test) is compiled, then run as
//! `java -agentpath:libjvmfuzz_agent.so=includes=com.acme.*,report=DIR,formats=xml+html+lcov
//!  -jar junit-platform-console-standalone.jar execute -cp ... --select-class ...`.
//! The launcher ends with `System.exit`, so this also covers writing reports on that path.
//! Asserted: all tests pass under the agent, the three reports exist, the class under test shows
//! the expected covered/missed methods, and BRANCH/METHOD counters of the class under test and of
//! the test class (array probes, `instrument::probe_shape`) equal JaCoCo's for the same run under
//! JaCoCo's agent.
//! `junit5_console_everything_instrumented` instruments all of it (JUnit Platform, Jupiter,
//! picocli, opentest4j...; everything but the JDK) under `-Xverify:all`: same test results, a
//! valid report over ~1000 classes.

use jvmfuzz_tests::jacoco::{self, get, Report};
use jvmfuzz_tests::*;
use std::time::{Duration, Instant};

const CUT: &str = "com/acme/KeyValueParser";

#[test]
fn junit5_console_launcher_under_agent() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let console = junit_console_jar();
    let tmp = TempDir::new("junit-console");
    let src = java_dir("junit-example/src");
    let main_classes = tmp.join("classes");
    let test_classes = tmp.join("test-classes");
    javac(&jdk, &java_sources(&src.join("main/java")), &[], &main_classes, &["--release", "17"]);
    javac(&jdk, &java_sources(&src.join("test/java")), &[&main_classes, &console], &test_classes, &["--release", "17"]);

    let run = |agent: Agent| {
        Java::new(&jdk, &agent)
            .arg("-jar")
            .arg(&console)
            .args(["execute", "--disable-banner", "--disable-ansi-colors", "--details=summary"])
            .arg("-cp")
            .arg(classpath(&[&main_classes, &test_classes]))
            .args(["--select-class", "com.acme.KeyValueParserTest"])
            .current_dir(tmp.path())
            .run(Duration::from_secs(300))
    };

    // JaCoCo reference.
    let exec = tmp.join("jacoco.exec");
    let jac = run(Agent::Jacoco(format!("destfile={},includes=com.acme.*", exec.display())));
    jac.assert_success();
    assert!(jac.stdout.contains("6 tests successful"), "JUnit summary under JaCoCo:\n{}", jac.dump());
    // Test classes too: the agent gives them the array probe and the class under test field
    // probes (`instrument::probe_shape`), and both must count as JaCoCo does.
    let reference = jacoco_cli_report(
        &jdk,
        &exec,
        &[&main_classes, &test_classes],
        &[&src.join("main/java")],
        &tmp.join("jacoco-ref.xml"),
    );
    assert!(reference.classes.contains_key(CUT) && reference.classes.contains_key("com/acme/KeyValueParserTest"));

    // jvmfuzz.
    let t1 = Instant::now();
    let dir = tmp.join("report");
    let out = run(Agent::Jvmfuzz(format!(
        "includes=com.acme.*,report={},formats=xml+html+lcov,sources={}",
        dir.display(),
        src.join("main/java").display()
    )));
    let t_agent = t1.elapsed();
    out.assert_success();
    assert!(out.stdout.contains("6 tests successful") && out.stdout.contains("0 tests failed"), "{}", out.dump());
    let summary = parse_agent_summary(&out.stderr);
    eprintln!("agent summary: {summary:?}");
    assert!(summary.is_some_and(|s| s.classes >= 2), "no/implausible agent summary line:\n{}", tail(&out.stderr, 2000));
    for f in ["jacoco.xml", "index.html", "lcov.info"] {
        let p = dir.join(f);
        assert!(p.is_file() && std::fs::metadata(&p).unwrap().len() > 0, "{} missing or empty", p.display());
    }
    let ours = Report::from_file(&dir.join("jacoco.xml"));
    let cut = ours.classes.get(CUT).unwrap_or_else(|| panic!("{CUT} not in the report: {:?}", ours.classes.keys()));
    let m =
        |k: &str| cut.methods.get(k).unwrap_or_else(|| panic!("{CUT}.{k} not in the report: {:?}", cut.methods.keys()));
    let parse = m("parse(Ljava/lang/String;)Ljava/util/Map;");
    assert!(get(&parse.counters, "METHOD").covered == 1, "parse not covered: {:?}", parse.counters);
    let pb = get(&parse.counters, "BRANCH");
    assert!(pb.covered > 0 && pb.missed > 0, "parse BRANCH {pb:?}: expected partial coverage");
    let render = m("render(Ljava/util/Map;)Ljava/lang/String;");
    assert_eq!(get(&render.counters, "METHOD").covered, 0, "render is never called: {:?}", render.counters);
    assert_eq!(get(&render.counters, "INSTRUCTION").covered, 0);
    assert!(get(&m("kind(Ljava/lang/String;)Ljava/lang/String;").counters, "BRANCH").covered > 0);
    // The lambda of kind() (Character::isDigit is a method ref, so no lambda$) — and the test
    // class itself is included by the glob too.
    assert!(ours.classes.contains_key("com/acme/KeyValueParserTest"), "test class not reported");

    let diffs = jacoco::diff(&reference, &ours, &["BRANCH", "METHOD"], ("JaCoCo", "jvmfuzz"))
        .into_iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>();
    for d in jacoco::diff(&reference, &ours, &["LINE", "INSTRUCTION"], ("JaCoCo", "jvmfuzz")) {
        if matches!(d, jacoco::Diff::Counter { .. }) {
            eprintln!("DIFF (informational) {d}");
        }
    }
    report_time("junit5 console launcher under jvmfuzz (JVM run)", t_agent);
    report_time("junit5_console_launcher_under_agent", t0.elapsed());
    assert!(diffs.is_empty(), "jvmfuzz differs from JaCoCo on the JUnit run:\n  {}", diffs.join("\n  "));
}

#[test]
fn junit5_console_everything_instrumented() {
    let t0 = Instant::now();
    let jdk = jdk17();
    let console = junit_console_jar();
    let tmp = TempDir::new("junit-console-all");
    let src = java_dir("junit-example/src");
    let main_classes = tmp.join("classes");
    let test_classes = tmp.join("test-classes");
    javac(&jdk, &java_sources(&src.join("main/java")), &[], &main_classes, &["--release", "17"]);
    javac(&jdk, &java_sources(&src.join("test/java")), &[&main_classes, &console], &test_classes, &["--release", "17"]);
    let dir = tmp.join("report");
    let out = Java::new(
        &jdk,
        &Agent::Jvmfuzz(format!(
            "includes=*,excludes=java.*:javax.*:jdk.*:sun.*:com.sun.*,report={},formats=xml+lcov",
            dir.display()
        )),
    )
    .strict_verify()
    .arg("-jar")
    .arg(&console)
    .args(["execute", "--disable-banner", "--disable-ansi-colors", "--details=summary"])
    .arg("-cp")
    .arg(classpath(&[&main_classes, &test_classes]))
    .args(["--select-class", "com.acme.KeyValueParserTest"])
    .current_dir(tmp.path())
    .run(Duration::from_secs(600));
    out.assert_success();
    assert!(out.stdout.contains("6 tests successful") && out.stdout.contains("0 tests failed"), "{}", out.dump());
    let summary = parse_agent_summary(&out.stderr);
    eprintln!("agent summary: {summary:?}");
    assert!(summary.is_some_and(|s| s.classes > 300), "expected hundreds of JUnit classes instrumented: {summary:?}");
    let xml_path = dir.join("jacoco.xml");
    let text =
        std::fs::read_to_string(&xml_path).unwrap_or_else(|e| panic!("{}: {e}\n{}", xml_path.display(), out.dump()));
    let doc = xml::parse(&text).unwrap_or_else(|e| panic!("jacoco.xml: {e}"));
    let mut problems = jacoco::dtd_shape_problems(&doc);
    let r = Report::from_document(&doc).unwrap_or_else(|e| panic!("jacoco.xml: {e}"));
    problems.extend(r.consistency_problems());
    problems.extend(validate_jacoco_dtd(&jdk, &xml_path));
    eprintln!("report: {} classes, BRANCH {}, LINE {}", r.classes.len(), r.total("BRANCH"), r.total("LINE"));
    assert!(r.classes.contains_key("org/junit/platform/console/ConsoleLauncher"), "JUnit's own classes not reported");
    assert!(r.classes.contains_key(CUT));
    report_time("junit5_console_everything_instrumented", t0.elapsed());
    assert!(problems.is_empty(), "report problems:\n  {}", problems.join("\n  "));
}
