//! End-to-end: Jazzer's and libFuzzer's command line, as OSS-Fuzz's build scripts and runners
//! pass it (`--cp=`, `--target_class=`, `--jvm_args=`, `-runs=`, `-artifact_prefix=`,
//! `-rss_limit_mb=`, `-merge=1`, `-minimize_crash=1`, `--instrumentation_includes=`, `-fork=`,
//! positional corpus folders and files), run unchanged: crash files named `crash-<sha1>`, the
//! lines ClusterFuzz reads, a non-zero exit on a finding. Budgets are execution counts, never
//! wall-clock time.

mod fuzz_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use fuzz_common::{fuzz_bin, targets};
use jvmfuzz_tests::{self as support, Output, TempDir};

/// `fuzz <args>` in `dir`, as OSS-Fuzz's wrapper script would run it.
fn jazzer(dir: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir).args(args).env("JAVA_HOME", support::jdk17().home.clone());
    support::run(cmd, Duration::from_secs(300))
}

fn cp() -> String {
    format!("--cp={}", targets().classes.display())
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// The files of `dir` named `<kind>-...` (libFuzzer's artifacts: `oom-<sha1>`, `timeout-<sha1>`).
fn artifacts(dir: &Path, kind: &str) -> Vec<PathBuf> {
    files_in(dir)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&format!("{kind}-"))))
        .collect()
}

fn sha1_hex(data: &[u8]) -> String {
    sha1_smol::Sha1::from(data).digest().to_string()
}

#[test]
fn a_jazzer_command_line_fuzzes_writes_crash_sha1_and_replays_it() {
    let dir = TempDir::new("oss-fuzz-cli");
    let corpus = dir.join("corpus");
    let artifacts = dir.join("artifacts");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::create_dir_all(&artifacts).unwrap();
    let prefix = format!("-artifact_prefix={}/", artifacts.display());
    let out = jazzer(
        dir.path(),
        &[
            &cp(),
            "--target_class=fuzz.MagicInt",
            "--jvm_args=-Xmx512m:-Djvmfuzz.test=a\\:b",
            "-runs=300000",
            "-seed=1",
            "-use_value_profile=1",
            "-print_final_stats=1",
            &prefix,
            corpus.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("== Java Exception: java.lang.IllegalArgumentException: magic int"), "{}", out.dump());
    assert!(out.stdout.contains("DEDUP_TOKEN: "), "{}", out.dump());
    let crashes = files_in(&artifacts);
    assert_eq!(crashes.len(), 1, "{crashes:?}\n{}", out.dump());
    let crash = &crashes[0];
    let data = std::fs::read(crash).unwrap();
    assert_eq!(crash.file_name().unwrap().to_string_lossy(), format!("crash-{}", sha1_hex(&data)));
    assert!(out.stdout.contains(&format!("Test unit written to {}", crash.display())), "{}", out.dump());
    assert!(!files_in(&corpus).is_empty(), "the first corpus folder gets the new inputs");
    // -print_final_stats=1: libFuzzer's five lines on stderr, for this run.
    let stat = |name: &str| -> u64 {
        let prefix = format!("stat::{name}:");
        let line = out
            .stderr
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {prefix}\n{}", out.dump()));
        line[prefix.len()..].trim().parse().unwrap()
    };
    assert!(stat("number_of_executed_units") > 0);
    assert!(stat("average_exec_per_sec") > 0);
    let inputs =
        files_in(&corpus).iter().filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.')).count();
    assert_eq!(stat("new_units_added"), inputs as u64, "{}", out.dump());
    assert_eq!(stat("slowest_unit_time_sec"), 0);
    assert!(stat("peak_rss_mb") >= 20, "a JVM's resident set: {}", out.dump());

    // A file argument means: run it once and report (exit 1: it still fails).
    // ClusterFuzz reproduces a crash this way and reads the same lines as in fuzzing.
    let replay = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.MagicInt", crash.to_str().unwrap()]);
    assert_eq!(replay.status, Some(1), "{}", replay.dump());
    assert!(
        replay.stdout.contains("== Java Exception: java.lang.IllegalArgumentException: magic int"),
        "{}",
        replay.dump()
    );
    assert!(replay.stdout.contains("DEDUP_TOKEN: "), "{}", replay.dump());

    // -minimize_crash=1 shrinks it and keeps it failing.
    let min = jazzer(
        dir.path(),
        &[&cp(), "--target_class=fuzz.MagicInt", "-minimize_crash=1", "-runs=500", crash.to_str().unwrap()],
    );
    assert_eq!(min.status, Some(0), "{}", min.dump());
    let shrunk = std::fs::read(format!("{}.min", crash.display())).unwrap();
    assert!(shrunk.len() <= data.len() && shrunk.len() >= 4, "{shrunk:?}");
    assert_eq!(&shrunk[..4], &[0xCA, 0xFE, 0xD0, 0x0D]);
}

/// A seed longer than `-max_len` is cut to it when the corpus is read, as libFuzzer does: the
/// harness never sees more. Without `-max_len`, the limit grows to the longest seed (libFuzzer's
/// guess), and the seed fails as it is.
#[test]
fn seeds_are_cut_to_max_len() {
    let dir = TempDir::new("oss-fuzz-max-len");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::write(corpus.join("long"), vec![b'a'; 5000]).unwrap();
    let corpus_arg = corpus.display().to_string();
    let base = [cp(), "--target_class=fuzz.LongInput".to_string(), "-runs=2000".to_string(), "-seed=1".to_string()];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().map(String::as_str).chain(extra.iter().copied()).collect();
        jazzer(dir.path(), &args)
    };
    let cut = run(&["-max_len=8", &corpus_arg]);
    assert_eq!(cut.status, Some(0), "{}", cut.dump());
    assert!(cut.stdout.contains("1 seed input(s) longer than --max-len 8 cut to it"), "{}", cut.dump());
    let whole = run(&[&corpus_arg]);
    assert_eq!(whole.status, Some(1), "{}", whole.dump());
    assert!(
        whole.stderr.contains("an input of 5000 bytes") || whole.stdout.contains("an input of 5000 bytes"),
        "{}",
        whole.dump()
    );
}

