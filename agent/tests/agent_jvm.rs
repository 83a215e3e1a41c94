//! End-to-end tests of the `-agentpath` agent on real JVMs (JDK 17 and JDK 25): the JVM starts,
//! the program's output is unchanged, the exit line is printed on every kind of exit, bad options
//! stop the JVM with a message naming the option, a multi-threaded run gives exactly the same
//! per-probe counts (`counts=exact`) as the same work on one thread, and the default hit-once
//! probes (`counts=covered`) give the same reports as exact counting.
//!
//! The cdylib is built by cargo for this package's integration tests and found next to the test
//! binary (target/<profile>/deps/libjvmfuzz_agent.so). Java programs are compiled at test time into
//! CARGO_TARGET_TMPDIR. JDK 17 is the default `java` (or /usr/lib/jvm/java-17-openjdk-amd64),
//! JDK 25 is /usr/lib/jvm/temurin-25-jdk-amd64 unless JVMFUZZ_JDK25 points elsewhere; a missing
//! JDK fails the test rather than skipping it silently.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use jvmfuzz_coverage::CounterKind;
use jvmfuzz_tests::compare::{diff, parse_report_xml};

const JDK17: &str = "/usr/lib/jvm/java-17-openjdk-amd64";
const JDK25: &str = "/usr/lib/jvm/temurin-25-jdk-amd64";

fn agent_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("test exe path");
    // The test build leaves the cdylib in target/<profile>/deps, next to this binary; `cargo
    // build` also copies it to target/<profile>, where it may be stale, so deps/ comes first.
    let deps = exe.parent().expect("deps dir");
    for dir in [deps, deps.parent().expect("profile dir")] {
        let lib = dir.join("libjvmfuzz_agent.so");
        if lib.is_file() {
            return lib;
        }
    }
    panic!("libjvmfuzz_agent.so not found next to {}", exe.display());
}

fn jdk17() -> PathBuf {
    let home = PathBuf::from(JDK17);
    if home.join("bin/java").is_file() {
        return home;
    }
    // Fall back to the java on PATH, resolved to its JDK home.
    let out = Command::new("sh").arg("-c").arg("readlink -f \"$(command -v javac)\"").output().expect("sh");
    let javac = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    javac.parent().and_then(Path::parent).map(Path::to_path_buf).expect("no JDK 17 found (install openjdk-17-jdk)")
}

fn jdk25() -> PathBuf {
    let home = std::env::var_os("JVMFUZZ_JDK25").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(JDK25));
    assert!(home.join("bin/java").is_file(), "JDK 25 not found at {} (set JVMFUZZ_JDK25)", home.display());
    home
}

fn work_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("agent-jvm").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create work dir");
    dir
}

/// Compiles `sources` (path relative to the source root, text) with JDK 17's javac
/// `--release 11`; returns the classes directory.
fn compile(dir: &Path, sources: &[(&str, &str)], classpath: Option<&Path>) -> PathBuf {
    let src = dir.join("src");
    let classes = dir.join("classes");
    fs::create_dir_all(&classes).expect("classes dir");
    let mut cmd = Command::new(jdk17().join("bin/javac"));
    cmd.args(["--release", "11", "-g", "-d"]).arg(&classes);
    if let Some(cp) = classpath {
        cmd.arg("-cp").arg(cp);
    }
    for (path, text) in sources {
        let file = src.join(path);
        fs::create_dir_all(file.parent().expect("parent")).expect("src dir");
        fs::write(&file, text).expect("write source");
        cmd.arg(&file);
    }
    let out = cmd.output().expect("run javac");
    assert!(out.status.success(), "javac failed:\n{}", String::from_utf8_lossy(&out.stderr));
    classes
}

