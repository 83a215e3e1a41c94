//! End-to-end: a JUnit 5 `@FuzzTest` run from Jazzer's command line (`--target_class=` with
//! `--target_method=`), as OSS-Fuzz runs fuzz tests written for Jazzer's JUnit integration.
//! The test classes are tests/junit-fuzz's (ours and Jazzer's annotations, byte[], typed and
//! `FuzzedDataProvider` parameters) and tests/java/junit-cli's (a fuzz test that needs its
//! `@BeforeAll` and `@BeforeEach`), compiled once, with JUnit's console launcher jar (the
//! launcher and the Jupiter engine) on the class path. Jazzer 0.30.0 runs the same fuzz test
//! from its own command line: each tool's crash file replays under the other. Replay,
//! `-minimize_crash=1` and `-merge=1` work on fuzz tests as on harnesses (ClusterFuzz's
//! reproduce, minimise and prune tasks). Budgets are execution counts, never wall-clock time.

mod fuzz_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use fuzz_common::{fuzz_bin, junit_jar, JAZZER_API};
use jvmfuzz_tests::{self as support, jacoco, Output, TempDir};

const JAZZER: &str = "com.code-intelligence:jazzer:0.30.0";
const JAZZER_JUNIT: &str = "com.code-intelligence:jazzer-junit:0.30.0";

/// The compiled test classes (and the code they test), once per test process.
fn classes() -> &'static PathBuf {
    static C: OnceLock<PathBuf> = OnceLock::new();
    C.get_or_init(|| {
        let dir = support::target_scratch().join(format!("junit-cli-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let project = support::tests_dir().join("junit-fuzz/src");
        let mut sources = support::java_sources(&project.join("main/java"));
        for t in ["ParserFuzzTest", "JazzerStyleFuzzTest", "HangFuzzCheck"] {
            sources.push(project.join(format!("test/java/com/example/{t}.java")));
        }
        sources.extend(support::java_sources(&support::java_dir("junit-cli/src")));
        let cp = [support::junit_console_jar(), support::maven_jar(JAZZER_API), junit_jar(false)];
        let cp: Vec<&Path> = cp.iter().map(PathBuf::as_path).collect();
        let out = dir.join("classes");
        support::javac(&support::jdk17(), &sources, &cp, &out, &["--release", "17"]);
        out
    })
}

/// `--cp=` as an OSS-Fuzz build gives it: the tests, JUnit, the Jazzer API (and, with
/// `jazzer`, Jazzer's own jars, whose `@FuzzTest` ours must take the place of).
fn cp(jazzer: bool) -> String {
    let mut parts = vec![classes().clone(), support::junit_console_jar(), support::maven_jar(JAZZER_API)];
    if jazzer {
        parts.extend([support::maven_jar(JAZZER), support::maven_jar(JAZZER_JUNIT)]);
    }
    parts.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(":")
}

fn fuzz(dir: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir).args(args).env("JAVA_HOME", support::jdk17().home.clone());
    support::run(cmd, Duration::from_secs(300))
}

/// Jazzer 0.30.0's driver with the same arguments.
fn jazzer(dir: &Path, args: &[&str]) -> Output {
    jazzer_in_jvm(dir, &[], args)
}

/// Jazzer's driver run as a main class, `jvm` the options of its JVM (its `--jvm_args` only
/// reach JVMs it starts).
fn jazzer_in_jvm(dir: &Path, jvm: &[&str], args: &[&str]) -> Output {
    let mut cmd = Command::new(support::jdk17().home.join("bin/java"));
    cmd.current_dir(dir).args(jvm).arg("-cp").arg(cp(true)).arg("com.code_intelligence.jazzer.Jazzer").args(args);
    support::run(cmd, Duration::from_secs(300))
}

/// The `crash-<sha1>` files in `dir`.
fn crashes(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("crash-")))
        .collect();
    v.sort();
    v
}

