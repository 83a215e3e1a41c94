//! The `fuzz` binary's command line without a JVM: help, usage errors, exit status 2. (Also
//! makes `cargo test --workspace` build the binary, which tests/tests/fuzz_*.rs run.)

use std::process::Command;

fn fuzz(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fuzz")).args(args).output().expect("run fuzz")
}

#[test]
fn help_has_examples_and_exit_codes() {
    let out = fuzz(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "--cp",
        "--harness",
        "--max-total-time",
        "--runs",
        "--jobs",
        "--dict",
        "EXAMPLES",
        "EXIT STATUS",
        "fuzz repro",
        "--verbose",
        "--drivers-out",
    ] {
        assert!(text.contains(needle), "help lacks {needle}:\n{text}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let out = fuzz(&["--harness", "a.B"]);
    assert_eq!(out.status.code(), Some(2), "missing --cp");
    let out = fuzz(&["--cp", "/definitely/missing.jar", "--harness", "a.B"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/definitely/missing.jar") && err.contains("does not exist"), "{err}");
    let out = fuzz(&["--cp", "/", "--harness", "a/B.class"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("binary name"));
    let out = fuzz(&["--cp", "/", "--harness", "a.B", "--timeout", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = fuzz(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
}