/// Runs a command with a deadline (a hung JVM must fail the test, not hang it).
fn run(mut cmd: Command, cwd: &Path) -> Output {
    cmd.current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn java");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + Duration::from_secs(180);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("JVM did not finish within 180 s: {cmd:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output { status, stdout: out_t.join().expect("stdout"), stderr: err_t.join().expect("stderr") }
}

fn java(jdk: &Path, agent_options: Option<&str>, classes: &Path, main: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(jdk.join("bin/java"));
    if let Some(opts) = agent_options {
        cmd.arg(format!("-agentpath:{}={}", agent_lib().display(), opts));
    }
    cmd.arg("-Xmx256m").arg("-cp").arg(classes).arg(main).args(args);
    cmd
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The exit lines in stderr: `(classes, methods, probes, skipped)` for each.
fn exit_lines(stderr: &str) -> Vec<(u64, u64, u64, u64)> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("jvmfuzz: instrumented "))
        .map(|rest| {
            let nums: Vec<u64> = rest
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("number"))
                .collect();
            assert_eq!(nums.len(), 4, "malformed exit line: {rest}");
            assert!(
                rest.contains(" classes (") && rest.contains(" methods, ") && rest.contains(" probes), skipped "),
                "malformed exit line: {rest}"
            );
            (nums[0], nums[1], nums[2], nums[3])
        })
        .collect()
}

fn read_dump(path: &Path) -> BTreeMap<u32, u64> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("read dump {}: {e}", path.display()));
    text.lines()
        .map(|l| {
            let (id, n) = l.split_once(' ').unwrap_or_else(|| panic!("bad dump line {l:?}"));
            (id.parse().expect("id"), n.parse().expect("count"))
        })
        .collect()
}

// ---- programs ------------------------------------------------------------------------------

const HELLO: &str = r#"
package app;

import java.util.*;
import java.util.function.IntUnaryOperator;

public class Hello {
    enum Color { RED, GREEN, BLUE }

    interface Shape { double area(); default String describe() { return "area " + Math.round(area()); } }

    static final class Square implements Shape {
        private final double side;
        Square(double side) { this.side = side; }
        public double area() { return side * side; }
    }

    static int classify(int x) {
        if (x < 0) return -1;
        switch (x % 4) {
            case 0: return 10;
            case 1: return 11;
            case 7: return 17;
            default: return x > 100 ? 2 : 3;
        }
    }

    static String word(String s) {
        switch (s) {
            case "one": return "1";
            case "two": return "2";
            default: return "?";
        }
    }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        } finally {
            counter++;
        }
    }

    static int counter;

    public static void main(String[] args) {
        long sum = 0;
        for (int i = -50; i < 5000; i++) sum += classify(i);
        System.out.println("sum " + sum);
        System.out.println(word("one") + word("two") + word("three"));
        System.out.println(parse("42") + " " + parse("x") + " " + counter);
        IntUnaryOperator twice = v -> v * 2;
        System.out.println("lambda " + twice.applyAsInt(21));
        List<Shape> shapes = new ArrayList<>();
        for (int i = 1; i <= 3; i++) shapes.add(new Square(i));
        for (Shape s : shapes) System.out.println(s.describe());
        for (Color c : Color.values()) System.out.print(c.ordinal() > 0 ? "," + c : c.toString());
        System.out.println();
        String mode = args.length > 0 ? args[0] : "normal";
        if (mode.equals("exit")) {
            System.out.println("exiting");
            System.exit(3);
        }
        if (mode.equals("throw")) throw new IllegalStateException("boom");
        System.out.println("done");
    }
}
"#;

/// An interface with no code: matches the filters but cannot be instrumented.
const NO_CODE: &str = r#"
package app;
public interface NoCode { int f(int x); }
"#;

const USES_NO_CODE: &str = r#"
package app;
public class UsesNoCode {
    public static void main(String[] args) {
        NoCode n = x -> x + 1;
        System.out.println("n " + n.f(1));
    }
}
"#;

const COUNT_MAIN: &str = r#"
package app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs TASKS deterministic tasks on 1 thread, or in waves of N threads (threads die between
 *  waves, with a GC so their rings get recycled), optionally virtual threads (JDK 21+).
 *  Not instrumented: only Work is. */
public class CountMain {
    static final int TASKS = 96;