#[test]
fn a_fuzz_test_is_fuzzed_and_replayed_from_jazzers_command_line() {
    let dir = TempDir::new("junit-cli");
    let (corpus, art) = (dir.join("corpus"), dir.join("artifacts"));
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::create_dir_all(&art).unwrap();
    let cp = format!("--cp={}", cp(false));
    let target = ["--target_class=com.example.ParserFuzzTest", "--target_method=parses"];
    let prefix = format!("-artifact_prefix={}/", art.display());
    let mut args = vec![cp.as_str(), target[0], target[1], "-runs=2000000", "-seed=1", &prefix];
    args.push(corpus.to_str().unwrap());
    let out = fuzz(dir.path(), &args);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    let exception = "== Java Exception: java.lang.IllegalStateException: planted bug: record kind 0x7f";
    assert!(out.stdout.contains(exception), "{}", out.dump());
    assert!(out.stdout.contains("at com.example.ParserFuzzTest.parses(ParserFuzzTest.java"), "{}", out.dump());
    assert!(out.stdout.contains("DEDUP_TOKEN: "), "{}", out.dump());
    // The finding's stack ends at the fuzz test: the engine's and JUnit's frames below it are
    // no part of it (nor of its identity).
    assert!(!out.stdout.contains("org.junit.platform"), "{}", out.dump());
    assert!(!out.stderr.contains("Sharing is only supported"), "the shim is appended at run time:\n{}", out.stderr);
    let found = crashes(&art);
    assert_eq!(found.len(), 1, "{found:?}\n{}", out.dump());
    let crash = &found[0];
    let data = std::fs::read(crash).unwrap();
    assert_eq!(
        crash.file_name().unwrap().to_string_lossy(),
        format!("crash-{}", sha1_smol::Sha1::from(&data).digest())
    );
    assert!(out.stdout.contains(&format!("Test unit written to {}", crash.display())), "{}", out.dump());
    assert!(std::fs::read_dir(&corpus).unwrap().count() > 0, "the corpus folder gets the new inputs");
    // Nothing is written beside the sources as under Maven (no src/test/resources here).
    assert!(!dir.join("src").exists());

    // A file argument: run once, reported in the same lines and with the same identity
    // (exit 1: it still fails), as ClusterFuzz reproduces a crash.
    let token = out.stdout.lines().find_map(|l| l.strip_prefix("DEDUP_TOKEN: ")).unwrap().to_string();
    let replay = fuzz(dir.path(), &[&cp, target[0], target[1], crash.to_str().unwrap()]);
    assert_eq!(replay.status, Some(1), "{}", replay.dump());
    assert!(replay.stdout.contains(exception), "{}", replay.dump());
    assert!(replay.stdout.contains(&format!("DEDUP_TOKEN: {token}")), "{}", replay.dump());
    assert!(!replay.stdout.contains("org.junit.platform"), "{}", replay.dump());
    // An input that passes: exit 0.
    let fine = dir.join("fine");
    std::fs::write(&fine, b"RECxx").unwrap();
    let replay = fuzz(dir.path(), &[&cp, target[0], target[1], fine.to_str().unwrap()]);
    assert_eq!(replay.status, Some(0), "{}", replay.dump());
    assert!(replay.stdout.contains(&format!("ok {}: no finding", fine.display())), "{}", replay.dump());

    // -minimize_crash=1 shrinks it and keeps it failing the same way.
    let min =
        fuzz(dir.path(), &[&cp, target[0], target[1], "-minimize_crash=1", "-runs=2000", crash.to_str().unwrap()]);
    assert_eq!(min.status, Some(0), "{}", min.dump());
    let shrunk = std::fs::read(format!("{}.min", crash.display())).unwrap();
    assert!(shrunk.len() < data.len() && shrunk.len() >= 7, "{shrunk:?} from {data:?}");
    assert_eq!(&shrunk[..6], b"REC\x7f\xbe\xef");

    // -merge=1 copies into the first folder only the inputs that add coverage.
    let merged = dir.join("merged");
    std::fs::create_dir_all(&merged).unwrap();
    let merge =
        fuzz(dir.path(), &[&cp, target[0], target[1], "-merge=1", merged.to_str().unwrap(), corpus.to_str().unwrap()]);
    assert_eq!(merge.status, Some(0), "{}", merge.dump());
    let (kept, all) = (std::fs::read_dir(&merged).unwrap().count(), std::fs::read_dir(&corpus).unwrap().count());
    assert!(kept > 0 && kept <= all, "kept {kept} of {all}\n{}", merge.dump());
}

