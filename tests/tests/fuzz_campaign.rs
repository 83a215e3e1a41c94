//! End-to-end: a campaign folder over time. `fuzz` appends stats.csv rows next to its corpus
//! and writes report.html at the end; a second run on the same folders continues the time line
//! and the execution count; `fuzz report DIR` renders a folder; and the page, opened in a real
//! headless browser (Debian's Chromium), has its plots and tables in the rendered DOM and
//! paints a screenshot (kept as target/<profile>/jvmfuzz-e2e/campaign-report.png to look at).

mod fuzz_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use fuzz_common::{fuzz, fuzz_bin, targets};
use jvmfuzz_tests::{self as support, Output, TempDir};

const HEADER: &str = "session,unix_time,time_s,execs,execs_per_s,corpus,edges,probes,kpaths,kpaths_possible,findings";

#[derive(Debug, Clone, PartialEq)]
struct Row {
    session: u32,
    unix_time: f64,
    time_s: f64,
    execs: u64,
    execs_per_s: f64,
    corpus: u64,
    edges: Option<u64>,
    probes: Option<u64>,
    kpaths: Option<u64>,
    findings: Option<u64>,
}

/// The rows of a stats.csv, checking its header and that every row has every column.
fn rows(path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER), "{text}");
    assert_eq!(text.matches(HEADER).count(), 1, "one header:\n{text}");
    lines
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            assert_eq!(c.len(), 11, "a full row: {l}");
            let opt = |s: &str| if s.is_empty() { None } else { Some(s.parse::<u64>().unwrap()) };
            Row {
                session: c[0].parse().unwrap(),
                unix_time: c[1].parse().unwrap(),
                time_s: c[2].parse().unwrap(),
                execs: c[3].parse().unwrap(),
                execs_per_s: c[4].parse().unwrap(),
                corpus: c[5].parse().unwrap(),
                edges: opt(c[6]),
                probes: opt(c[7]),
                kpaths: opt(c[8]),
                findings: opt(c[10]),
            }
        })
        .collect()
}

/// Time, wall clock and executions never go back.
fn assert_monotonic(rows: &[Row]) {
    for w in rows.windows(2) {
        assert!(w[1].session >= w[0].session, "{w:?}");
        assert!(w[1].time_s >= w[0].time_s, "campaign time goes back: {w:?}");
        assert!(w[1].unix_time >= w[0].unix_time, "{w:?}");
        assert!(w[1].execs >= w[0].execs, "executions go back: {w:?}");
    }
}

/// The executions of the client's `done:` line.
fn done_execs(out: &Output) -> u64 {
    let line =
        out.stdout.lines().find(|l| l.starts_with("jvmfuzz: done: ")).unwrap_or_else(|| panic!("{}", out.dump()));
    line["jvmfuzz: done: ".len()..].split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"))
}

/// `fuzz` again, in the folder of an earlier session, with the arguments `fuzz_common` uses.
fn fuzz_again(dir: &Path, harness: &str, args: &[&str]) -> Output {
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir)
        .arg("--cp")
        .arg(support::classpath(&[&targets().classes]))
        .arg("--harness")
        .arg(format!("fuzz.{harness}"))
        .args(["--progress", "plain", "--seed", "2"])
        .args(args)
        .env("JAVA_HOME", support::jdk17().home.clone());
    support::run(cmd, Duration::from_secs(300))
}

fn fuzz_report(args: &[&std::ffi::OsStr]) -> Output {
    let mut cmd = Command::new(fuzz_bin());
    cmd.arg("report").args(args);
    support::run(cmd, Duration::from_secs(60))
}