    static Thread newThread(Runnable r, boolean virtual) throws Exception {
        if (!virtual) return new Thread(r);
        // Thread.ofVirtual().unstarted(r), reflectively: compiled with --release 11.
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        return (Thread) Class.forName("java.lang.Thread$Builder")
                .getMethod("unstarted", Runnable.class).invoke(builder, r);
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int waves = Integer.parseInt(args[1]);
        boolean virtual = args.length > 2 && args[2].equals("virtual");
        Work.load();
        long[] out = new long[TASKS];
        if (threads == 1) {
            for (int t = 0; t < TASKS; t++) out[t] = Work.task(t);
        } else {
            for (int w = 0; w < waves; w++) {
                final int from = w * TASKS / waves, to = (w + 1) * TASKS / waves;
                AtomicInteger next = new AtomicInteger(from);
                List<Thread> ts = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    Thread th = newThread(() -> {
                        int t;
                        while ((t = next.getAndIncrement()) < to) out[t] = Work.task(t);
                    }, virtual);
                    th.start();
                    ts.add(th);
                }
                for (Thread th : ts) th.join();
                // Let the shim's Cleaner release the dead threads' rings so the next wave
                // recycles them (best effort: the Cleaner runs on its own thread).
                System.gc();
                Thread.sleep(50);
                System.gc();
                Thread.sleep(50);
            }
        }
        long sum = 0;
        for (long v : out) sum = sum * 31 + v;
        System.out.println("checksum " + sum);
    }
}
"#;

const WORK: &str = r#"
package app;

final class Work {
    static void load() {}

    static long task(int t) {
        long x = t * 2654435761L + 1;
        long acc = 0;
        for (int i = 0; i < 20000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int k = (int) (x & 7);
            switch (k) {
                case 0: acc += 1; break;
                case 1: acc -= 3; break;
                case 2:
                case 3: acc ^= x; break;
                default: acc += k;
            }
            if ((x & 16) != 0) acc = rot(acc); else acc = acc * 3;
            if (acc < 0 && (x & 32) != 0) {
                try {
                    check(acc);
                } catch (IllegalArgumentException e) {
                    acc = -acc;
                }
            }
        }
        return acc;
    }

    static long rot(long v) { return Long.rotateLeft(v, 5); }

    static void check(long v) {
        if ((v & 3) == 0) throw new IllegalArgumentException();
    }
}
"#;

/// Deep recursion until StackOverflowError (probes fire at every depth, so the overflow hits
/// inside the probe sooner or later), caught, three times; then Marker.mark() runs 777 times.
const OVERFLOW: &str = r#"
package app;

public class Overflow {
    static int depth(int n) {
        if ((n & 1) == 0) return depth(n + 1) + 1;
        return depth(n + 1) + 2;
    }

    public static void main(String[] args) throws Exception {
        int caught = 0;
        for (int round = 0; round < 3; round++) {
            try {
                depth(0);
            } catch (StackOverflowError e) {
                caught++;
            }
        }
        // A thread whose first probe fires deep in a recursion.
        Thread t = new Thread(() -> {
            try {
                depth(0);
            } catch (StackOverflowError e) {
                System.out.println("thread overflowed");
            }
            for (int i = 0; i < 555; i++) Marker.other(i);
        });
        t.start();
        t.join();
        long s = 0;
        for (int i = 0; i < 777; i++) s += Marker.mark(i);
        System.out.println("caught " + caught + " sum " + s);
    }
}

class Marker {
    static int mark(int i) { return i; }
    static int other(int i) { return -i; }
}
"#;

// ---- tests ---------------------------------------------------------------------------------

