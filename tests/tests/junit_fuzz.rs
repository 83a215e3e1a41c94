//! The JUnit integration end to end: `fuzz junit-jar --install` puts jvmfuzz-junit.jar into the
//! local Maven repository, and the Maven project tests/junit-fuzz (fuzz tests of ours, byte[]
//! and typed, one written for Jazzer's JUnit integration and left unchanged, and plain tests)
//! goes through what a team does with it:
//! 1. `JVMFUZZ_FUZZ=1 mvn test` fuzzes every fuzz test in one run, fails, and saves each
//!    crash-<sha1> in the method's Inputs folder (plus a JUnit reproducer of the typed one);
//! 2. `mvn test` replays them: exactly the three replays fail, the plain tests pass;
//! 3. with the crash files removed, `mvn test` passes.
//!
//! And the findings that end the test JVM (an input that hangs, one that crashes it natively,
//! one past JVMFUZZ_RSS_LIMIT_MB): each input is saved and the fuzz test named before it ends.
//! A typed fuzz test (records, enums, ranges) and jvmfuzz-junit's own FuzzedDataProvider too.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use jvmfuzz_tests::*;

mod fuzz_common;

/// Installs this build's jvmfuzz-junit where Maven finds it, once per test process (the tests
/// run in parallel, each with a JVM reading the installed jar).
fn install_jar() {
    fuzz_common::junit_jar(true);
}

/// A copy of tests/junit-fuzz with jvmfuzz-junit installed where Maven finds it.
fn project(tmp: &TempDir) -> PathBuf {
    install_jar();
    let proj = tmp.join("proj");
    copy_dir(&tests_dir().join("junit-fuzz"), &proj);
    for generated in ["target", ".jvmfuzz-corpus", ".jvmfuzz-findings", "src/test/resources"] {
        let _ = std::fs::remove_dir_all(proj.join(generated));
    }
    proj
}

fn mvn(project: &Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = Command::new("mvn");
    cmd.current_dir(project)
        .env("JAVA_HOME", &jdk17().home)
        .env_remove("MAVEN_OPTS")
        .env_remove("JVMFUZZ_FUZZ")
        .env_remove("JAZZER_FUZZ")
        .args(["-o", "-B", "-Dstyle.color=never", "test"])
        .args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    if let Some(repo) = std::env::var_os("MAVEN_REPO_LOCAL") {
        cmd.arg(format!("-Dmaven.repo.local={}", repo.to_string_lossy()));
    }
    run(cmd, Duration::from_secs(900))
}

/// The files saved for `class`'s fuzz test `method`.
fn saved(project: &Path, class: &str, method: &str) -> Vec<PathBuf> {
    let dir = project.join("src/test/resources/com/example").join(format!("{class}Inputs")).join(method);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files
}

/// The one file saved for `class`'s fuzz test `method`, whose name starts with `prefix`.
fn one_saved(project: &Path, class: &str, method: &str, prefix: &str, out: &Output) -> PathBuf {
    let files = saved(project, class, method);
    assert!(
        files.len() == 1 && files[0].file_name().unwrap().to_string_lossy().starts_with(prefix),
        "{class}.{method}: expected one {prefix}* file, found {files:?}\n{}",
        out.dump()
    );
    files[0].clone()
}

/// (test case name, failed) of every test case in the Surefire XML reports.
fn surefire_cases(project: &Path) -> Vec<(String, bool)> {
    let mut cases = Vec::new();
    let dir = project.join("target/surefire-reports");
    for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("TEST-") && name.ends_with(".xml")) {
            continue;
        }
        let xml = std::fs::read_to_string(e.path()).unwrap();
        for part in xml.split("<testcase ").skip(1) {
            let body = part.split("</testcase>").next().unwrap_or(part);
            let case = part.split("name=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("?");
            let class = part.split("classname=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("?");
            let failed = body.contains("<error") || body.contains("<failure");
            cases.push((format!("{class}.{case}"), failed));
        }
    }
    cases.sort();
    cases
}