#[test]
fn a_run_records_stats_and_its_report_renders_in_chromium() {
    // CmpLog finds MagicInt's bug in a few dozen executions: --keep-going makes the run last
    // its time, so that the per-second figures (probes) are reported too.
    let s = fuzz(
        "MagicInt",
        &["--max-total-time", "3", "--keep-going", "--stats-interval", "1", "--coverage-report", "coverage"],
    );
    s.assert_exit(1);
    let finding = s.summary().into_iter().next().unwrap_or_else(|| panic!("a finding\n{}", s.out.dump()));

    // stats.csv next to the corpus: a row at the first event, then per interval, then the last
    // figures at the end.
    let stats = rows(&s.dir.join("stats.csv"));
    assert!(stats.len() >= 2, "{stats:?}\n{}", s.out.dump());
    assert_monotonic(&stats);
    assert!(stats.iter().all(|r| r.session == 1 && r.kpaths.is_none()), "{stats:?}");
    let last = stats.last().unwrap();
    assert!(last.execs > 0 && last.execs <= done_execs(&s.out), "{last:?}\n{}", s.out.dump());
    let (edges, probes) = (last.edges.expect("edges"), last.probes.expect("probes"));
    assert!(edges > 0 && probes >= edges, "{last:?}");
    assert!(last.corpus > 0 && last.execs_per_s >= 0.0, "{last:?}");
    assert_eq!(last.findings, Some(1), "the finding is counted in the last row: {stats:?}");
    assert!(s.out.stdout.contains("jvmfuzz: campaign: "), "{}", s.out.dump());

    // report.html, written at the end with the run's coverage report.
    assert!(s.out.stdout.contains("jvmfuzz: campaign report: "), "{}", s.out.dump());
    let page = s.dir.join("report.html");
    let html = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}\n{}", page.display(), s.out.dump()));
    for needle in [
        "id=\"plot-coverage\"",
        "id=\"plot-execs\"",
        "id=\"plot-corpus\"",
        "<table id=\"findings\">",
        finding.id.as_str(),
        "java.lang.IllegalArgumentException",
        "magic int",
        "fuzz.MagicInt.fuzzerTestOneInput",
        "<table id=\"classes\">",
        "<code>fuzz.MagicInt</code>",
    ] {
        assert!(html.contains(needle), "no `{needle}` in {}", page.display());
    }
    // Self-contained: nothing loaded from elsewhere (the SVG namespace is a name, not a load).
    for loads in ["<script", "<link", " src=", "url(", "href=\"http"] {
        assert!(!html.contains(loads), "`{loads}` in {}", page.display());
    }

    // `fuzz report DIR` writes the same page again from the folder alone.
    std::fs::remove_file(&page).unwrap();
    let out = fuzz_report(&[s.dir.path().as_os_str()]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(out.stdout.contains("1 finding(s)") && out.stdout.contains("coverage of"), "{}", out.dump());
    assert!(page.is_file());

    // The page in a real browser: the DOM it built, and a screenshot.
    let rendered = Chromium::find().render(&page);
    let dom = &rendered.dom;
    assert!(dom.matches("<svg class=\"plot\"").count() >= 3, "{}", support::tail(dom, 4000));
    assert!(dom.contains("<polyline"), "the plots have lines");
    let findings_table = dom.split("<table id=\"findings\">").nth(1).expect("the findings table in the DOM");
    let findings_table = findings_table.split("</table>").next().unwrap();
    assert!(findings_table.contains("<tbody>") && findings_table.contains(&finding.id), "{findings_table}");
    assert_eq!(findings_table.matches("<tr class=\"finding").count(), 1, "{findings_table}");
    assert!(dom.contains("<table id=\"classes\">"), "the class table in the DOM");
    let kept = support::target_scratch().join("campaign-report.png");
    std::fs::copy(&rendered.png, &kept).unwrap();
    eprintln!("screenshot of {}: {}", page.display(), kept.display());
}

