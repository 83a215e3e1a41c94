//! The agent's background analysis (`analysis=background`, the default): classes analysed during
//! the run are reused at exit only if their probes have not fired since.
//!
//! `tests/java/late-coverage` runs `f`'s first branch and `Steady.g`, pauses long enough for the
//! background thread to analyse both, then runs `f`'s second branch. The report must count both
//! branches of `f` (a reused stale analysis would show one), must be the report that
//! `analysis=exit` writes, and `Steady` must have been reused.
//!
//! `late.Quiet` looks at the threads while the background thread runs: it must be attached to
//! the JVM only while it reads the flags (HotSpot's exit waits up to 300 ms for an attached
//! thread that is in native code, as a sleeping one is), and it must not take the program's
//! `Thread-0`.

use jvmfuzz_tests::jacoco::{get, Report};
use jvmfuzz_tests::*;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(120);
/// Several looks at the flags (`background::PERIOD` is 300 ms; a class is analysed once its
/// bits held still between two looks).
const PAUSE_MS: &str = "2500";

fn run(jdk: &Jdk, classes: &std::path::Path, dir: &std::path::Path, analysis: &str) -> Output {
    let opts = format!("includes=late.*,report={},formats=xml+html,verbose,analysis={analysis}", dir.display());
    let out = Java::new(jdk, &Agent::Jvmfuzz(opts)).arg("-cp").arg(classes).arg("late.Main").arg(PAUSE_MS).run(TIMEOUT);
    out.assert_success();
    assert!(out.stdout.contains("sum 3"), "{}", out.dump());
    out
}

/// The `(N analysed during the run and unchanged since)` figure of the verbose exit line.
fn reused(stderr: &str) -> Option<u64> {
    let line = stderr.lines().find(|l| l.contains("analysed during the run"))?;
    let open = line.find("classes in ")?;
    let rest = &line[open..];
    let paren = rest.find('(')?;
    rest[paren + 1..].split_whitespace().next()?.parse().ok()
}

/// The XML without its `<sessioninfo>` (ids and times differ between runs).
fn report_body(dir: &std::path::Path) -> String {
    let x = std::fs::read_to_string(dir.join("jacoco.xml")).unwrap();
    let start = x.find("<sessioninfo").expect("a sessioninfo");
    let end = start + x[start..].find("/>").unwrap() + 2;
    format!("{}{}", &x[..start], &x[end..])
}

fn check(jdk: &Jdk) {
    let tmp = TempDir::new(&format!("late-{}", jdk.label()));
    let classes = tmp.join("classes");
    javac(jdk, &java_sources(&java_dir("late-coverage/src")), &[], &classes, &["--release", "11"]);

    let bg = tmp.join("bg");
    let out = run(jdk, &classes, &bg, "background");
    let n = reused(&out.stderr).unwrap_or_else(|| panic!("no analysis line:\n{}", out.dump()));
    assert!(n >= 1, "Steady should be reused from the run:\n{}", out.dump());
    let report = Report::from_file(&bg.join("jacoco.xml"));
    let f = &report.classes["late/Main"].methods["f(I)I"];
    let b = get(&f.counters, "BRANCH");
    assert_eq!((b.covered, b.missed), (2, 0), "f's late branch must count:\n{}", out.dump());
    let g = &report.classes["late/Steady"].methods["g(I)I"];
    let b = get(&g.counters, "BRANCH");
    assert_eq!((b.covered, b.missed), (1, 1));

    let exit = tmp.join("exit");
    let out2 = run(jdk, &classes, &exit, "exit");
    assert_eq!(reused(&out2.stderr), Some(0), "{}", out2.dump());
    assert_eq!(report_body(&bg), report_body(&exit), "background and exit analyses disagree");
}

#[test]
fn late_coverage_is_reanalysed_and_steady_classes_reused() {
    check(&jdk17());
    if let Some(jdk) = jdk25_or_skip("late_coverage_is_reanalysed_and_steady_classes_reused") {
        check(&jdk);
    }
}

fn quiet(jdk: &Jdk) {
    let tmp = TempDir::new(&format!("quiet-{}", jdk.label()));
    let classes = tmp.join("classes");
    javac(jdk, &java_sources(&java_dir("late-coverage/src")), &[], &classes, &["--release", "11"]);
    let opts = format!("includes=late.*,report={},formats=xml,verbose", tmp.join("rep").display());
    let out = Java::new(jdk, &Agent::Jvmfuzz(opts)).arg("-cp").arg(&classes).arg("late.Quiet").run(TIMEOUT);
    out.assert_success();
    let looks =
        out.stderr.lines().find(|l| l.contains("looks at the flags")).unwrap_or_else(|| panic!("{}", out.dump()));
    assert!(!looks.contains(" 0 looks"), "the background thread never looked:\n{}", out.dump());
    let seen: u32 = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("samples with an agent thread: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{}", out.dump()));
    // Attached only for the microseconds of a look: one sample in five may catch it.
    assert!(seen <= 1, "the agent's thread stays attached between looks:\n{}", out.dump());
    assert!(out.stdout.contains("first thread: Thread-0"), "the agent took a Thread-N name:\n{}", out.dump());
}

#[test]
fn background_thread_is_attached_only_while_it_looks() {
    quiet(&jdk17());
    if let Some(jdk) = jdk25_or_skip("background_thread_is_attached_only_while_it_looks") {
        quiet(&jdk);
    }
}