const FUZZ_TESTS: [(&str, &str); 3] =
    [("ParserFuzzTest", "parses"), ("ParserFuzzTest", "discount"), ("JazzerStyleFuzzTest", "headers")];

#[test]
fn fuzz_then_replay_then_pass() {
    let tmp = TempDir::new("junit-fuzz");
    let proj = project(&tmp);

    // 1. Fuzz mode: every fuzz test, one after another, in one test JVM.
    let cov = tmp.join("coverage");
    let cov_dir = cov.to_string_lossy().into_owned();
    let out = mvn(
        &proj,
        &[
            ("JVMFUZZ_FUZZ", "1"),
            ("JVMFUZZ_MAX_DURATION", "180s"),
            ("JVMFUZZ_SEED", "7"),
            ("JVMFUZZ_COVERAGE", &cov_dir),
        ],
        &[],
    );
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success(), "fuzz mode found nothing:\n{}", out.dump());
    for (class, method) in FUZZ_TESTS {
        assert!(
            text.contains(&format!("jvmfuzz: fuzzing com.example.{class}.{method}")),
            "{class}.{method} was not fuzzed:\n{}",
            out.dump()
        );
        one_saved(&proj, class, method, "crash-", &out);
    }
    for planted in ["planted bug: record kind 0x7f", "ArithmeticException", "planted bug: debug mode header"] {
        assert!(text.contains(planted), "`{planted}` not reported:\n{}", out.dump());
    }
    // The typed finding's reproducer: the arguments as Java values.
    let repro =
        proj.join(".jvmfuzz-findings/com.example.ParserFuzzTest/discount/ParserFuzzTest_discount_Reproducer.java");
    let source = std::fs::read_to_string(&repro).unwrap_or_else(|e| panic!("{}: {e}\n{}", repro.display(), out.dump()));
    assert!(source.contains("\"SPRING24\"") && source.contains(".discount("), "{source}");
    // JVMFUZZ_COVERAGE: the code the fuzz tests reached, as JaCoCo XML. Parser's planted bug
    // sits behind all of its branches but one arm, so fuzzing to it covers nearly all.
    let xml = std::fs::read_to_string(cov.join("jacoco.xml"))
        .unwrap_or_else(|e| panic!("no coverage report: {e}\n{}", out.dump()));
    let parser = xml.split("<class name=\"com/example/Parser\"").nth(1).expect("Parser in the coverage report");
    let parser = parser.split("</class>").next().unwrap_or_default();
    let branch = parser.rsplit("<counter type=\"BRANCH\"").next().unwrap_or_default();
    let covered: u32 =
        branch.split("covered=\"").nth(1).and_then(|s| s.split('"').next()).and_then(|s| s.parse().ok()).unwrap_or(0);
    assert!(covered >= 10, "Parser's branches covered by fuzzing: {covered}\n{parser}");
    // The corpus of each fuzz test is kept for the next fuzzing run.
    assert!(proj.join(".jvmfuzz-corpus/com.example.ParserFuzzTest/parses").is_dir());

    // 2. Regression mode: the saved inputs fail their replays, nothing else fails.
    let out = mvn(&proj, &[], &[]);
    assert!(!out.success(), "the replays passed:\n{}", out.dump());
    let cases = surefire_cases(&proj);
    let failed: Vec<&String> = cases.iter().filter(|c| c.1).map(|c| &c.0).collect();
    assert_eq!(failed.len(), 3, "expected the 3 replays to fail: {cases:?}");
    for (class, method) in FUZZ_TESTS {
        assert!(failed.iter().any(|f| f.contains(class) && f.contains(method)), "{class}.{method}: {cases:?}");
    }
    for plain in ["plainTest", "plainJazzerStyleTest"] {
        assert!(cases.iter().any(|c| c.0.ends_with(plain) && !c.1), "{plain} did not pass: {cases:?}");
    }
    // Each fuzz test also ran on the empty input (and passed).
    assert_eq!(cases.len(), 3 * 2 + 2, "{cases:?}");

    // 3. The crash files removed: everything passes.
    // (Only the Inputs folders: with no src/test/resources at all, inputs would be read from the
    // class path, where Maven's stale copies stay until `mvn clean`.)
    std::fs::remove_dir_all(proj.join("src/test/resources/com")).unwrap();
    let out = mvn(&proj, &[], &[]);
    assert!(out.success(), "mvn test fails without the crash files:\n{}", out.dump());
}