#[test]
fn lifecycle_methods_run_and_typed_parameters_work() {
    let dir = TempDir::new("junit-cli-lifecycle");
    let cp = format!("--cp={}", cp(false));
    // @BeforeAll and @BeforeEach ran: the planted bug is found, not a NullPointerException.
    let out = fuzz(
        dir.path(),
        &[&cp, "--target_class=com.example.cli.LifecycleFuzzTest", "--target_method=keys", "-runs=3000000", "-seed=2"],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(
        out.stdout.contains("== Java Exception: java.lang.IllegalStateException: planted bug: a key ending in a bang"),
        "{}",
        out.dump()
    );
    assert_eq!(crashes(dir.path()).len(), 1, "crash-<sha1> in the working folder, as Jazzer writes it");

    // A typed fuzz test (String, int, List<Integer>): its reproducer goes to the findings folder.
    let out = fuzz(
        dir.path(),
        &[&cp, "--target_class=com.example.ParserFuzzTest", "--target_method=discount", "-runs=3000000", "-seed=1"],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("== Java Exception: java.lang.ArithmeticException"), "{}", out.dump());
    assert!(dir.join("findings/ParserFuzzTest_discount_Reproducer.java").is_file(), "{}", out.dump());
}

/// Jazzer's `--reproducer_path=DIR` with a fuzz test: `DIR/Crash_<sha1>.java`, named for the
/// same input as `crash-<sha1>`, is a program that fails as the fuzz test did, run with the
/// JDK's source launcher on the test class path and nothing of the fuzzer's (a typed fuzz
/// test: its values written out) or with the shim jar written beside it (a
/// `FuzzedDataProvider` test, whose `@BeforeAll` and `@BeforeEach` it runs first).
#[test]
fn reproducer_path_writes_a_program_that_fails_as_the_fuzz_test_did() {
    let dir = TempDir::new("junit-cli-reproducer");
    let cp_arg = format!("--cp={}", cp(false));
    let cases = [
        ("com.example.cli.LifecycleFuzzTest", "keys", "-seed=2", "planted bug: a key ending in a bang", true),
        ("com.example.ParserFuzzTest", "discount", "-seed=1", "java.lang.ArithmeticException", false),
    ];
    for (class, method, seed, failure, provider) in cases {
        let work = dir.join(method);
        std::fs::create_dir_all(&work).unwrap();
        let out = fuzz(
            &work,
            &[
                &cp_arg,
                &format!("--target_class={class}"),
                &format!("--target_method={method}"),
                "--reproducer_path=repro",
                "-runs=3000000",
                seed,
            ],
        );
        assert_eq!(out.status, Some(1), "{}", out.dump());
        let crash = crashes(&work);
        assert_eq!(crash.len(), 1, "{}", out.dump());
        let sha1 = crash[0].file_name().unwrap().to_string_lossy().trim_start_matches("crash-").to_string();
        let program = work.join(format!("repro/Crash_{sha1}.java"));
        assert!(program.is_file(), "no {}: {}", program.display(), out.dump());
        assert!(out.stderr.contains("Java reproducer written to"), "{}", out.dump());
        let mut run_cp = cp(false);
        if provider {
            run_cp = format!("{run_cp}:{}", work.join("repro/jvmfuzz-shim.jar").display());
        }
        let mut java = Command::new(support::jdk17().home.join("bin/java"));
        java.current_dir(&work).arg("-ea").arg("-cp").arg(&run_cp).arg(&program);
        let replay = support::run(java, Duration::from_secs(120));
        assert_ne!(replay.status, Some(0), "{}", replay.dump());
        assert!(replay.stderr.contains(failure), "{}", replay.dump());
        assert!(!replay.stdout.contains("did not reproduce"), "{}", replay.dump());
    }
}

/// The engine's input flags reach the test JVM: `-max_len=4` keeps every input of a fuzz test
/// that fails on five bytes or more short, `--ignore-exception` (what `--autofuzz_ignore=`
/// gives) lets its exception pass, and a `-dict=` file that is not a dictionary is refused
/// with exit status 2; the same budget without them finds the failure.
#[test]
fn input_flags_reach_a_fuzz_test() {
    let dir = TempDir::new("junit-cli-input-flags");
    let cp_arg = format!("--cp={}", cp(false));
    let base = [cp_arg.as_str(), "--target_class=com.example.cli.LengthFuzzTest", "--target_method=shortInputs"];
    // Each run in a folder of its own: the first one's corpus holds inputs of five bytes and more.
    let runs = std::cell::Cell::new(0);
    let run = |extra: &[&str]| {
        runs.set(runs.get() + 1);
        let work = dir.join(format!("run{}", runs.get()));
        std::fs::create_dir_all(&work).unwrap();
        let args: Vec<&str> = base.iter().copied().chain(extra.iter().copied()).collect();
        fuzz(&work, &args)
    };
    let out = run(&["-runs=30000", "-seed=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    let out = run(&["-runs=30000", "-seed=1", "-max_len=4"]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let out = run(&["-runs=30000", "-seed=1", "--ignore-exception=java.lang.IllegalStateException"]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let dict = dir.join("bad.dict");
    std::fs::write(&dict, "this line is no dictionary entry\n").unwrap();
    let out = run(&["-runs=100", &format!("-dict={}", dict.display())]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("bad.dict"), "{}", out.dump());
}

/// OSS-Fuzz's coverage build runs each fuzz target as `-merge=1 --nohooks
/// --additional_jvm_args=-javaagent:jacocoagent.jar=destfile=...` over an empty folder and the
/// corpus: with a fuzz test, the test JVM gets JaCoCo's agent, replays the corpus and ends so
/// that JaCoCo writes its file, whose counters are the corpus's coverage of the code under test.
/// `fuzz coverage` over the same fuzz test and corpus reports the same branch counts.
#[test]
fn oss_fuzz_coverage_command_line_gets_jacocos_counts_from_a_fuzz_test() {
    let dir = TempDir::new("junit-cli-coverage");
    let corpus = dir.join("corpus");
    let merged = dir.join("merged");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::create_dir_all(&merged).unwrap();
    // Short; not a record; a record of kind 1; of kind 0x7f with another length.
    for (i, input) in [&b"x"[..], b"XYZ0000", b"REC\x01\x00\x02x", b"REC\x7f\x00\x02x"].iter().enumerate() {
        std::fs::write(corpus.join(format!("in{i}")), input).unwrap();
    }
    let exec = dir.join("jacoco.exec");
    // `\:` for a colon, as OSS-Fuzz's script writes it (`:` separates the JVM options).
    let agent = format!(
        "--additional_jvm_args=-javaagent\\:{}=destfile={},excludes=com.jvmfuzz.*",
        support::jacoco_agent_jar().display(),
        exec.display()
    );
    let cp_arg = format!("--cp={}", cp(false));
    let out = fuzz(
        dir.path(),
        &[
            &cp_arg,
            "--target_class=com.example.ParserFuzzTest",
            "--target_method=parses",
            "-merge=1",
            "-timeout=100",
            "--nohooks",
            &agent,
            "merged",
            "corpus",
        ],
    );
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(exec.is_file(), "JaCoCo wrote no {}: {}", exec.display(), out.dump());
    let report = support::jacoco_cli_report(&support::jdk17(), &exec, &[classes()], &[], &dir.join("jacoco.xml"));
    let parser = &report.classes["com/example/Parser"];
    let branches = jacoco::get(&parser.counters, "BRANCH");
    // 12 branches (6 conditions). Missed: a first byte 'R' followed by another than 'E', then
    // by another than 'C' (no input has them), and the length 0xbeef.
    assert_eq!((branches.covered, branches.missed), (9, 3), "{branches:?}\n{}", out.dump());

    // `fuzz coverage` over the same corpus, through the fuzz test: the profiler's report
    // counts the same branches as JaCoCo's agent.
    let cp_plain = cp(false);
    let out = fuzz(
        dir.path(),
        &[
            "coverage",
            "--cp",
            &cp_plain,
            "--harness",
            "com.example.ParserFuzzTest",
            "--fuzz-test",
            "parses",
            "--report",
            "ours",
            "corpus",
        ],
    );
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let ours = jacoco::Report::from_file(&dir.join("ours/jacoco.xml"));
    let mine = jacoco::get(&ours.classes["com/example/Parser"].counters, "BRANCH");
    assert_eq!((mine.covered, mine.missed), (9, 3), "{mine:?}\n{}", out.dump());
}

/// `--coverage-report` with a fuzz test: after the campaign, the corpus and the findings'
/// inputs are replayed through the fuzz test in a test JVM of their own, and the report counts
/// what `fuzz coverage` over the same inputs counts.
#[test]
fn coverage_report_after_a_fuzz_test_campaign() {
    let dir = TempDir::new("junit-cli-coverage-report");
    let cp_plain = cp(false);
    let fuzz_test = ["--cp", &cp_plain, "--harness", "com.example.ParserFuzzTest", "--fuzz-test", "parses"];
    let campaign: Vec<&str> =
        fuzz_test.iter().copied().chain(["--runs", "20000", "--seed", "1", "--coverage-report", "cov"]).collect();
    let out = fuzz(dir.path(), &campaign);
    assert!(matches!(out.status, Some(0) | Some(1)), "{}", out.dump());
    let theirs = jacoco::Report::from_file(&dir.join("cov/jacoco.xml"));
    let during = jacoco::get(&theirs.classes["com/example/Parser"].counters, "BRANCH");
    assert!(during.covered > 0, "{during:?}\n{}", out.dump());

    let mut inputs = vec![dir.join("corpus")];
    let findings = std::fs::read_dir(dir.join("findings")).map(|d| d.filter_map(Result::ok).collect::<Vec<_>>());
    inputs.extend(findings.unwrap_or_default().iter().map(|e| e.path().join("input")).filter(|p| p.is_file()));
    let inputs: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    let replay: Vec<&str> = ["coverage"]
        .into_iter()
        .chain(fuzz_test.iter().copied())
        .chain(["--report", "replayed"])
        .chain(inputs.iter().map(String::as_str))
        .collect();
    let again = fuzz(dir.path(), &replay);
    assert_eq!(again.status, Some(0), "{}", again.dump());
    let ours = jacoco::Report::from_file(&dir.join("replayed/jacoco.xml"));
    let after = jacoco::get(&ours.classes["com/example/Parser"].counters, "BRANCH");
    assert_eq!((during.covered, during.missed), (after.covered, after.missed), "{}", out.dump());
}

/// The events `PerExecutionFuzzTest` wrote, cut into what happened before the first
/// execution, each execution's steps, and what happened after the last. Instances are named
/// `#junit` (the first, JUnit's own) and `#exec` (all others), so the two tools' runs compare
/// whatever number of executions each made.
struct Lifecycle {
    before: Vec<String>,
    executions: Vec<Vec<String>>,
    after: Vec<String>,
}

fn lifecycle_events(file: &Path) -> Lifecycle {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut first: Option<String> = None;
    let events: Vec<String> = text
        .lines()
        .map(|line| match line.rsplit_once(" on ") {
            Some((what, id)) => {
                let junit = first.get_or_insert_with(|| id.to_string()) == id;
                format!("{what} on {}", if junit { "#junit" } else { "#exec" })
            }
            None => line.to_string(),
        })
        .collect();
    let starts: Vec<usize> = (0..events.len()).filter(|&i| events[i] == "postProcess on #exec").collect();
    let tail = events.iter().rposition(|e| e.ends_with("#exec")).map_or(events.len(), |i| i + 1);
    let mut executions = Vec::new();
    for (k, &s) in starts.iter().enumerate() {
        let e = starts.get(k + 1).copied().unwrap_or(tail);
        executions.push(events[s..e].to_vec());
    }
    Lifecycle {
        before: events[..starts.first().copied().unwrap_or(tail)].to_vec(),
        executions,
        after: events[tail..].to_vec(),
    }
}

#[test]
fn a_per_execution_lifecycle_gives_each_execution_a_fresh_instance_as_jazzer_does() {
    let dir = TempDir::new("junit-cli-per-execution");
    let (ours, theirs) = (dir.join("ours"), dir.join("theirs"));
    std::fs::create_dir_all(&ours).unwrap();
    std::fs::create_dir_all(&theirs).unwrap();
    let class = "--target_class=com.example.cli.PerExecutionFuzzTest";
    // The planted failure on the first non-empty input: the same instances, lifecycle steps
    // and order as Jazzer 0.30.0's, the failing execution's after-each steps included.
    let events = |d: &Path| format!("--jvm_args=-Devents={}", d.join("events.txt").display());
    let cp_ours = format!("--cp={}", cp(false));
    let out = fuzz(&ours, &[&cp_ours, class, "--target_method=planted", &events(&ours), "-runs=1000", "-seed=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("java.io.IOException: planted: the first non-empty input"), "{}", out.dump());
    let events_property = format!("-Devents={}", theirs.join("events.txt").display());
    let jazzer_out =
        jazzer_in_jvm(&theirs, &[&events_property], &[class, "--target_method=planted", "-runs=1000", "-seed=1"]);
    assert_ne!(jazzer_out.status, Some(0), "{}", jazzer_out.dump());
    let (ours_events, theirs_events) =
        (lifecycle_events(&ours.join("events.txt")), lifecycle_events(&theirs.join("events.txt")));
    let context = format!("{}\n{}", out.dump(), jazzer_out.dump());
    assert_eq!(ours_events.before, theirs_events.before, "JUnit's instance, then Jazzer's\n{context}");
    assert_eq!(ours_events.after, theirs_events.after, "after the last execution, then Jazzer's\n{context}");
    assert!(ours_events.executions.len() >= 2 && theirs_events.executions.len() >= 2, "{context}");
    let one = &theirs_events.executions[0];
    assert!(
        theirs_events.executions.iter().all(|e| e == one),
        "Jazzer's executions differ: {:#?}",
        theirs_events.executions
    );
    for e in &ours_events.executions {
        assert_eq!(e, one, "an execution of jvmfuzz's, then Jazzer's\n{context}");
    }
    for step in ["postProcess on #exec", "beforeEachCallback2 on #exec", "before1 planted on #exec", "after2 on #exec"]
    {
        assert!(one.contains(&step.to_string()), "{step} missing: {one:#?}");
    }
    assert!(ours_events.after.contains(&"baseAfter on #junit".to_string()), "{:#?}", ours_events.after);

    // Thousands of executions, none seeing another's instance or missing its @BeforeEach
    // (one shared instance fails this on the second execution).
    let out = fuzz(&ours, &[&cp_ours, class, "--target_method=state", &events(&ours), "-runs=3000", "-seed=1"]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let runs = lifecycle_events(&ours.join("events.txt")).executions.len();
    assert!(runs >= 3000, "{runs} executions\n{}", out.dump());

    // A @BeforeEach that fails (on the third instance): the execution's finding, and that
    // instance's @AfterEach still runs.
    let fails = "--target_class=com.example.cli.PerExecutionSetupFailsFuzzTest";
    let out = fuzz(&ours, &[&cp_ours, fails, "--target_method=run", &events(&ours), "-runs=1000", "-seed=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("java.lang.IllegalStateException: set-up failed on instance 3"), "{}", out.dump());
    let text = std::fs::read_to_string(ours.join("events.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let open3 = lines.iter().position(|l| *l == "open 3").unwrap_or_else(|| panic!("{text}"));
    assert_eq!(lines.get(open3 + 1), Some(&"close 3"), "{text}");
    assert!(!lines.contains(&"run 3"), "{text}");
}

#[test]
fn crash_files_carry_over_between_jazzer_and_jvmfuzz() {
    let dir = TempDir::new("junit-cli-jazzer");
    let (ours, theirs) = (dir.join("ours"), dir.join("theirs"));
    std::fs::create_dir_all(&ours).unwrap();
    std::fs::create_dir_all(&theirs).unwrap();
    let target = ["--target_class=com.example.JazzerStyleFuzzTest", "--target_method=headers"];
    // Jazzer's jars on the class path too, as in an OSS-Fuzz build.
    let cp = format!("--cp={}", cp(true));
    let found = fuzz(&ours, &[&cp, target[0], target[1], "-runs=2000000", "-seed=3"]);
    assert_eq!(found.status, Some(1), "{}", found.dump());
    let ours_crash = crashes(&ours).pop().unwrap_or_else(|| panic!("no crash file\n{}", found.dump()));
    let found = jazzer(&theirs, &[target[0], target[1], "-runs=2000000", "-seed=3"]);
    assert_ne!(found.status, Some(0), "Jazzer found nothing\n{}", found.dump());
    let theirs_crash = crashes(&theirs).pop().unwrap_or_else(|| panic!("no Jazzer crash file\n{}", found.dump()));
    let planted = "java.lang.IllegalArgumentException: planted bug: debug mode header";

    let replay = fuzz(&ours, &[&cp, target[0], target[1], theirs_crash.to_str().unwrap()]);
    assert_eq!(replay.status, Some(1), "Jazzer's crash file under jvmfuzz\n{}", replay.dump());
    assert!(replay.stdout.contains(planted), "{}", replay.dump());
    let replay = jazzer(&theirs, &[target[0], target[1], ours_crash.to_str().unwrap()]);
    assert_ne!(replay.status, Some(0), "jvmfuzz's crash file under Jazzer\n{}", replay.dump());
    assert!(format!("{}{}", replay.stdout, replay.stderr).contains(planted), "{}", replay.dump());
}

#[test]
fn a_hang_ends_the_test_jvm_as_a_timeout_when_fuzzed_and_when_replayed() {
    let dir = TempDir::new("junit-cli-hang");
    let cp = format!("--cp={}", cp(false));
    let target = ["--target_class=com.example.HangFuzzCheck", "--target_method=loops"];
    // The engine saves the input and ends the JVM: no outcome from the JVM itself, a finding
    // in the findings folder.
    let out = fuzz(dir.path(), &[&cp, target[0], target[1], "-timeout=2", "-runs=3000000", "-seed=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("ERROR: libFuzzer: timeout after"), "{}", out.dump());
    let timeouts: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("timeout-")))
        .collect();
    assert_eq!(timeouts.len(), 1, "{timeouts:?}\n{}", out.dump());
    // Replaying it (as ClusterFuzz reproduces a timeout) stops at -timeout, not never.
    let replay = fuzz(dir.path(), &[&cp, target[0], target[1], "-timeout=2", timeouts[0].to_str().unwrap()]);
    assert_eq!(replay.status, Some(1), "{}", replay.dump());
    assert!(replay.stdout.contains("ERROR: libFuzzer: timeout after 2 seconds"), "{}", replay.dump());
    assert!(replay.stdout.contains("com.example.HangFuzzCheck.loops(HangFuzzCheck.java"), "{}", replay.dump());
}

/// The files of `dir` whose names start with `prefix`.
fn named(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
    v.retain(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)));
    v
}

#[test]
fn a_finding_that_ends_the_test_jvm_is_followed_by_a_new_one_on_the_same_corpus_with_keep_going() {
    let dir = TempDir::new("junit-cli-restart");
    let cp = format!("--cp={}", cp(false));
    let target = ["--target_class=com.example.cli.HangOnceFuzzTest", "--target_method=parse"];
    // The first JVM hangs (once per campaign) and is ended by its timeout; the second goes on
    // from the corpus and finds the planted bug, the second finding --keep_going asked for.
    let out =
        fuzz(dir.path(), &[&cp, target[0], target[1], "--keep_going=2", "-timeout=1", "-runs=3000000", "-seed=3"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(dir.join("hung-once").is_file(), "{}", out.dump());
    assert_eq!(
        out.stdout.matches("a new one goes on with the corpus (--keep_going)").count(),
        1,
        "one restart after the hang\n{}",
        out.dump()
    );
    assert_eq!(named(dir.path(), "timeout-").len(), 1, "{}", out.dump());
    assert!(
        out.stdout.contains("== Java Exception: java.lang.IllegalStateException: planted bug after the hang"),
        "{}",
        out.dump()
    );
    assert_eq!(crashes(dir.path()).len(), 1, "{}", out.dump());
    // The second JVM started from what the first one kept.
    let loaded: Vec<&str> = out.stdout.lines().filter(|l| l.contains("seed input(s) in the corpus")).collect();
    assert_eq!(loaded.len(), 2, "{}", out.dump());

    // The same after the memory limit, which ends the JVM as libFuzzer's -rss_limit_mb does.
    let dir = TempDir::new("junit-cli-restart-rss");
    let target = ["--target_class=com.example.cli.MemoryOnceFuzzTest", "--target_method=parse"];
    let out = fuzz(
        dir.path(),
        &[&cp, target[0], target[1], "--keep_going=2", "-rss_limit_mb=700", "-timeout=20", "-runs=3000000", "-seed=3"],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("ERROR: libFuzzer: out-of-memory"), "{}", out.dump());
    assert_eq!(out.stdout.matches("a new one goes on with the corpus (--keep_going)").count(), 1, "{}", out.dump());
    assert!(
        out.stdout.contains("== Java Exception: java.lang.IllegalStateException: planted bug after the memory limit"),
        "{}",
        out.dump()
    );
    let target = ["--target_class=com.example.cli.HangOnceFuzzTest", "--target_method=parse"];

    // An input of the corpus that ends every new JVM at once: a few JVMs, then the job stops.
    let dir = TempDir::new("junit-cli-restart-loop");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::write(corpus.join("lock"), b"LOCK").unwrap();
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.cli.HangOnceFuzzTest",
            "--target_method=always",
            "--keep_going=5",
            "-timeout=1",
            "-max_total_time=240",
            corpus.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert_eq!(out.stdout.matches("a new one goes on with the corpus (--keep_going)").count(), 3, "{}", out.dump());
    assert!(out.stdout.contains("3 JVMs in a row ended on findings saved before"), "{}", out.dump());

    // Without --keep_going the hang ends the campaign, as it did before.
    let dir = TempDir::new("junit-cli-restart-once");
    let out = fuzz(dir.path(), &[&cp, target[0], target[1], "-timeout=1", "-runs=3000000", "-seed=3"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("the campaign ends there (--keep_going goes on)"), "{}", out.dump());
    assert!(crashes(dir.path()).is_empty(), "{}", out.dump());
}

#[test]
fn jobs_are_test_jvms_side_by_side_that_read_each_others_corpus_files() {
    let dir = TempDir::new("junit-cli-jobs");
    let cp = format!("--cp={}", cp(false));
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    let run = {
        let (dir, corpus) = (dir.path().to_path_buf(), corpus.display().to_string());
        std::thread::spawn(move || {
            fuzz(
                &dir,
                &[
                    &cp,
                    "--target_class=com.example.cli.JobsFuzzTest",
                    "--target_method=crc",
                    "-jobs=2",
                    "-seed=1",
                    "-max_total_time=240",
                    &corpus,
                ],
            )
        })
    };
    // Once both jobs have written inputs (each under its own prefix), an input only this test
    // knows goes into the shared folder: the bug is found from it, as libFuzzer's jobs pick up
    // each other's inputs.
    let start = std::time::Instant::now();
    while (named(&corpus, "c1-").is_empty() || named(&corpus, "c2-").is_empty())
        && !run.is_finished()
        && start.elapsed() < Duration::from_secs(200)
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    let planted = [
        0x4a, 0x6f, 0x62, 0x73, 0x20, 0x73, 0x68, 0x61, 0x72, 0x65, 0x20, 0x61, 0x20, 0x63, 0x6f, 0x21, 0xef, 0x03,
        0x2f, 0x0b,
    ];
    std::fs::write(corpus.join("from-elsewhere"), planted).unwrap();
    let out = run.join().unwrap();
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("planted: reached only through the corpus folder"), "{}", out.dump());
    let jvms = std::fs::read_to_string(dir.join("jvms")).unwrap_or_default();
    let pids: std::collections::BTreeSet<&str> = jvms.lines().collect();
    assert_eq!(pids.len(), 2, "two test JVMs: {jvms}\n{}", out.dump());
    let read: u64 =
        out.stdout.lines().filter_map(|l| l.split(": read ").nth(1)?.split(' ').next()?.parse::<u64>().ok()).sum();
    assert!(read >= 1, "{}", out.dump());
}

#[test]
fn custom_hooks_apply_to_the_classes_the_command_line_names() {
    let dir = TempDir::new("junit-cli-hooks");
    let cp = format!("--cp={}", cp(false));
    let args = [
        cp.as_str(),
        "--target_class=com.example.cli.HookedFuzzTest",
        "--target_method=checks",
        "--custom_hooks=com.example.cli.SecretHooks",
        "-runs=400000",
        "-seed=1",
    ];
    let out = fuzz(dir.path(), &args);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("the hook saw open"), "{}", out.dump());
    // The fuzz test's own class excluded, or only another class included: no call is hooked,
    // so there is nothing to find.
    for filter in
        ["--custom_hook_excludes=com.example.cli.HookedFuzzTest", "--custom_hook_includes=com.example.other.*"]
    {
        let dir = TempDir::new("junit-cli-hooks-filtered");
        let out = fuzz(dir.path(), &[&args[..], &[filter]].concat());
        assert_eq!(out.status, Some(0), "{filter}\n{}", out.dump());
        assert!(!out.stdout.contains("the hook saw open"), "{filter}\n{}", out.dump());
    }
}

/// A hook on an abstract class applies to a call that names its subclass, as in a harness's
/// JVM (the test JVM reads the hierarchy from its class path when the fuzz test starts).
#[test]
fn a_hook_on_an_abstract_class_applies_to_calls_on_its_subclasses_in_a_test_jvm() {
    let dir = TempDir::new("junit-cli-subtype-hooks");
    let cp = format!("--cp={}", cp(false));
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.cli.HookedFuzzTest",
            "--target_method=opensALock",
            "--custom_hooks=com.example.cli.SecretHooks",
            "-runs=400000",
            "-seed=1",
        ],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("the hook saw sesame on a StrictLock"), "{}", out.dump());
}

#[test]
fn a_fuzz_test_class_given_alone_runs_its_only_fuzz_test_as_jazzer_does() {
    // OSS-Fuzz's wrappers for JUnit fuzz tests pass --target_class= only; Jazzer then runs the
    // class's one @FuzzTest. Here a crash file is replayed that way, then fuzzed.
    let dir = TempDir::new("junit-cli-alone");
    let cp = format!("--cp={}", cp(false));
    let planted = [
        0x4a, 0x6f, 0x62, 0x73, 0x20, 0x73, 0x68, 0x61, 0x72, 0x65, 0x20, 0x61, 0x20, 0x63, 0x6f, 0x21, 0xef, 0x03,
        0x2f, 0x0b,
    ];
    let crash = dir.join("crash-planted");
    std::fs::write(&crash, planted).unwrap();
    let class = "--target_class=com.example.cli.JobsFuzzTest";
    let out = fuzz(dir.path(), &[&cp, class, crash.to_str().unwrap()]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("planted: reached only through the corpus folder"), "{}", out.dump());
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    let out = fuzz(dir.path(), &[&cp, class, "-runs=2000", "-seed=1", corpus.to_str().unwrap()]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(std::fs::read_to_string(dir.join("jvms")).is_ok_and(|j| !j.is_empty()), "the test ran: {}", out.dump());
    // Two fuzz tests: which one is the user's to say.
    let out = fuzz(dir.path(), &[&cp, "--target_class=com.example.ParserFuzzTest", "-runs=10"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(
        out.stderr.contains("2 @FuzzTest methods (discount, parses): name one with --target_method="),
        "{}",
        out.dump()
    );
}

#[test]
fn a_wrong_fuzz_test_says_what_to_fix_with_exit_2() {
    let dir = TempDir::new("junit-cli-errors");
    let cp = format!("--cp={}", cp(false));
    let out = fuzz(dir.path(), &[&cp, "--target_class=com.example.ParserFuzzTest", "--target_method=nope", "-runs=10"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("has no @FuzzTest method nope; its fuzz tests: discount, parses"), "{}", out.dump());
    // No JUnit launcher on the class path.
    let bare = format!("--cp={}:{}", classes().display(), support::maven_jar(JAZZER_API).display());
    let out =
        fuzz(dir.path(), &[&bare, "--target_class=com.example.ParserFuzzTest", "--target_method=parses", "-runs=10"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("add junit-platform-launcher and junit-jupiter-engine"), "{}", out.dump());
    // A JVM that cannot start is no finding.
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.ParserFuzzTest",
            "--target_method=parses",
            "--jvm_args=-Xno-such-option",
            "-runs=10",
        ],
    );
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("the test JVM did not start"), "{}", out.dump());
    // An option a fuzz test cannot honour yet is refused, not ignored.
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.ParserFuzzTest",
            "--target_method=parses",
            // Refused before any connection is tried.
            "--connect=127.0.0.1:9",
            "-runs=10",
        ],
    );
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("--listen/--connect does not work with --fuzz-test"), "{}", out.dump());
    // A tool over a fuzz test whose @BeforeAll fails did nothing: no success.
    let input = dir.join("in");
    std::fs::write(&input, b"x").unwrap();
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.cli.SetupFailsFuzzTest",
            "--target_method=query",
            "-minimize_crash=1",
            input.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stdout.contains("no database here"), "{}", out.dump());
    // An input belongs to one overload: a tool needs a unique name.
    let out = fuzz(
        dir.path(),
        &[&cp, "--target_class=com.example.cli.OverloadedFuzzTest", "--target_method=parse", input.to_str().unwrap()],
    );
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("has 2 @FuzzTest methods named parse"), "{}", out.dump());
    // Minimising an input that does not fail says so.
    let out = fuzz(
        dir.path(),
        &[
            &cp,
            "--target_class=com.example.ParserFuzzTest",
            "--target_method=parses",
            "-minimize_crash=1",
            input.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("does not fail: nothing to minimise"), "{}", out.dump());
}
