//! End-to-end: `fuzz coverage` replays inputs and writes the coverage they reach through the
//! profiler's analysis. The same inputs replayed by `fuzz repro` under JaCoCo's agent give
//! JaCoCo's own report: branch and method counters must be equal.

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{fuzz_bin, targets};
use jvmfuzz_tests::{self as support, jacoco, TempDir};

#[test]
fn replayed_inputs_give_jacocos_branch_counters() {
    let dir = TempDir::new("fuzz-coverage");
    let inputs = dir.join("inputs");
    std::fs::create_dir_all(&inputs).unwrap();
    // BadChain: a shorter input, then each longer prefix of "bad!" (without the bug itself).
    for (i, s) in ["x", "xxxx", "bxxx", "baxx"].iter().enumerate() {
        std::fs::write(inputs.join(format!("in{i}")), s).unwrap();
    }
    let classes = &targets().classes;
    let run = |args: &[&str]| {
        let mut cmd = Command::new(fuzz_bin());
        cmd.current_dir(dir.path()).args(args).env("JAVA_HOME", support::jdk17().home.clone());
        support::run(cmd, Duration::from_secs(300))
    };
    let cp = classes.to_string_lossy().to_string();
    let report = dir.join("report");
    let out = run(&[
        "coverage",
        "--cp",
        &cp,
        "--harness",
        "fuzz.BadChain",
        "--includes",
        "fuzz.BadChain",
        "--report",
        report.to_str().unwrap(),
        inputs.to_str().unwrap(),
    ]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let ours = jacoco::Report::from_file(&report.join("jacoco.xml"));

    let exec = dir.join("jacoco.exec");
    let agent = format!(
        "--jvm-arg=-javaagent:{}=destfile={},includes=fuzz.BadChain",
        support::jacoco_agent_jar().display(),
        exec.display()
    );
    let mut args = vec!["repro", "--cp", &cp, "--harness", "fuzz.BadChain", &agent];
    let files: Vec<String> = (0..4).map(|i| inputs.join(format!("in{i}")).to_string_lossy().to_string()).collect();
    args.extend(files.iter().map(String::as_str));
    let replay = run(&args);
    assert_eq!(replay.status, Some(0), "{}", replay.dump());
    let reference = support::jacoco_cli_report(&support::jdk17(), &exec, &[classes], &[], &dir.join("jacoco-ref.xml"));
    let mut reference = reference;
    reference.classes.retain(|n, _| n == "fuzz/BadChain");
    assert!(reference.classes.contains_key("fuzz/BadChain"), "JaCoCo's report has no fuzz/BadChain");
    let d = jacoco::diff(&reference, &ours, &["BRANCH", "METHOD"], ("JaCoCo", "fuzz coverage"));
    assert!(d.is_empty(), "{d:#?}");
    let b = jacoco::get(&ours.classes["fuzz/BadChain"].counters, "BRANCH");
    assert!(b.covered > 0 && b.missed > 0, "the inputs leave BadChain partly covered: {b:?}");
}

#[test]
fn a_campaign_writes_the_coverage_of_its_corpus_and_findings() {
    // The bug of BadChain needs every branch arm's true side; the corpus holds the false sides.
    let s = fuzz_common::fuzz("BadChain", &["--runs", "2000000", "--coverage-report", "coverage"]);
    s.assert_exit(1);
    let report = jacoco::Report::from_file(&s.dir.join("coverage").join("jacoco.xml"));
    let m = report.method("fuzz/BadChain", "fuzzerTestOneInput([B)V").expect("BadChain in the campaign's report");
    let b = jacoco::get(&m.counters, "BRANCH");
    assert_eq!((b.covered, b.missed), (10, 0), "{b:?}\n{}", s.out.dump());
}