fn program_output_is_unchanged(jdk: &Path, name: &str) {
    let dir = work_dir(name);
    let classes = compile(&dir, &[("app/Hello.java", HELLO)], None);
    for mode in ["normal", "exit", "throw"] {
        let plain = run(java(jdk, None, &classes, "app.Hello", &[mode]), &dir);
        let agent = run(java(jdk, Some("includes=app.*,formats=none"), &classes, "app.Hello", &[mode]), &dir);
        let (plain_err, agent_err) = (text(&plain.stderr), text(&agent.stderr));
        assert_eq!(text(&plain.stdout), text(&agent.stdout), "{mode}: stdout changed\nstderr: {agent_err}");
        assert!(!text(&agent.stdout).is_empty());
        assert_eq!(plain.status.code(), agent.status.code(), "{mode}: exit code changed\nstderr: {agent_err}");
        let expected_code = match mode {
            "exit" => 3,
            "throw" => 1,
            _ => 0,
        };
        assert_eq!(agent.status.code(), Some(expected_code), "{mode}\nstderr: {agent_err}");
        // stderr is the program's own plus our lines only.
        let ours: Vec<&str> = agent_err.lines().filter(|l| l.starts_with("jvmfuzz:")).collect();
        let theirs: Vec<&str> = agent_err.lines().filter(|l| !l.starts_with("jvmfuzz:")).collect();
        assert_eq!(theirs, plain_err.lines().collect::<Vec<_>>(), "{mode}: program stderr changed");
        assert_eq!(ours.len(), 1, "{mode}: expected exactly one jvmfuzz line, got {ours:?}");
        let lines = exit_lines(&agent_err);
        assert_eq!(lines.len(), 1, "{mode}: {agent_err}");
        let (classes_n, methods, probes, skipped) = lines[0];
        // Hello, Hello$Shape (default method), Hello$Square, Hello$Color.
        assert!(classes_n >= 4, "{mode}: only {classes_n} classes instrumented: {agent_err}");
        assert!(methods >= 10 && probes >= 40, "{mode}: {agent_err}");
        assert_eq!(skipped, 0, "{mode}: {agent_err}");
    }
}

#[test]
fn program_output_is_unchanged_jdk17() {
    program_output_is_unchanged(&jdk17(), "unchanged-17");
}

#[test]
fn program_output_is_unchanged_jdk25() {
    program_output_is_unchanged(&jdk25(), "unchanged-25");
}

#[test]
fn bad_options_stop_the_jvm_with_a_message_naming_the_option() {
    let dir = work_dir("bad-options");
    let classes = compile(&dir, &[("app/Hello.java", HELLO)], None);
    for (opts, must_contain) in [
        ("inclues=app.*", vec!["`inclues`", "includes, excludes, report, formats, sources, verbose, dump"]),
        ("formats=xml+pdf", vec!["formats", "`pdf`", "xml, html, lcov"]),
        ("report", vec!["`report`", "report=DIR"]),
    ] {
        let out = run(java(&jdk17(), Some(opts), &classes, "app.Hello", &[]), &dir);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{opts}: the JVM ran anyway");
        // (HotSpot prints its own "Error occurred during initialization of VM" on stdout.)
        assert!(!text(&out.stdout).contains("sum "), "{opts}: the program ran: {}", text(&out.stdout));
        for s in must_contain {
            assert!(err.contains(s), "{opts}: stderr lacks {s:?}:\n{err}");
        }
    }
}

