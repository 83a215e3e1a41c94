//! The "first run" of fuzzer/README.md: the bundled example target (fuzzer/examples/headers)
//! has a planted bug that `fuzz` must find. Budgeted in executions: seeds 1-5 needed 83k-907k
//! (4-15 s on the 2-core machine).

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use jvmfuzz_tests as support;

#[test]
fn the_readme_example_finds_its_planted_bug() {
    let src = support::repo_root().join("fuzzer/examples/headers/src");
    let dir = support::TempDir::new("fuzz-example");
    let classes = dir.join("classes");
    support::javac(&support::jdk17(), &support::java_sources(&src), &[], &classes, &["--release", "11"]);
    let mut cmd = Command::new(fuzz_common::fuzz_bin());
    cmd.current_dir(dir.path()).arg("--cp").arg(&classes).args([
        "--harness",
        "example.HeaderParserFuzzer",
        "--runs",
        "3000000",
        "--seed",
        "1",
        "--progress",
        "plain",
    ]);
    let out = support::run(cmd, Duration::from_secs(600));
    assert_eq!(out.status, Some(1), "{}", out.dump());
    let summary = std::fs::read_to_string(dir.join("findings/summary.json")).unwrap();
    assert!(summary.contains("java.lang.NegativeArraySizeException"), "{summary}");
    assert!(summary.contains("example.HeaderParser.rangeBuffer"), "{summary}");
}
