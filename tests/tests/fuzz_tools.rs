//! End-to-end: `fuzz repro` of a saved finding, an unmodified Jazzer harness, and set-up
//! errors (exit status 2 with a message that says what is wrong).

mod fuzz_common;

use std::process::Command;
use std::time::Duration;

use fuzz_common::{execs_to_find, fuzz, fuzz_bin, fuzz_cp, targets};
use jvmfuzz_tests as support;

fn tool(args: &[&str], cp: &std::path::Path, harness: &str) -> support::Output {
    let mut cmd = Command::new(fuzz_bin());
    cmd.args(args).arg("--cp").arg(cp).arg("--harness").arg(harness);
    cmd.env("JAVA_HOME", support::jdk17().home.clone());
    support::run(cmd, Duration::from_secs(120))
}

#[test]
fn repro_replays_a_saved_finding() {
    let s = fuzz("BadChain", &["--runs", "300000"]);
    s.assert_exit(1);
    let e = s.summary().into_iter().next().expect("a finding");
    let cp = &targets().classes;
    let input = s.findings().join(&e.id).join("input");
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("repro").arg("--cp").arg(cp).arg("--harness").arg("fuzz.BadChain").arg(&input);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("REPRODUCED") && out.stdout.contains(&e.id), "{}", out.dump());

    let ok = s.dir.join("harmless");
    std::fs::write(&ok, b"good").unwrap();
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("repro").arg("--cp").arg(cp).arg("--harness").arg("fuzz.BadChain").arg(&ok);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(0), "{}", out.dump());
}

#[test]
fn runs_an_unmodified_jazzer_harness() {
    let t = targets();
    let s = fuzz_cp("JazzerStyle", &[&t.classes, &t.jazzer_api], &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
    let e = s.summary().into_iter().next().unwrap();
    assert!(e.message.contains("n=42"), "{e:?}");
}

#[test]
fn set_up_errors_exit_2_with_a_useful_message() {
    let cp = &targets().classes;
    // Missing class path entry.
    let out = tool(&["--runs", "10"], std::path::Path::new("/nonexistent/app.jar"), "fuzz.BadChain");
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("/nonexistent/app.jar") && out.stderr.contains("does not exist"), "{}", out.dump());
    // Harness class not on the class path.
    let dir = support::TempDir::new("fuzz-setup");
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path()).args(["--runs", "10", "--cp"]).arg(cp).args(["--harness", "fuzz.NoSuchClass"]);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("fuzz.NoSuchClass") && out.stderr.contains("not found"), "{}", out.dump());
    // A class without fuzzerTestOneInput.
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path()).args(["--runs", "10", "--cp"]).arg(cp).args(["--harness", "fuzz.NoHarness"]);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("no method `public static void fuzzerTestOneInput(byte[])`"), "{}", out.dump());
    // A bad flag.
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("--frobnicate");
    let out = support::run(cmd, Duration::from_secs(60));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("--frobnicate"), "{}", out.dump());
}