#[test]
fn a_second_run_on_the_same_folders_continues_the_campaign() {
    let args = ["--max-total-time", "3", "--stats-interval", "1"];
    let first = fuzz("Trivial", &args);
    first.assert_exit(0);
    let before = rows(&first.dir.join("stats.csv"));
    assert!(!before.is_empty() && before.iter().all(|r| r.session == 1), "{before:?}\n{}", first.out.dump());
    let end1 = before.last().unwrap().clone();
    assert!(first.out.stdout.contains("jvmfuzz: 1 seed input(s) in the corpus"), "{}", first.out.dump());

    let second = fuzz_again(first.dir.path(), "Trivial", &args);
    assert_eq!(second.status, Some(0), "{}", second.dump());
    assert!(
        second.stdout.contains("resuming the campaign") && second.stdout.contains("session 2"),
        "{}",
        second.dump()
    );
    // The corpus of the first session is the second one's seeds (a fresh start has one).
    let seeds = second
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("jvmfuzz: ")?.strip_suffix(" seed input(s) in the corpus")?.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("{}", second.dump()));
    assert!(seeds >= 2, "{}", second.dump());

    let after = rows(&first.dir.join("stats.csv"));
    assert_eq!(after[..before.len()], before[..], "the first session's rows are kept as they were");
    assert_monotonic(&after);
    let resumed: Vec<&Row> = after[before.len()..].iter().collect();
    assert!(!resumed.is_empty() && resumed.iter().all(|r| r.session == 2), "{after:?}");
    // The time line and the execution count go on from where the first session stopped.
    assert!(resumed.iter().all(|r| r.time_s >= end1.time_s && r.execs >= end1.execs), "{after:?}");
    let end2 = resumed.last().unwrap();
    assert!(end2.time_s > end1.time_s && end2.execs > end1.execs, "{end1:?} -> {end2:?}");
    assert!(end2.execs - end1.execs <= done_execs(&second), "this session's executions only: {end2:?}");
    assert!(resumed[0].unix_time > end1.unix_time, "{after:?}");

    // The report shows both sessions.
    let out = fuzz_report(&[first.dir.path().as_os_str()]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(out.stdout.contains("in 2 session(s)"), "{}", out.dump());
    let html = std::fs::read_to_string(first.dir.join("report.html")).unwrap();
    let sessions = html.split("<table id=\"sessions\">").nth(1).expect("a sessions table");
    let sessions = sessions.split("</table>").next().unwrap();
    assert_eq!(sessions.matches("<tr><td>").count(), 2, "{sessions}");
    assert!(html.contains("<g class=\"session\">") && html.contains("session 2</text>"), "the plots mark session 2");
    assert!(html.contains("id=\"coverage-absent\""), "no coverage report was asked for");
}

#[test]
fn grammar_mode_records_k_paths() {
    let grammar = support::java_dir("fuzz-targets/grammars/Calc.g4").display().to_string();
    // --keep-going: the nested-parentheses bug may come early; the run still lasts its time.
    let s =
        fuzz("GrammarCalc", &["--grammar", &grammar, "--max-total-time", "3", "--keep-going", "--stats-interval", "1"]);
    assert!(matches!(s.out.status, Some(0 | 1)), "{}", s.out.dump());
    let stats = rows(&s.dir.join("stats.csv"));
    assert_monotonic(&stats);
    let last = stats.last().unwrap_or_else(|| panic!("{}", s.out.dump()));
    let text = std::fs::read_to_string(s.dir.join("stats.csv")).unwrap();
    let possible: Option<u64> = text.lines().last().and_then(|l| l.split(',').nth(9)?.parse().ok());
    match (last.kpaths, possible) {
        (Some(k), Some(p)) => assert!(p > 0 && k <= p, "{last:?}"),
        other => panic!("no k-paths in the last row: {other:?}\n{text}\n{}", s.out.dump()),
    }
    let html = std::fs::read_to_string(s.dir.join("report.html")).unwrap();
    assert!(html.contains("id=\"plot-kpaths\"") && html.contains("k-paths"), "the page plots k-paths");
}