#[test]
fn filters_and_verbose_report_skipped_classes() {
    let dir = work_dir("skipped");
    let classes = compile(&dir, &[("app/NoCode.java", NO_CODE), ("app/UsesNoCode.java", USES_NO_CODE)], None);
    let out = run(java(&jdk17(), Some("includes=app.*,formats=none,verbose"), &classes, "app.UsesNoCode", &[]), &dir);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(text(&out.stdout), "n 2\n");
    // UsesNoCode (with its lambda body) is instrumented; the code-less interface is skipped.
    assert_eq!(exit_lines(&err).len(), 1, "{err}");
    let (classes_n, _, _, skipped) = exit_lines(&err)[0];
    assert_eq!((classes_n, skipped), (1, 1), "{err}");
    assert!(err.contains("skipped app/NoCode: "), "verbose does not list the skipped class:\n{err}");

    // A loaded class without code is still listed in the XML, as an empty <class> element the
    // way JaCoCo lists it; its absence used to hide loaded interfaces from the report.
    let report = dir.join("report");
    let opts = format!("includes=app.*,formats=xml,report={}", report.display());
    let out = run(java(&jdk17(), Some(&opts), &classes, "app.UsesNoCode", &[]), &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let xml = fs::read_to_string(report.join("jacoco.xml")).expect("jacoco.xml");
    assert!(
        xml.contains(r#"<class name="app/NoCode" sourcefilename="NoCode.java"/>"#),
        "the code-less interface is missing from the report:\n{xml}"
    );
    assert!(xml.contains(r#"<class name="app/UsesNoCode""#), "{xml}");

    // Excluding it: filtered classes are not "skipped".
    let out = run(
        java(&jdk17(), Some("includes=app.*,excludes=app.No*,formats=none"), &classes, "app.UsesNoCode", &[]),
        &dir,
    );
    let err = text(&out.stderr);
    assert_eq!(exit_lines(&err), [(1, exit_lines(&err)[0].1, exit_lines(&err)[0].2, 0)], "{err}");
    assert!(!err.contains("skipped app/"), "{err}");
}

#[test]
fn reports_are_written_at_exit_even_on_system_exit() {
    let dir = work_dir("reports");
    let classes = compile(&dir, &[("app/Hello.java", HELLO)], None);
    for mode in ["normal", "exit", "throw"] {
        let report = dir.join(format!("report-{mode}"));
        let opts = format!("includes=app.*,report={},sources={}", report.display(), dir.join("src").display());
        let out = run(java(&jdk17(), Some(&opts), &classes, "app.Hello", &[mode]), &dir);
        let err = text(&out.stderr);
        for f in ["jacoco.xml", "index.html", "lcov.info"] {
            let len = fs::metadata(report.join(f)).map(|m| m.len()).unwrap_or(0);
            assert!(len > 100, "{mode}: {f} missing or empty\n{err}");
        }
        let xml = fs::read_to_string(report.join("jacoco.xml")).expect("xml");
        assert!(xml.contains(r#"<class name="app/Hello""#), "{mode}: {xml}");
        assert!(xml.contains(r#"<method name="classify""#), "{mode}");
        // The summary table comes before the single exit line, which is last.
        let table = err.find("Total").unwrap_or_else(|| panic!("{mode}: no summary table\n{err}"));
        let exit = err.find("jvmfuzz: instrumented").expect("exit line");
        assert!(table < exit, "{mode}: {err}");
        assert_eq!(exit_lines(&err).len(), 1, "{err}");
        assert!(err.trim_end().lines().last().is_some_and(|l| l.starts_with("jvmfuzz: instrumented")), "{err}");
    }
    // formats=xml only writes the XML.
    let report = dir.join("report-xml");
    let opts = format!("includes=app.*,formats=xml,report={}", report.display());
    let out = run(java(&jdk17(), Some(&opts), &classes, "app.Hello", &[]), &dir);
    assert!(out.status.success());
    assert!(report.join("jacoco.xml").is_file());
    assert!(!report.join("lcov.info").exists() && !report.join("index.html").exists());
}

/// Runs CountMain single-threaded and then with each `(threads, waves, kind)` setting; every
/// run must give the same per-probe counts.
/// A StackOverflowError thrown inside the probe must not switch the thread's probes off.
#[test]
fn probes_survive_stack_overflow() {
    let dir = work_dir("overflow");
    let classes = compile(&dir, &[("app/Overflow.java", OVERFLOW)], None);
    let dump = dir.join("dump.txt");
    let opts = format!("includes=app.*,formats=none,counts=exact,dump={}", dump.display());
    let out = run(java(&jdk17(), Some(&opts), &classes, "app.Overflow", &[]), &dir);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(text(&out.stdout), "thread overflowed\ncaught 3 sum 301476\n", "{err}");
    let counts = read_dump(&dump);
    // Marker.mark and Marker.other are the only methods run exactly 777 and 555 times.
    assert!(counts.values().any(|&n| n == 777), "main thread lost probes after overflowing: {counts:?}");
    assert!(counts.values().any(|&n| n == 555), "second thread lost probes after overflowing: {counts:?}");

    // The hit-once probes (default mode) must survive the overflow too: Marker.mark runs only
    // after the main thread overflowed, Marker.other only after the second thread did.
    let report = dir.join("report-covered");
    let opts = format!("includes=app.*,formats=xml,report={}", report.display());
    let out = run(java(&jdk17(), Some(&opts), &classes, "app.Overflow", &[]), &dir);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    let xml = fs::read_to_string(report.join("jacoco.xml")).expect("jacoco.xml");
    let r = parse_report_xml(&xml).expect("parse jacoco.xml");
    for name in ["mark", "other"] {
        let (_, counters) = r
            .methods
            .iter()
            .find(|(k, _)| k.class == "app/Marker" && k.name == name)
            .unwrap_or_else(|| panic!("Marker.{name} missing from the report:\n{xml}"));
        let method = counters.get(&CounterKind::Method).copied().unwrap_or_default();
        assert_eq!((method.missed, method.covered), (0, 1), "Marker.{name} not covered after the overflow:\n{xml}");
    }
}

fn counts_are_thread_independent(jdk: &Path, name: &str, settings: &[[&str; 3]]) {
    let dir = work_dir(name);
    let classes = compile(&dir, &[("app/CountMain.java", COUNT_MAIN), ("app/Work.java", WORK)], None);
    let mut dumps = Vec::new();
    let mut checksums = Vec::new();
    for args in std::iter::once(&["1", "1", "platform"]).chain(settings) {
        let dump = dir.join(format!("dump-{}-{}.txt", args[0], args[2]));
        let opts = format!("includes=app.Work*,formats=none,counts=exact,dump={}", dump.display());
        let out = run(java(jdk, Some(&opts), &classes, "app.CountMain", args), &dir);
        let threads = args.join(" ");
        let err = text(&out.stderr);
        assert!(out.status.success(), "{threads} threads: {err}");
        assert_eq!(exit_lines(&err).len(), 1, "{err}");
        checksums.push(text(&out.stdout));
        dumps.push(read_dump(&dump));
    }
    let single = &dumps[0];
    let total: u64 = single.values().sum();
    // 96 tasks x 20000 iterations x several probes: rings (8192 events) fill many times over.
    assert!(total > 5_000_000, "too few hits to mean anything: {total}");
    assert!(single.values().filter(|&&n| n > 0).count() > 10);
    for (i, multi) in dumps.iter().enumerate().skip(1) {
        let setting = settings[i - 1].join(" ");
        assert_eq!(checksums[0], checksums[i], "{setting}: the program itself diverged");
        assert_eq!(single.len(), multi.len(), "{setting}: different probe sets");
        let diffs: Vec<_> = single.iter().filter(|(id, n)| multi.get(id) != Some(n)).take(10).collect();
        assert!(diffs.is_empty(), "{setting}: per-probe counts differ (id, single-threaded count): {diffs:?}");
    }
}

/// The default flag probes (`counts=covered`, JaCoCo's probes only) and exact counting
/// (`counts=exact`, every probe) must give the same report, single- and multi-threaded; and a
/// flag probe reports 0 or 1, never a count.
fn covered_mode_reports_equal_exact_mode(jdk: &Path, name: &str, settings: &[[&str; 3]]) {
    let dir = work_dir(name);
    let classes = compile(&dir, &[("app/CountMain.java", COUNT_MAIN), ("app/Work.java", WORK)], None);
    let xml_of = |mode: &str, args: &[&str; 3]| {
        let tag = format!("{mode}-{}-{}", args[0], args[2]);
        let report = dir.join(format!("report-{tag}"));
        let dump = dir.join(format!("dump-{tag}.txt"));
        let opts =
            format!("includes=app.*,formats=xml,counts={mode},report={},dump={}", report.display(), dump.display());
        let out = run(java(jdk, Some(&opts), &classes, "app.CountMain", args), &dir);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{tag}: {err}");
        let xml = fs::read_to_string(report.join("jacoco.xml")).expect("jacoco.xml");
        (parse_report_xml(&xml).expect("parse jacoco.xml"), read_dump(&dump), exit_lines(&err))
    };
    for args in std::iter::once(&["1", "1", "platform"]).chain(settings) {
        let setting = args.join(" ");
        let (exact, exact_dump, exact_exit) = xml_of("exact", args);
        // CountMain leaves the other threading mode's code unrun.
        let b = exact.total.get(&CounterKind::Branch).copied().unwrap_or_default();
        assert!(b.covered > 5 && b.missed > 0, "{setting}: too little to compare: {b:?}");
        let (covered, dump, exit) = xml_of("covered", args);
        let d = diff(&exact, &covered, &CounterKind::ALL, true);
        assert!(d.is_empty(), "{setting}: counts=covered reports differ from counts=exact: {d:?}");
        // Fewer probes: JaCoCo's only.
        assert!(exit[0].2 < exact_exit[0].2, "{setting}: {exit:?} vs {exact_exit:?}");
        assert!(dump.len() < exact_dump.len());
        let max = dump.values().copied().max().unwrap_or(0);
        assert_eq!(max, 1, "{setting}: a flag probe reported {max}");
    }
}

/// Generated classes with enough probes (about 150 ifs each, 130 classes) that the flag array
/// of `counts=covered` (first 16384 entries) grows twice while they load, and a thread that
/// keeps running a compiled loop through the growth (its code may hold on to a replaced array).
fn growth_sources() -> Vec<(String, String)> {
    let mut srcs = vec![(
        "grow/GrowMain.java".to_string(),
        r#"package grow;
public class GrowMain {
    public static void main(String[] args) throws Exception {
        Thread hot = new Thread(() -> System.out.println("spin " + Hot.spin()));
        hot.start();
        long sum = 0;
        for (int i = 0; i < 130; i++) {
            sum += (Integer) Class.forName("grow.C" + i).getMethod("f", int.class).invoke(null, (i * 7) % 150);
        }
        Hot.stop = true;
        hot.join();
        System.out.println("sum " + sum + " rounds " + (Hot.rounds > 0));
    }
}
class Hot {
    static volatile boolean stop;
    static long rounds;
    static long spin() {
        long s = 0;
        for (long i = 0; ; i++) {
            s += (i % 7 == 0) ? 1 : 2;
            // Taken once, at the end, after both growths: by code that may be compiled
            // against an older flag array. Nothing here may depend on timing.
            if ((i & 1023) == 0 && stop) { rounds = i; return s; }
        }
    }
}
"#
        .to_string(),
    )];
    for c in 0..130 {
        let mut body = String::new();
        for k in 0..150 {
            body.push_str(&format!(
                "        if (x == {k}) r += {};
",
                k * 3 + c
            ));
        }
        srcs.push((
            format!("grow/C{c}.java"),
            format!(
                "package grow;
public class C{c} {{
    public static int f(int x) {{
        int r = 0;
{body}        return r;
    }}
}}
"
            ),
        ));
    }
    srcs
}

fn flag_growth_keeps_every_hit(jdk: &Path, name: &str) {
    let dir = work_dir(name);
    let srcs = growth_sources();
    let refs: Vec<(&str, &str)> = srcs.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let classes = compile(&dir, &refs, None);
    let xml_of = |mode: &str| {
        let report = dir.join(format!("report-{mode}"));
        let opts = format!("includes=grow.*,formats=xml,counts={mode},report={}", report.display());
        let out = run(java(jdk, Some(&opts), &classes, "grow.GrowMain", &[]), &dir);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{mode}: {err}");
        let xml = fs::read_to_string(report.join("jacoco.xml")).expect("jacoco.xml");
        (parse_report_xml(&xml).expect("parse jacoco.xml"), exit_lines(&err))
    };
    let (exact, _) = xml_of("exact");
    let (covered, exit) = xml_of("covered");
    // Two growths: past 16384 and past 32768 ids.
    assert!(exit[0].2 > 32_768, "too few probes to grow the flag array twice: {exit:?}");
    let b = covered.total.get(&CounterKind::Branch).copied().unwrap_or_default();
    assert!(b.covered > 130 * 2, "too little covered: {b:?}");
    let d = diff(&exact, &covered, &CounterKind::ALL, true);
    assert!(d.is_empty(), "counts=covered differs from counts=exact across flag growth: {d:?}");
}

#[test]
fn flag_growth_keeps_every_hit_jdk17() {
    flag_growth_keeps_every_hit(&jdk17(), "growth-17");
}

#[test]
fn flag_growth_keeps_every_hit_jdk25() {
    flag_growth_keeps_every_hit(&jdk25(), "growth-25");
}

#[test]
fn covered_mode_reports_equal_exact_mode_jdk17() {
    covered_mode_reports_equal_exact_mode(&jdk17(), "covered-17", &[["8", "4", "platform"]]);
}

#[test]
fn covered_mode_reports_equal_exact_mode_jdk25() {
    covered_mode_reports_equal_exact_mode(&jdk25(), "covered-25", &[["64", "3", "virtual"]]);
}

#[test]
fn multithreaded_counts_equal_single_threaded_jdk17() {
    counts_are_thread_independent(&jdk17(), "counts-17", &[["8", "4", "platform"]]);
}

#[test]
fn multithreaded_counts_equal_single_threaded_jdk25() {
    // Virtual threads get small rings (512 events): many more drains, many more rings.
    counts_are_thread_independent(&jdk25(), "counts-25", &[["8", "4", "platform"], ["64", "3", "virtual"]]);
}

const BENCH: &str = r#"
package bench;

import com.jvmfuzz.shim.Probes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** ns per Probes.hit (and per flag probe, `Probes.flags[id] = true`): (loop with probe -
 *  loop without) / iterations, in thread CPU time (the machine may be shared). Includes the
 *  amortised drain of full rings. */
public class ProbeBench {
    static int plain(int n) { int acc = 0; for (int i = 0; i < n; i++) { acc += i ^ (acc >>> 3); } return acc; }
    static int probed(int n) { int acc = 0; for (int i = 0; i < n; i++) { Probes.hit(i & 15); acc += i ^ (acc >>> 3); } return acc; }
    static int covered(int n) { int acc = 0; for (int i = 0; i < n; i++) { Probes.flags[i & 15] = true; acc += i ^ (acc >>> 3); } return acc; }

    static double measure(String label) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int n = 50_000_000;
        long sink = 0;
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 6; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += plain(n);
            long t1 = mx.getCurrentThreadCpuTime();
            sink += probed(n);
            long t2 = mx.getCurrentThreadCpuTime();
            if (r >= 2) best = Math.min(best, ((t2 - t1) - (t1 - t0)) / (double) n);
        }
        double bestCover = Double.MAX_VALUE;
        for (int r = 0; r < 6; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += plain(n);
            long t1 = mx.getCurrentThreadCpuTime();
            sink += covered(n);
            long t2 = mx.getCurrentThreadCpuTime();
            if (r >= 2) bestCover = Math.min(bestCover, ((t2 - t1) - (t1 - t0)) / (double) n);
        }
        System.out.printf("%s: %.2f ns/hit, %.2f ns/flag (%d)%n", label, best, bestCover, sink & 1);
        return best;
    }

    public static void main(String[] args) throws Exception {
        Ids.touch(0);
        measure("primary thread");
        Thread t = new Thread(() -> measure("second thread"));
        t.start();
        t.join();
    }
}

class Ids {
    static int touch(int x) {
        int s = 0;
        switch (x) { case 0: s = 1; break; case 1: s = 2; break; case 2: s = 3; break; case 3: s = 4; break; default: s = 9; }
        if (x > 3) s++; if (x > 4) s++; if (x > 5) s++; if (x > 6) s++; if (x > 7) s++; if (x > 8) s++;
        return s;
    }
}
"#;

/// Probe cost micro-benchmark. Meaningful in release builds:
/// `cargo test --release -p jvmfuzz-agent --test agent_jvm -- --ignored --nocapture probe_cost`
#[test]
#[ignore]
fn probe_cost() {
    let dir = work_dir("bench");
    // Compile against the shim classes the build script produced.
    let shim = dir.join("shim.jar");
    fs::write(&shim, jvmfuzz_jvm::SHIM_JAR).expect("write shim");
    let classes = compile(&dir, &[("bench/ProbeBench.java", BENCH)], Some(&shim));
    for jdk in [jdk17(), jdk25()] {
        let out = run(java(&jdk, Some("includes=bench.Ids,formats=none"), &classes, "bench.ProbeBench", &[]), &dir);
        println!("{}:\n{}{}", jdk.display(), text(&out.stdout), text(&out.stderr));
        assert!(out.status.success());
    }
}
