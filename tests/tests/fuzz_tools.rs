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
    let s = fuzz("MagicInt", &["--runs", "300000"]);
    s.assert_exit(1);
    let e = s.summary().into_iter().next().expect("a finding");
    let cp = &targets().classes;
    let input = s.findings().join(&e.id).join("input");
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("repro").arg("--cp").arg(cp).arg("--harness").arg("fuzz.MagicInt").arg(&input);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("REPRODUCED") && out.stdout.contains(&e.id), "{}", out.dump());

    let ok = s.dir.join("harmless");
    std::fs::write(&ok, b"good").unwrap();
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("repro").arg("--cp").arg(cp).arg("--harness").arg("fuzz.MagicInt").arg(&ok);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(0), "{}", out.dump());

    // minimize: the 4 magic bytes are all that is needed; the result still fails.
    let big = s.dir.join("padded");
    let mut padded = std::fs::read(&input).unwrap()[..4].to_vec();
    padded.extend_from_slice(b"some trailing bytes that do not matter");
    std::fs::write(&big, &padded).unwrap();
    let min = s.dir.join("padded.min");
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("minimize").arg("--cp").arg(cp).arg("--harness").arg("fuzz.MagicInt").arg(&big);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert_eq!(std::fs::read(&min).unwrap(), padded[..4], "{}", out.dump());

    // cmin: the session's corpus shrinks to inputs that each add coverage.
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(s.dir.path())
        .arg("cmin")
        .arg("--cp")
        .arg(cp)
        .arg("--harness")
        .arg("fuzz.MagicInt")
        .arg("--out")
        .arg("corpus.min");
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let kept = std::fs::read_dir(s.dir.join("corpus.min")).unwrap().count();
    let all = std::fs::read_dir(s.dir.join("corpus"))
        .unwrap()
        .filter(|e| !e.as_ref().unwrap().file_name().to_string_lossy().starts_with('.'))
        .count();
    assert!(kept >= 1 && kept <= all, "kept {kept} of {all}: {}", out.dump());
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
    // Filters that leave nothing to observe.
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .args(["--runs", "10", "--progress", "plain", "--excludes", "fuzz.*", "--cp"])
        .arg(cp)
        .args(["--harness", "fuzz.BadChain"]);
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("no class was instrumented"), "{}", out.dump());
    // A bad flag.
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("--frobnicate");
    let out = support::run(cmd, Duration::from_secs(60));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("--frobnicate"), "{}", out.dump());
}

#[test]
fn repro_of_a_hang_reports_a_timeout() {
    // The tools time executions with the same watchdog as the fuzz loop; a hang ends the tool.
    let dir = support::TempDir::new("fuzz-hang");
    let input = dir.path().join("hang");
    std::fs::write(&input, b"hu").unwrap();
    let mut cmd = Command::new(fuzz_bin());
    cmd.args(["repro", "--timeout", "1", "--cp"]).arg(&targets().classes).args(["--harness", "fuzz.Hang"]).arg(&input);
    cmd.env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(cmd, Duration::from_secs(120));
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("TIMEOUT") && out.stdout.contains("fuzz.Hang.fuzzerTestOneInput"), "{}", out.dump());
}

#[test]
fn verbose_reports_each_instrumented_class() {
    // The status does not matter here (MagicInt's bug may be found within the runs).
    let s = fuzz("MagicInt", &["--runs", "10", "--verbose"]);
    let line = s.out.stderr.lines().find(|l| l.starts_with("jvmfuzz: instrumented ") && l.contains("MagicInt"));
    assert!(line.is_some_and(|l| l.contains("probes")), "{}", s.out.dump());
    let quiet = fuzz("MagicInt", &["--runs", "10"]);
    assert!(!quiet.out.stderr.contains("jvmfuzz: instrumented "), "{}", quiet.out.dump());
}