#[test]
fn wrong_folders_and_files_are_set_up_errors() {
    let dir = TempDir::new("campaign-errors");
    let missing = dir.join("missing");
    let out = fuzz_report(&[missing.as_os_str()]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("no such folder"), "{}", out.dump());

    let out = fuzz_report(&[dir.path().as_os_str()]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("not a campaign folder"), "{}", out.dump());

    // A stats.csv that is not ours: neither reported nor continued (nor overwritten).
    std::fs::write(dir.join("stats.csv"), "when,what\n1,2\n").unwrap();
    let out = fuzz_report(&[dir.path().as_os_str()]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("stats.csv:1:"), "{}", out.dump());
    let cp = support::classpath(&[&targets().classes]);
    let run = |extra: &[&str]| {
        let mut cmd = Command::new(fuzz_bin());
        cmd.current_dir(dir.path())
            .arg("--cp")
            .arg(&cp)
            .args(["--harness", "fuzz.Trivial", "--runs", "100", "--progress", "plain"])
            .args(extra)
            .env("JAVA_HOME", support::jdk17().home.clone());
        support::run(cmd, Duration::from_secs(120))
    };
    let out = run(&[]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("stats.csv:1:") && out.stderr.contains("move the file away"), "{}", out.dump());
    assert_eq!(std::fs::read_to_string(dir.join("stats.csv")).unwrap(), "when,what\n1,2\n");

    std::fs::remove_file(dir.join("stats.csv")).unwrap();
    let out = run(&["--stats-interval", "0"]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("--stats-interval 0"), "{}", out.dump());

    std::fs::write(dir.join("stats.csv"), format!("{HEADER}\n")).unwrap();
    let out = fuzz_report(&[dir.path().as_os_str(), "--coverage".as_ref(), dir.join("none.xml").as_os_str()]);
    assert_eq!(out.status, Some(2), "{}", out.dump());
    assert!(out.stderr.contains("--coverage") && out.stderr.contains("none.xml"), "{}", out.dump());
    // A campaign with no rows yet is still a page (with empty plots).
    let out = fuzz_report(&[dir.path().as_os_str()]);
    assert_eq!(out.status, Some(0), "{}", out.dump());
    assert!(std::fs::read_to_string(dir.join("report.html")).unwrap().contains("no data recorded"));
}

/// Debian's headless Chromium.
struct Chromium(PathBuf);

struct Rendered {
    dom: String,
    png: PathBuf,
    _profile: TempDir,
}

impl Chromium {
    fn find() -> Chromium {
        let path = std::env::var_os("PATH").unwrap_or_default();
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for d in std::env::split_paths(&path) {
                let p = d.join(name);
                if p.is_file() {
                    return Chromium(p);
                }
            }
        }
        panic!("no chromium on PATH: install Debian's (`apt-get install chromium`; .ci/run does)");
    }

    fn command(&self, profile: &Path) -> Command {
        let mut cmd = Command::new(&self.0);
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        cmd.args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
            .arg(format!("--user-data-dir={}", profile.display()));
        cmd
    }

    /// The DOM after loading `page` (`--dump-dom`) and a 1280x2400 screenshot.
    fn render(&self, page: &Path) -> Rendered {
        let profile = TempDir::new("chromium");
        let url = format!("file://{}", std::fs::canonicalize(page).unwrap().display());
        let mut cmd = self.command(profile.path());
        cmd.arg("--dump-dom").arg(&url);
        let out = support::run(cmd, Duration::from_secs(120));
        assert_eq!(out.status, Some(0), "{}", out.dump());
        assert!(out.stdout.contains("<html"), "{}", out.dump());
        let png = profile.join("report.png");
        let mut cmd = self.command(profile.path());
        cmd.arg(format!("--screenshot={}", png.display())).arg("--window-size=1280,2400").arg(&url);
        let shot = support::run(cmd, Duration::from_secs(120));
        assert_eq!(shot.status, Some(0), "{}", shot.dump());
        let bytes = std::fs::read(&png).unwrap_or_else(|e| panic!("{}: {e}\n{}", png.display(), shot.dump()));
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
        let dim = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        assert_eq!((dim(16), dim(20)), (1280, 2400), "the window's size");
        // A blank page compresses to a few KB; plots, tables and text do not.
        assert!(bytes.len() > 30_000, "the screenshot looks empty ({} bytes)", bytes.len());
        Rendered { dom: out.stdout, png, _profile: profile }
    }
}