#[test]
fn a_hanging_input_is_saved_and_named() {
    let tmp = TempDir::new("junit-hang");
    let proj = project(&tmp);
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "3")], &["-Dtest=HangFuzzCheck"]);
    assert!(!out.success(), "{}", out.dump());
    let input = std::fs::read(one_saved(&proj, "HangFuzzCheck", "loops", "timeout-", &out)).unwrap();
    assert!(input.starts_with(b"LP"), "{input:?}");
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(
        text.contains("jvmfuzz: com.example.HangFuzzCheck.loops: an execution ran past the timeout"),
        "{}",
        out.dump()
    );
}

#[test]
fn typed_parameters_and_their_reproducer() {
    let tmp = TempDir::new("junit-typed");
    let proj = project(&tmp);
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "5")], &["-Dtest=TypedFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    // The planted bug, not a broken constraint (@InRange, @WithSize, @NotNull elements).
    assert!(text.contains("planted bug: bulk platinum GPU order"), "{}", out.dump());
    assert!(!text.contains("AssertionError"), "{}", out.dump());
    assert_eq!(saved(&proj, "TypedFuzzCheck", "orders").len(), 1, "{}", out.dump());
    assert!(text.contains("planted bug: coffee with an exclamation mark"), "{}", out.dump());
    assert_eq!(saved(&proj, "TypedFuzzCheck", "provider").len(), 1, "{}", out.dump());

    // The saved input replays the same values.
    let out = mvn(&proj, &[], &["-Dtest=TypedFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("planted bug: bulk platinum GPU order"), "{}", out.dump());

    // The reproducer is a JUnit test with the values written out (records and enums included).
    let name = "TypedFuzzCheck_orders_Reproducer.java";
    let repro = proj.join(".jvmfuzz-findings/com.example.TypedFuzzCheck/orders").join(name);
    let source = std::fs::read_to_string(&repro).unwrap_or_else(|e| panic!("{}: {e}", repro.display()));
    assert!(
        source.contains("TypedFuzzCheck.Tier.PLATINUM")
            && source.contains("new com.example.TypedFuzzCheck.Line(\"GPU\""),
        "{source}"
    );
    assert!(!source.contains("no literal form"), "{source}");
    std::fs::copy(&repro, proj.join("src/test/java/com/example").join(name)).unwrap();
    std::fs::remove_dir_all(proj.join("src/test/resources/com")).unwrap();
    let out = mvn(&proj, &[], &["-Dtest=TypedFuzzCheck_orders_Reproducer"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("planted bug: bulk platinum GPU order"), "{}", out.dump());
}

#[test]
fn a_native_crash_keeps_its_input_and_names_the_fuzz_test() {
    let tmp = TempDir::new("junit-crash");
    let proj = project(&tmp);
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "2")], &["-Dtest=NativeCrashCheck"]);
    assert!(!out.success(), "{}", out.dump());
    let file = one_saved(&proj, "NativeCrashCheck", "crashes", "crash-", &out);
    assert!(std::fs::read(file).unwrap().starts_with(b"SEG"));
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(text.contains("jvmfuzz: com.example.NativeCrashCheck.crashes: the JVM crashed natively"), "{}", out.dump());
}

