//! End-to-end: `fuzz` finds planted bugs in real Java targets (tests/java/fuzz-targets) within
//! an execution budget (`--runs`), never a wall-clock bound. Each test checks the exit status
//! (1 = finding), the finding's exception in findings/summary.json and its files, and prints
//! the executions it took.

mod fuzz_common;

use fuzz_common::{execs_to_find, fuzz};

#[test]
fn finds_the_bad_byte_chain() {
    // Measured over seeds 1-6: found after 34k-278k executions (about 150k exec/s) before the
    // byte compares' operands reached CmpLog; since, 1.7k-8.9k.
    let s = fuzz("BadChain", &["--runs", "2000000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
    let e = &s.summary()[0];
    let dir = s.findings().join(&e.id);
    assert_eq!(std::fs::read(dir.join("input")).unwrap()[..4], *b"bad!");
    let stack = std::fs::read_to_string(dir.join("stack.txt")).unwrap();
    assert!(stack.contains("fuzz.BadChain.fuzzerTestOneInput"), "{stack}");
    let repro = std::fs::read_to_string(dir.join("Reproducer.java")).unwrap();
    assert!(
        repro.contains("public static void main") && repro.contains("fuzz.BadChain.fuzzerTestOneInput(data)"),
        "{repro}"
    );
    assert!(dir.join("ReproducerTest.java").is_file());
    assert!(e.top_frame.starts_with("fuzz.BadChain.fuzzerTestOneInput("), "{e:?}");
    // The standalone reproducer runs with the JDK's source launcher and fails the same way.
    let mut java = std::process::Command::new(jvmfuzz_tests::jdk17().java());
    java.arg("-cp").arg(&fuzz_common::targets().classes).arg(dir.join("Reproducer.java"));
    let out = jvmfuzz_tests::run(java, std::time::Duration::from_secs(120));
    assert_ne!(out.status, Some(0), "{}", out.dump());
    assert!(out.stderr.contains("java.lang.IllegalStateException: four-byte chain reached"), "{}", out.dump());
}

#[test]
fn finds_a_32_bit_magic_compare() {
    // 0xCAFED00D is an int constant in the class's constant pool: the automatic dictionary
    // offers it in both byte orders.
    let s = fuzz("MagicInt", &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalArgumentException");
}

#[test]
fn finds_a_switch_on_a_magic_key() {
    // lookupswitch keys are not in the constant pool: the rewriter harvests them from the code.
    let s = fuzz("SwitchKey", &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.UnsupportedOperationException");
}

#[test]
fn finds_a_64_bit_magic_compare_via_operand_logging() {
    // The magic long is computed at class initialisation: not in the constant pool, so the
    // dictionary cannot offer it. The rewriter logs lcmp's operands: I2S copies the magic in.
    // Before operand logging: not found in 2M runs (seeds 1, 2); with it: 71-1813 (seeds 1-3).
    let s = fuzz("LongMagic", &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
}

#[test]
fn finds_a_magic_divisor_via_value_profile() {
    // 1_000_000 / (k ^ OFFSET) with OFFSET computed at run time: nothing to copy into the input,
    // only the value profile of the divisor (equal bits with 0) leads the search to k = OFFSET.
    let s = fuzz("XorMagic", &["--runs", "2000000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.ArithmeticException");
}

#[test]
fn finds_a_difference_divisor_via_its_operands() {
    // 1_000_000 / (k - OFFSET): the isub's operands are logged as a comparison, so
    // input-to-state copies OFFSET into the input. Seeds 1-6 (2026-11-22): 40-2,163 executions;
    // before the operands were logged, only the value profile led there: 16k-44k (seeds 1-6).
    let s = fuzz("DivMagic", &["--runs", "10000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.ArithmeticException");
}

#[test]
fn same_seed_and_runs_give_the_same_corpus_and_findings() {
    // --keep-going so that both runs spend the whole budget (corpus growth after the finding
    // counts too). Corpus files are named by content.
    let runs = || fuzz("BadChain", &["--runs", "100000", "--keep-going"]);
    let (a, b) = (runs(), runs());
    a.assert_exit(1);
    b.assert_exit(1);
    let corpus = |s: &fuzz_common::Session| {
        let mut names: Vec<String> = std::fs::read_dir(s.dir.join("corpus"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        names
    };
    let findings = |s: &fuzz_common::Session| s.summary().into_iter().map(|e| (e.id, e.execs)).collect::<Vec<_>>();
    let (ca, cb) = (corpus(&a), corpus(&b));
    assert!(ca.len() > 3, "{ca:?}\n{}", a.out.dump());
    assert_eq!(ca, cb, "corpora differ:\n{}\n{}", a.out.dump(), b.out.dump());
    let (fa, fb) = (findings(&a), findings(&b));
    assert!(!fa.is_empty());
    assert_eq!(fa, fb, "findings differ");
    eprintln!("both runs: {} corpus entries, findings {fa:?}", ca.len());
}

#[test]
fn finds_a_string_equals_magic_via_cmplog() {
    // The secret is built at run time (not a constant): only the String.equals hook feeding
    // LibAFL's input-to-state mutator can supply it.
    let s = fuzz("MagicString", &["--runs", "300000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.SecurityException");
}

#[test]
fn one_exception_reached_by_many_inputs_is_one_finding() {
    let s = fuzz("ManyInputs", &["--runs", "20000", "--keep-going"]);
    s.assert_exit(1);
    let entries = s.summary();
    assert_eq!(entries.len(), 1, "{entries:?}\n{}", s.out.dump());
    assert_eq!(entries[0].exception, "java.lang.ArithmeticException");
    // Every execution after the first finding hit it again: the log shows one FINDING line.
    assert_eq!(s.out.stdout.matches("jvmfuzz: FINDING").count(), 1, "{}", s.out.dump());
}

#[test]
fn an_exception_the_jit_throws_without_a_stack_is_still_the_same_finding() {
    // The harness's JVM keeps HotSpot's OmitStackTraceInFastThrow (a deoptimization per hot
    // implicit exception is what it saves): past a few thousand repeats the null dereference
    // comes back with no stack and no message. Each such one is replayed in a fresh JVM, which
    // names its site: the repeats are the finding already filed, not a second one.
    let s = fuzz("HotNull", &["--runs", "300000", "--keep-going"]);
    s.assert_exit(1);
    let entries = s.summary();
    assert_eq!(entries.len(), 1, "{entries:?}\n{}", s.out.dump());
    assert_eq!(entries[0].exception, "java.lang.NullPointerException");
    assert!(entries[0].top_frame.starts_with("fuzz.HotNull.fuzzerTestOneInput(HotNull.java:"), "{entries:?}");
    let replayed = s
        .out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("jvmfuzz: exceptions the JIT threw without a stack: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok());
    assert!(replayed.is_some_and(|n| n >= 1), "no stackless exception was replayed:\n{}", s.out.dump());
}

#[test]
fn a_stackless_finding_waiting_for_its_replay_outlives_a_crash_of_its_client() {
    // The target lets a hot (stackless) null dereference out once, and crashes the JVM on the
    // next execution, before that finding's replay can end. The restarted client takes over
    // what the dead one left waiting and files it with the stack its replay gives.
    let s = fuzz("StacklessThenCrash", &["--runs", "400000", "--keep-going"]);
    s.assert_exit(1);
    let entries = s.summary();
    assert!(entries.iter().any(|e| e.exception == "native crash"), "{entries:?}\n{}", s.out.dump());
    let npe = entries
        .iter()
        .find(|e| e.exception == "java.lang.NullPointerException")
        .unwrap_or_else(|| panic!("the stackless finding was lost: {entries:?}\n{}", s.out.dump()));
    assert!(npe.top_frame.starts_with("fuzz.StacklessThenCrash.site(StacklessThenCrash.java:"), "{entries:?}");
    assert_eq!(std::fs::read(s.findings().join(&npe.id).join("input")).unwrap()[2], b'Z');
    assert!(s.out.stdout.contains("stackless finding(s) an ended client left"), "{}", s.out.dump());
    assert_eq!(entries.iter().filter(|e| e.exception == "java.lang.NullPointerException").count(), 1, "{entries:?}");
    // Nothing waits any more: what the dead client left was taken and cleared.
    let left: Vec<String> = std::fs::read_dir(s.findings().join(".stackless"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_message_with_unpaired_surrogates_keeps_the_findings_identity() {
    // Each input gives another message of lone surrogates (several bytes each once they
    // cross JNI); the finding is still one, at the throwing frame.
    let s = fuzz("LoneSurrogate", &["--runs", "20000", "--keep-going"]);
    s.assert_exit(1);
    let all = s.summary();
    assert_eq!(all.len(), 1, "{all:#?}");
    assert!(all[0].top_frame.starts_with("fuzz.LoneSurrogate.fuzzerTestOneInput(LoneSurrogate.java:"), "{all:#?}");
    assert!(all[0].message.starts_with("duplicate key \u{fffd}"), "{all:#?}");
}

#[test]
fn the_harness_thread_has_a_context_class_loader() {
    let s = fuzz("ContextLoader", &["--runs", "200000"]);
    s.assert_exit(1);
    let all = s.summary();
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!(all[0].exception, "java.lang.UnsupportedOperationException", "{all:#?}");
}

#[test]
fn an_exception_ending_another_thread_is_printed_once_per_site_and_counted() {
    let s = fuzz("WorkerThrows", &["--runs", "3000", "--max-len", "8"]);
    s.assert_exit(0);
    assert!(s.summary().is_empty(), "{}", s.out.dump());
    let err = &s.out.stderr;
    let printed = |what: &str| err.lines().filter(|l| l.starts_with("Exception in thread") && l.contains(what)).count();
    // The JVM's default would print each of the 3,000 failures with its stack.
    assert_eq!(printed("java.lang.IllegalStateException: worker failed"), 1, "{}", s.out.dump());
    assert!(printed("java.lang.UnsupportedOperationException: second site") <= 1, "{}", s.out.dump());
    assert!(err.contains("are counted, not printed"), "{}", s.out.dump());
    // The counts at the end: most of the runs failed at the first site.
    let count = err
        .lines()
        .filter(|l| l.contains(" x java.lang.IllegalStateException at fuzz.WorkerThrows"))
        .find_map(|l| l.split(" x ").next()?.trim().parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no count for the first site\n{}", s.out.dump()));
    assert!(count > 1000, "{count}\n{}", s.out.dump());
}

#[test]
fn out_of_memory_is_a_finding() {
    let s = fuzz("Oom", &["--runs", "200000", "--jvm-arg=-Xmx256m"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.OutOfMemoryError");
}

/// A heap that state kept across runs has filled (tests/java/fuzz-targets/src/fuzz/HeapLeak)
/// fails every run after it: the JVM is restarted, corpus and findings kept, and the run goes
/// on to its budget.
#[test]
fn a_full_heap_restarts_the_jvm() {
    let s = fuzz("HeapLeak", &["--runs", "1500", "--keep-going", "--jvm-arg=-Xmx64m"]);
    s.assert_exit(1);
    assert!(
        s.out.stdout.contains("left the Java heap full") || s.out.stderr.contains("left the Java heap full"),
        "{}",
        s.out.dump()
    );
    execs_to_find(&s, "java.lang.OutOfMemoryError");
    let done = s
        .out
        .stderr
        .lines()
        .chain(s.out.stdout.lines())
        .find(|l| l.contains("jvmfuzz: done: "))
        .unwrap_or("")
        .to_string();
    assert!(!done.is_empty(), "{}", s.out.dump());
}

#[test]
fn stack_overflow_is_a_finding() {
    let s = fuzz("Recursion", &["--runs", "200000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.StackOverflowError");
}

/// With only the library included, a harness that returns at once on the empty seed has
/// reached no instrumented class after its seeds: inputs of other bytes get there, and the run
/// fuzzes (OSS-Fuzz's xerces parserFuzzer was refused with "no class was instrumented").
#[test]
fn a_harness_that_returns_early_on_the_empty_seed_is_still_fuzzed() {
    let s = fuzz("EarlyReturn", &["--runs", "200000", "--includes", "fuzz.EarlyParser"]);
    s.assert_exit(1);
    let all = s.summary();
    assert_eq!(all.len(), 1, "{all:#?}\n{}", s.out.dump());
    assert_eq!(all[0].exception, "java.lang.IllegalStateException", "{all:#?}");
    // A filter that selects nothing is still refused, with what to fix.
    let none = fuzz("EarlyReturn", &["--runs", "2000", "--includes", "no.such.Package*"]);
    none.assert_exit(2);
    assert!(none.out.stderr.contains("no class was instrumented"), "{}", none.out.dump());
}

#[test]
fn system_exit_is_a_finding_not_the_end() {
    let s = fuzz("Exit", &["--runs", "200000"]);
    s.assert_exit(1);
    execs_to_find(&s, "com.jvmfuzz.shim.fuzz.FuzzerExit");
    let e = s.summary().into_iter().next().unwrap();
    assert!(e.message.contains("System.exit(3)"), "{e:?}");
    assert!(s.out.stdout.contains("jvmfuzz: 1 finding(s)"), "{}", s.out.dump());
}

/// The harness returns normally after the exit call: the finding comes from the exit hook's
/// flag, which the fast `byte[]` path reads after every clean execution.
#[test]
fn system_exit_swallowed_by_the_target_is_still_a_finding() {
    let s = fuzz("ExitSwallowed", &["--runs", "200000"]);
    s.assert_exit(1);
    execs_to_find(&s, "com.jvmfuzz.shim.fuzz.FuzzerExit");
    let e = s.summary().into_iter().next().unwrap();
    assert!(e.message.contains("System.exit(4)"), "{e:?}");
}

#[test]
fn a_hang_is_a_timeout_finding_with_thread_dump() {
    let s = fuzz("Hang", &["--runs", "200000", "--timeout", "1"]);
    s.assert_exit(1);
    execs_to_find(&s, "timeout");
    let e = s.summary().into_iter().find(|e| e.exception == "timeout").unwrap();
    let stack = std::fs::read_to_string(s.findings().join(&e.id).join("stack.txt")).unwrap();
    assert!(stack.contains("fuzz.Hang.fuzzerTestOneInput"), "{stack}");
    assert!(stack.contains("all threads:"), "{stack}");
    assert_eq!(&std::fs::read(s.findings().join(&e.id).join("input")).unwrap()[..2], b"hu");
    // The watchdog stopped the stuck run in its JVM: no new process was needed.
    assert!(!s.out.stdout.contains("restarted client"), "{}", s.out.dump());
}

#[test]
fn a_hang_is_stopped_and_fuzzing_goes_on_in_the_same_jvm() {
    // With --keep-going the process runs out its budget after the timeout (and after each
    // later one), with no restart and its corpus intact.
    let s = fuzz("Hang", &["--runs", "30000", "--timeout", "1", "--keep-going"]);
    s.assert_exit(1);
    let timeouts = s.summary().into_iter().filter(|e| e.exception == "timeout").count();
    assert_eq!(timeouts, 1, "one finding however often it hangs:\n{}", s.out.dump());
    assert!(!s.out.stdout.contains("restarted client"), "{}", s.out.dump());
    let done = s.out.stdout.lines().find(|l| l.starts_with("jvmfuzz: done: ")).unwrap_or_default();
    let execs: u64 = done.split_whitespace().nth(2).and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(execs >= 30000, "one process ran the whole budget: {done:?}\n{}", s.out.dump());
}

/// A loop whose stops land in different frames (the loop's method, its helper, the JDK's code
/// under the helper) is one hang: one finding, named by the loop's method.
#[test]
fn a_hang_is_one_finding_wherever_its_stops_land() {
    let s = fuzz("HangDeep", &["--runs", "30000", "--timeout", "0.5", "--keep-going"]);
    s.assert_exit(1);
    let timeouts: Vec<_> = s.summary().into_iter().filter(|e| e.exception == "timeout").collect();
    assert_eq!(timeouts.len(), 1, "one finding however often it hangs:\n{}", s.out.dump());
    // It did hang more than once (LibAFL counts each stopped run as an objective).
    let objectives = s.out.stdout.rsplit("objectives: ").next().and_then(|t| t.split(',').next());
    let objectives: u64 = objectives.and_then(|n| n.trim().parse().ok()).unwrap_or(0);
    assert!(objectives >= 2, "{objectives} hangs:\n{}", s.out.dump());
    let stack = std::fs::read_to_string(s.findings().join(&timeouts[0].id).join("stack.txt")).unwrap_or_default();
    assert!(stack.contains("\nstuck in fuzz.HangDeep.spin: "), "{stack}");
    // The identity holds in another JVM: `repro` of its input names the same finding.
    let mut cmd = std::process::Command::new(fuzz_common::fuzz_bin());
    cmd.args(["repro", "--timeout", "0.5", "--cp"]).arg(&fuzz_common::targets().classes);
    cmd.args(["--harness", "fuzz.HangDeep"]).arg(s.findings().join(&timeouts[0].id).join("input"));
    cmd.env("JAVA_HOME", jvmfuzz_tests::jdk17().home.clone());
    let out = jvmfuzz_tests::run(cmd, std::time::Duration::from_secs(120));
    assert!(out.stdout.contains("TIMEOUT") && out.stdout.contains(&timeouts[0].id), "{}", out.dump());
}

/// A finding's cause is printed with none of the fuzzer's own frames under the harness method
/// (the top trace is cut there, and so is each cause's).
#[test]
fn a_chained_exception_shows_its_cause_without_the_fuzzers_frames() {
    let s = fuzz("Wrapped", &["--runs", "200000"]);
    s.assert_exit(1);
    let e = s.summary().into_iter().next().unwrap_or_else(|| panic!("{}", s.out.dump()));
    let stack = std::fs::read_to_string(s.findings().join(&e.id).join("stack.txt")).unwrap_or_default();
    assert!(stack.contains("Caused by: java.lang.NumberFormatException"), "{stack}");
    assert!(!stack.contains("com.jvmfuzz.shim") && !stack.contains("java.lang.invoke"), "{stack}");
}

/// A Jazzer-interface harness runs on the fast path (its provider reads the fuzzer's buffer in
/// place): its finding shows none of the fuzzer's frames, and the input replayed longer than
/// that buffer (the JNI path) is the same finding.
#[test]
fn a_provider_harness_finding_is_the_same_on_either_path() {
    let t = fuzz_common::targets();
    let s = fuzz_common::fuzz_cp("JazzerWrapped", &[&t.classes, &t.jazzer_api], &["--runs", "200000"]);
    s.assert_exit(1);
    let e = s.summary().into_iter().next().unwrap_or_else(|| panic!("{}", s.out.dump()));
    let dir = s.findings().join(&e.id);
    let stack = std::fs::read_to_string(dir.join("stack.txt")).unwrap_or_default();
    assert!(stack.contains("Caused by: java.lang.NumberFormatException"), "{stack}");
    assert!(!stack.contains("com.jvmfuzz.shim") && !stack.contains("java.lang.invoke"), "{stack}");
    let mut input = std::fs::read(dir.join("input")).unwrap();
    let short = s.dir.join("short");
    std::fs::write(&short, &input).unwrap();
    // Past the fuzzer's 1 MiB buffer; the harness reads 10 bytes at most from the front.
    input.resize((1 << 20) + 16, b'0');
    let long = s.dir.join("long");
    std::fs::write(&long, &input).unwrap();
    let classpath = std::env::join_paths([&t.classes, &t.jazzer_api]).unwrap();
    let mut cmd = std::process::Command::new(fuzz_common::fuzz_bin());
    cmd.args(["repro", "--cp"]).arg(classpath).args(["--harness", "fuzz.JazzerWrapped"]).arg(&short).arg(&long);
    cmd.env("JAVA_HOME", jvmfuzz_tests::jdk17().home.clone());
    let out = jvmfuzz_tests::run(cmd, std::time::Duration::from_secs(120));
    let ids: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("REPRODUCED")).collect();
    assert_eq!(ids.len(), 2, "{}", out.dump());
    for line in ids {
        assert!(line.contains(&format!("[id {}]", e.id)), "{line}\n{}", out.dump());
    }
}

#[test]
fn no_finding_exits_zero_within_the_run_budget() {
    let s = fuzz("Trivial", &["--runs", "20000"]);
    s.assert_exit(0);
    assert!(s.summary().is_empty());
    assert!(s.out.stdout.contains("jvmfuzz: no finding"), "{}", s.out.dump());
    // A plain progress line per interval, and a final summary with execs and edges.
    let done =
        s.out.stdout.lines().find(|l| l.starts_with("jvmfuzz: done:")).unwrap_or_else(|| panic!("{}", s.out.dump()));
    eprintln!("{done}");
    assert!(done.contains("edges"), "{done}");
}

#[test]
fn a_native_jvm_crash_restarts_the_client_and_keeps_going() {
    // --keep-going: after the crash LibAFL's restarting manager starts a new process (a new
    // JVM) with the saved state, which then runs out its budget normally.
    // What this test checks is the restart, not search speed. The operands of the two byte
    // compares ("C", "X") reach CmpLog, so the crash comes after about 2.4k runs (seed 1); it is
    // then hit again and again (every hit is a new process and JVM, about 1k runs/s), so the
    // budget stays small. (Before operand logging 60k runs missed "CX" about one run in six.)
    let s = fuzz("NativeCrash", &["--runs", "20000", "--keep-going"]);
    s.assert_exit(1);
    let e =
        s.summary().into_iter().find(|e| e.exception == "native crash").unwrap_or_else(|| panic!("{}", s.out.dump()));
    assert_eq!(&std::fs::read(s.findings().join(&e.id).join("input")).unwrap()[..2], b"CX");
    assert!(s.out.stdout.contains("jvmfuzz: done:"), "the restarted client did not finish:\n{}", s.out.dump());
    // The restored novelty history is indexed by map cells: the new process must have been
    // handed the old probe -> cell table.
    assert!(
        s.out.stdout.lines().any(|l| l.starts_with("jvmfuzz: restarted client: ") && !l.contains(": 0 coverage-map")),
        "no cell table carried over:\n{}",
        s.out.dump()
    );
}

#[test]
fn parallel_jobs_find_the_bug_and_stop() {
    let s = fuzz("BadChain", &["--runs", "2000000", "--jobs", "2"]);
    s.assert_exit(1);
    assert_eq!(s.summary().len(), 1, "{}", s.out.dump());
}

#[test]
fn parallel_jobs_run_one_jvm_each_to_their_budget() {
    let s = fuzz("Trivial", &["--runs", "20000", "--jobs", "2"]);
    s.assert_exit(0);
    assert_eq!(s.out.stdout.matches("jvmfuzz: done:").count(), 2, "{}", s.out.dump());
}

/// The processes whose command line mentions `dir` (this test's own temp folder).
fn processes_in(dir: &std::path::Path) -> Vec<String> {
    let needle = dir.to_string_lossy().into_owned();
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else { continue };
        let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
        let zombie = std::fs::read_to_string(e.path().join("stat")).is_ok_and(|st| st.contains(") Z "));
        if cmd.contains(&needle) && !zombie {
            found.push(format!("{}: {cmd}", e.file_name().to_string_lossy()));
        }
    }
    found
}

#[test]
fn a_killed_parallel_run_leaves_no_broker_or_client_behind() {
    // The launcher's broker and clients are in a process group of their own; killing the
    // process that supervises them (as a CI timeout or a shell's kill does) must end them too,
    // or an orphaned broker keeps the run's output open and its port taken.
    let t = fuzz_common::targets();
    let dir = jvmfuzz_tests::TempDir::new("fuzz-orphans");
    let mut child = std::process::Command::new(fuzz_common::fuzz_bin())
        .current_dir(dir.path())
        .arg("--cp")
        // The temp folder on the class path marks this run's processes (forks keep argv).
        .arg(format!("{}:{}", t.classes.display(), dir.path().display()))
        .args(["--harness", "fuzz.Trivial", "--progress", "plain", "--jobs", "2", "--max-total-time", "120"])
        .env("JAVA_HOME", jvmfuzz_tests::jdk17().home.clone())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Both clients at work.
    let started = std::time::Instant::now();
    while processes_in(dir.path()).len() < 4 && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let before = processes_in(dir.path());
    assert!(before.len() >= 4, "the supervisor, the broker and two clients: {before:#?}");
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = std::time::Instant::now();
    let mut left = processes_in(dir.path());
    while !left.is_empty() && killed.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(200));
        left = processes_in(dir.path());
    }
    assert!(left.is_empty(), "left behind 20 s after the supervisor was killed: {left:#?}");
}

#[test]
fn ignored_exceptions_are_not_findings() {
    let s = fuzz("ManyInputs", &["--runs", "5000", "--ignore-exception", "java.lang.RuntimeException"]);
    s.assert_exit(0);
    assert!(s.summary().is_empty(), "{}", s.out.dump());
}

#[test]
fn finds_a_magic_int_and_string_with_jazzers_layout() {
    // A Jazzer-interface harness reads Jazzer's layout: the string from the input's front, the
    // int from its last 4 bytes, last byte most significant. Both magic values are computed at
    // run time (no dictionary): the String.equals hook's operands and the int comparison's
    // operands reach input-to-state replacement, which matches integers in both byte orders,
    // so the int's little-endian bytes land at the end. Seeds 1-6 (2026-11-25): 706-3,087
    // executions; the int alone: 41-3,182 (seeds 1-3). The string is compared first: with the
    // int first, the front must afterwards grow to exactly the 11 string bytes in front of the
    // int's 4 (I2S only overwrites), 174k to over 2M executions with either provider layout.
    let t = fuzz_common::targets();
    let s = fuzz_common::fuzz_cp("JazzerMagic", &[&t.classes, &t.jazzer_api], &["--runs", "30000"]);
    s.assert_exit(1);
    execs_to_find(&s, "java.lang.IllegalStateException");
    let e = &s.summary()[0];
    let input = std::fs::read(s.findings().join(&e.id).join("input")).unwrap();
    let magic = 0x0BAD_F00Du32.rotate_left(7).to_le_bytes();
    // (A backslash and one more byte may end the string early: bytes after those are unread.)
    assert!(input.starts_with(b"open sesame") && input.ends_with(&magic), "{input:02x?} {e:?}");
}

#[test]
fn deep_nesting_overflows_the_stack_about_where_it_does_under_jazzer() {
    // Jazzer runs harnesses on the JVM's main thread (1 MB of stack), and OSS-Fuzz crash files
    // of deep nesting must reproduce here. Measured with Jazzer 0.30.0 and this target: 4,000
    // levels overflow its stack and 2,000 do not, the same as jvmfuzz's harness thread; with
    // the 64 MB it had before, 8,000 levels did not overflow.
    let dir = jvmfuzz_tests::TempDir::new("deep");
    let input = dir.join("nested");
    std::fs::write(&input, vec![b'['; 8_000]).unwrap();
    let mut cmd = std::process::Command::new(fuzz_common::fuzz_bin());
    cmd.arg("repro")
        .arg("--cp")
        .arg(&fuzz_common::targets().classes)
        .args(["--harness", "fuzz.DeepNesting"])
        .arg(&input)
        .env("JAVA_HOME", jvmfuzz_tests::jdk17().home.clone());
    let out = jvmfuzz_tests::run(cmd, std::time::Duration::from_secs(120));
    assert!(out.stdout.contains("REPRODUCED") && out.stdout.contains("java.lang.StackOverflowError"), "{}", out.dump());
}

#[test]
fn grows_an_input_to_a_whole_record_with_no_coverage_on_the_way() {
    // LongRecord reads nothing below 512 bytes (a tar header), so nothing rewards growing
    // towards it; LibAFL's inserts add 16 bytes at most. With libFuzzer's InsertRepeatedBytes
    // and insert-a-part-of-itself (grow.rs, their length limit doubling per 10,000 executions
    // without a new entry): 276,153, 104,894 and 268,865 executions for seeds 1-3; before
    // them, no finding in 2,000,000 for any of the three.
    let no_env = std::collections::HashMap::new();
    for seed in ["1", "2", "3"] {
        let s = fuzz_common::fuzz_seeded(
            "LongRecord",
            &[&fuzz_common::targets().classes],
            seed,
            &["--runs", "2000000", "--solver", "off"],
            &no_env,
        );
        s.assert_exit(1);
        execs_to_find(&s, "java.lang.IllegalStateException");
    }
}

#[test]
fn a_parser_that_fails_alike_at_each_step_still_shows_each_step() {
    // TokenSteps reads eight fields with a StringTokenizer, one call per line: every input
    // short of eight ends in the same NoSuchElementException, and no branch differs. JaCoCo's
    // probe at the start of each line of calls (which Jazzer's coverage has) rewards one more
    // field. With it: 12,808, 8,215 and 5,885 executions for seeds 1-3; without it, none of
    // the three in 1,000,000.
    let no_env = std::collections::HashMap::new();
    for seed in ["1", "2", "3"] {
        let s = fuzz_common::fuzz_seeded(
            "TokenSteps",
            &[&fuzz_common::targets().classes],
            seed,
            &["--runs", "300000", "--solver", "off"],
            &no_env,
        );
        s.assert_exit(1);
        execs_to_find(&s, "java.lang.IllegalStateException");
    }
}

#[test]
fn a_token_cut_from_a_providers_text_is_replaced_where_the_provider_read_it() {
    // ProviderTokens is laid out as OSS-Fuzz's osgi VersionRange harness (three ints from the
    // end, two texts splitting what is left) and wants each text, trimmed, to be one bracket.
    // Seeded with 27 bytes of '3', every text is a run of '3's found all over the input. While
    // an input is traced, each text's chars are mapped to the bytes they came from (Spans), and
    // a failed comparison becomes a splice at exactly that place, padded with spaces so the
    // split stays. A first version also offered the splice that shrinks the input: it kept an
    // entry whose second text had become empty, and seeds 1, 3, 5 and 6 found nothing in
    // 100,000 executions; as built, 972, 4,465 and 3,562 for seeds 1-3 (input-to-state alone,
    // the build before: 296, 5,361 and 2,778).
    let t = fuzz_common::targets();
    let no_env = std::collections::HashMap::new();
    for seed in ["1", "2", "3"] {
        let corpus = jvmfuzz_tests::TempDir::new("provider-tokens");
        std::fs::write(corpus.path().join("digits"), [b'3'; 27]).unwrap();
        let corpus_arg = corpus.path().display().to_string();
        let s = fuzz_common::fuzz_seeded(
            "ProviderTokens",
            &[&t.classes, &t.jazzer_api],
            seed,
            &["--runs", "50000", "--solver", "off", "--seed-corpus", &corpus_arg],
            &no_env,
        );
        s.assert_exit(1);
        execs_to_find(&s, "java.lang.IllegalStateException");
    }
}

#[test]
fn a_tokenizer_that_ran_out_is_given_the_delimiters_it_read_to() {
    // ProviderRange reads two "[1,2)" ranges as osgi's VersionRange does (a StringTokenizer,
    // nextToken(delimiters) one call per line, each range half of what the provider has left):
    // a range short of its ")" fails like one short of its ",", and the delimiters are compared
    // inside the JDK only. The hook on nextToken offers the delimiters after the last token
    // returned. Seeds 1-3: 3,441, 1,821 and 3,390 executions; the build before: 29,253, 34,217
    // and 124,787 (Jazzer 0.30.0: 9,853, 15,946 and 5,290).
    let t = fuzz_common::targets();
    let no_env = std::collections::HashMap::new();
    for seed in ["1", "2", "3"] {
        let s = fuzz_common::fuzz_seeded(
            "ProviderRange",
            &[&t.classes, &t.jazzer_api],
            seed,
            &["--runs", "20000", "--solver", "off"],
            &no_env,
        );
        s.assert_exit(1);
        execs_to_find(&s, "java.lang.IllegalStateException");
    }
}