#[test]
fn merge_adds_only_new_coverage_to_the_first_folder() {
    let dir = TempDir::new("oss-fuzz-merge");
    let (into, from) = (dir.join("into"), dir.join("from"));
    std::fs::create_dir_all(&into).unwrap();
    std::fs::create_dir_all(&from).unwrap();
    // BadChain: each longer prefix of "bad!" reaches one more branch arm; "bxxy" adds nothing
    // to "bxxx".
    for (i, s) in ["x", "xxxx", "bxxx", "baxx", "badx", "bxxy"].iter().enumerate() {
        std::fs::write(from.join(format!("in{i}")), s).unwrap();
    }
    let args = |d: &Path| {
        let mut v = vec![cp(), "--target_class=fuzz.BadChain".into(), "-merge=1".into()];
        v.extend([into.to_string_lossy().to_string(), d.to_string_lossy().to_string()]);
        v
    };
    let run = |d: &Path| {
        let a = args(d);
        jazzer(dir.path(), &a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let out = run(&from);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    let merged = files_in(&into);
    assert_eq!(merged.len(), 5, "{merged:?}\n{}", out.dump());
    assert!(!merged.iter().any(|p| std::fs::read(p).unwrap() == b"bxxy"), "{merged:?}");
    // Merging the same inputs again adds nothing.
    let again = run(&from);
    assert_eq!(again.status, Some(0), "{}", again.dump());
    assert_eq!(files_in(&into), merged);
}

#[test]
fn rss_limit_is_enforced_as_an_oom_finding() {
    let dir = TempDir::new("oss-fuzz-rss");
    let seeds = dir.join("seeds");
    std::fs::create_dir_all(&seeds).unwrap();
    std::fs::write(seeds.join("m"), b"M").unwrap();
    let prefix = format!("-artifact_prefix={}/", dir.path().display());
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    let out = jazzer(
        dir.path(),
        &[
            &cp(),
            "--target_class=fuzz.RssGrowth",
            "--jvm_args=-Xmx2g",
            "-rss_limit_mb=400",
            "-runs=20",
            &prefix,
            corpus.to_str().unwrap(),
            seeds.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("ERROR: libFuzzer: out-of-memory (used: "), "{}", out.dump());
    assert!(out.stdout.contains("Mb; exceeds: 400Mb)"), "{}", out.dump());
    let ooms = artifacts(dir.path(), "oom");
    assert_eq!(ooms.len(), 1, "{}", out.dump());
    assert_eq!(std::fs::read(&ooms[0]).unwrap(), b"M");
}

#[test]
fn malloc_limit_makes_one_big_array_an_oom_finding() {
    let dir = TempDir::new("oss-fuzz-malloc");
    let seeds = dir.join("seeds");
    std::fs::create_dir_all(&seeds).unwrap();
    std::fs::write(seeds.join("big"), [0x40]).unwrap(); // 4 MB
    let run = |limit: &[&str]| {
        let corpus = TempDir::new("oss-fuzz-malloc-corpus");
        let mut args = vec![cp(), "--target_class=fuzz.BigAlloc".to_string(), "-runs=2000".to_string()];
        args.extend(limit.iter().map(|a| a.to_string()));
        args.push(corpus.path().display().to_string());
        args.push(seeds.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        jazzer(dir.path(), &args)
    };
    let out = run(&["-malloc_limit_mb=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(
        out.stdout.contains("java.lang.OutOfMemoryError: Java heap space: an array of 4194304 elements is over"),
        "{}",
        out.dump()
    );
    // The heap holds 16 MB: without the limit no input fails.
    let out = run(&[]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
}

#[test]
fn a_timeout_is_reported_in_libfuzzers_words() {
    let dir = TempDir::new("oss-fuzz-timeout");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::write(corpus.join("hang"), b"hu").unwrap();
    // A dictionary is read and said so, as libFuzzer does.
    let dict = dir.join("hang.dict");
    std::fs::write(&dict, "hu=\"hu\"\n").unwrap();
    let dict_arg = format!("-dict={}", dict.display());
    let out = jazzer(
        dir.path(),
        &[&cp(), "--target_class=fuzz.Hang", "-timeout=1", "-runs=100", &dict_arg, corpus.to_str().unwrap()],
    );
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("Dictionary: 1 entries"), "{}", out.dump());
    // ClusterFuzz's timeout line: "==PID== ERROR: libFuzzer: timeout after N seconds".
    assert!(out.stdout.contains("== ERROR: libFuzzer: timeout after 1 seconds"), "{}", out.dump());
    assert!(out.stdout.contains("DEDUP_TOKEN: "), "{}", out.dump());
    let timeouts = artifacts(dir.path(), "timeout");
    assert_eq!(timeouts.len(), 1, "{}", out.dump());
    // Replayed, as ClusterFuzz reproduces it: the same line.
    let replay = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.Hang", "-timeout=1", timeouts[0].to_str().unwrap()]);
    assert_eq!(replay.status, Some(1), "{}", replay.dump());
    assert!(replay.stdout.contains("== ERROR: libFuzzer: timeout after 1 seconds"), "{}", replay.dump());
}

#[test]
fn reproducer_path_gets_a_java_reproducer_that_fails_the_same_way() {
    let dir = TempDir::new("oss-fuzz-repro");
    let repro_dir = dir.join("reproducers");
    let rp = format!("--reproducer_path={}", repro_dir.display());
    let out = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.MagicInt", &rp, "-runs=300000", "-seed=1"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    let java = files_in(&repro_dir);
    assert_eq!(java.len(), 1, "{java:?}");
    let name = java[0].file_name().unwrap().to_string_lossy().to_string();
    assert!(name.starts_with("Crash_") && name.ends_with(".java"), "{name}");
    let mut run = Command::new(support::jdk17().java());
    run.arg("-cp").arg(&targets().classes).arg(&java[0]);
    let r = support::run(run, Duration::from_secs(120));
    assert_ne!(r.status, Some(0), "{}", r.dump());
    assert!(r.stderr.contains("java.lang.IllegalArgumentException: magic int"), "{}", r.dump());
}

#[test]
fn unsupported_jazzer_options_say_so_with_exit_2() {
    let dir = TempDir::new("oss-fuzz-errors");
    // An artifact folder that is not there is refused before the run, as Jazzer does, not
    // found missing when the first crash is written.
    let missing = format!("-artifact_prefix={}/", dir.join("no-such-folder").display());
    let out = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.MagicInt", &missing, "-runs=10"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("no-such-folder/ does not exist"), "{}", out.dump());
    // A JUnit fuzz test (tests/tests/fuzz_junit_cli.rs) needs JUnit's launcher on the class path.
    let out = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.MagicInt", "--target_method=parse"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("add junit-platform-launcher and junit-jupiter-engine"), "{}", out.dump());
    let out = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.MagicInt", "-runs=lots"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("-runs=lots"), "{}", out.dump());
}

/// OSS-Fuzz's `--instrumentation_includes=`/`_excludes=` (Jazzer's globs, `:`-separated) choose
/// the classes that get probes, comparison tracing and dictionary entries: a 32-bit magic is
/// found in an included class; a run whose globs leave out every class it loads is refused
/// with what to check (exit 2). `-fork=N` runs N fuzzing JVMs.
#[test]
fn instrumentation_globs_and_fork_reach_the_run() {
    let dir = TempDir::new("oss-fuzz-globs");
    let run = |class: &str, extra: &[&str]| {
        let mut args = vec![cp(), format!("--target_class={class}"), "-seed=1".to_string()];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        jazzer(dir.path(), &args)
    };
    let included = run("fuzz.MagicInt", &["--instrumentation_includes=fuzz.Magic*:other.**", "-runs=300000"]);
    assert_eq!(included.status, Some(1), "{}", included.dump());
    assert!(included.stdout.contains("magic int"), "{}", included.dump());
    for excluded in ["--instrumentation_excludes=fuzz.MagicInt", "--instrumentation_includes=other.**"] {
        let out = run("fuzz.MagicInt", &[excluded, "-runs=300000"]);
        assert_eq!(out.status, Some(2), "{excluded}\n{}", out.dump());
        assert!(out.stderr.contains("no class was instrumented"), "{excluded}\n{}", out.dump());
    }
    let forked = run("fuzz.Trivial", &["--instrumentation_includes=fuzz.**", "-runs=20000", "-fork=2"]);
    assert_eq!(forked.status, Some(0), "{}", forked.dump());
    assert_eq!(forked.stdout.matches("jvmfuzz: done:").count(), 2, "{}", forked.dump());
}

#[test]
fn jazzers_api_left_off_the_class_path_is_found_or_named() {
    // OSS-Fuzz's --cp= holds the harness and the library, not jazzer-api: Jazzer's agent jar
    // (--agent_path=) supplies it. Here the jazzer-api jar stands in for the agent jar.
    let dir = TempDir::new("oss-fuzz-api");
    let api = format!("--agent_path={}", targets().jazzer_api.display());
    // The harness's own exception, reached through FuzzedDataProvider, shows the API loaded and
    // worked; a bare exit 0 would not (and a short run expecting none races the fuzzer).
    let out = jazzer(dir.path(), &[&cp(), "--target_class=fuzz.JazzerStyle", &api, "-seed=1", "-runs=500000"]);
    assert_eq!(out.status, Some(1), "{}", out.dump());
    assert!(out.stdout.contains("jazzer-style harness reached n=42"), "{}", out.dump());
    assert!(out.stderr.contains("Jazzer's API from"), "{}", out.dump());
    // Nowhere to find it (no --agent_path, no $JAZZER_API_PATH, an empty ~/.m2): the run stops
    // before the JVM starts, saying which jar to add.
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .args([cp().as_str(), "--target_class=fuzz.JazzerStyle", "-runs=1000"])
        .env("JAVA_HOME", support::jdk17().home.clone())
        .env("HOME", &home)
        .env_remove("JAZZER_API_PATH");
    let out = support::run(cmd, Duration::from_secs(300));
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("add jazzer-api (Maven Central: com.code-intelligence:jazzer-api"), "{}", out.dump());
    // A harness that does not use the API needs none.
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .args([cp().as_str(), "--target_class=fuzz.MagicInt", "-runs=1000"])
        .env("JAVA_HOME", support::jdk17().home.clone())
        .env("HOME", &home)
        .env_remove("JAZZER_API_PATH");
    let out = support::run(cmd, Duration::from_secs(300));
    assert!(!out.stderr.contains("Jazzer's API"), "{}", out.dump());
}

/// A run whose slowest input took over a second says so in `stat::slowest_unit_time_sec`, and
/// one that found nothing prints the lines too.
#[test]
fn final_stats_count_the_slowest_input_in_seconds() {
    let dir = TempDir::new("oss-fuzz-final-stats");
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    let out = jazzer(
        dir.path(),
        &[
            &cp(),
            "--target_class=fuzz.SlowOnce",
            "-runs=200",
            "-seed=1",
            "-print_final_stats=1",
            corpus.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(out.stderr.contains("stat::slowest_unit_time_sec:    1\n"), "{}", out.dump());
    assert!(out.stderr.contains("stat::number_of_executed_units: "), "{}", out.dump());
    // Without the flag, no such lines.
    let quiet =
        jazzer(dir.path(), &[&cp(), "--target_class=fuzz.SlowOnce", "-runs=50", "-seed=1", corpus.to_str().unwrap()]);
    assert_eq!(quiet.status, Some(0), "{}", quiet.dump());
    assert!(!quiet.stderr.contains("stat::"), "{}", quiet.dump());
}