#[test]
fn a_memory_hog_is_saved_past_the_rss_limit() {
    let tmp = TempDir::new("junit-oom");
    let proj = project(&tmp);
    let out = mvn(
        &proj,
        &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "2"), ("JVMFUZZ_RSS_LIMIT_MB", "700")],
        &["-Dtest=MemoryFuzzCheck"],
    );
    assert!(!out.success(), "{}", out.dump());
    one_saved(&proj, "MemoryFuzzCheck", "hoards", "oom-", &out);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(
        text.contains("jvmfuzz: com.example.MemoryFuzzCheck.hoards: an execution went past the memory limit"),
        "{}",
        out.dump()
    );
}

#[test]
fn a_detector_finding_fails_its_replay() {
    // Filter compiles its input as a pattern; the test swallows what the detector throws, so
    // only the detector's report makes either run fail.
    let tmp = TempDir::new("junit-detector");
    let proj = project(&tmp);
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "1")], &["-Dtest=DetectorFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("regex-injection"), "{}", out.dump());
    one_saved(&proj, "DetectorFuzzCheck", "filters", "crash-", &out);
    // Regression mode: the detectors' hooks only, no probes.
    let out = mvn(&proj, &[], &["-Dtest=DetectorFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("regex-injection"), "{}", out.dump());
    // Without the crash file, the replay of the empty input passes.
    std::fs::remove_dir_all(proj.join("src/test/resources/com")).unwrap();
    let out = mvn(&proj, &[], &["-Dtest=DetectorFuzzCheck"]);
    assert!(out.success(), "{}", out.dump());
}

#[test]
fn a_hook_applies_to_calls_in_the_test_class_that_loaded_before_it() {
    // Surefire loads the test classes to find the tests, before the fuzz test installs the
    // hooks: HookFuzzCheck is retransformed, and its call on a StrictLock is hooked through
    // the abstract Lock the hook names, in fuzzing and in regression mode.
    let tmp = TempDir::new("junit-hook-late");
    let proj = project(&tmp);
    let hooks = ("JVMFUZZ_CUSTOM_HOOKS", "com.example.LockHooks");
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "1"), hooks], &["-Dtest=HookFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("the hook saw sesame on a StrictLock"), "{}", out.dump());
    one_saved(&proj, "HookFuzzCheck", "opensALock", "crash-", &out);
    let out = mvn(&proj, &[hooks], &["-Dtest=HookFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("the hook saw sesame on a StrictLock"), "{}", out.dump());
    // Without the hook, the replay passes: the finding was the hook's.
    let out = mvn(&proj, &[], &["-Dtest=HookFuzzCheck"]);
    assert!(out.success(), "{}", out.dump());
}

#[test]
fn a_grammar_annotated_parameter_gets_well_formed_values() {
    let tmp = TempDir::new("junit-grammar");
    let proj = project(&tmp);
    let out = mvn(&proj, &[("JVMFUZZ_FUZZ", "1"), ("JVMFUZZ_SEED", "1")], &["-Dtest=GrammarFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    // The bug, never the test's own check that every value is well-formed.
    assert!(!out.success() && text.contains("overflows the operand stack"), "{}", out.dump());
    assert!(!text.contains("malformed expression"), "{}", out.dump());
    one_saved(&proj, "GrammarFuzzCheck", "evaluates", "crash-", &out);
    // Regression mode derives the same value from the saved bytes.
    let out = mvn(&proj, &[], &["-Dtest=GrammarFuzzCheck"]);
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(!out.success() && text.contains("overflows the operand stack"), "{}", out.dump());
}

#[test]
fn a_grammar_that_cannot_be_used_fails_the_test_with_its_name() {
    let tmp = TempDir::new("junit-bad-grammar");
    let proj = project(&tmp);
    for env in [&[][..], &[("JVMFUZZ_FUZZ", "1")][..]] {
        let out = mvn(&proj, env, &["-Dtest=BadGrammarCheck"]);
        let text = format!("{}{}", out.stdout, out.stderr);
        assert!(!out.success() && text.contains("Missing.g4"), "{}", out.dump());
        // Refused at the start: no execution ran, so nothing was saved.
        assert!(saved(&proj, "BadGrammarCheck", "parses").is_empty(), "{}", out.dump());
    }
}
