//! `fuzz --harness CLASS --fuzz-test METHOD` (Jazzer's `--target_class=` with
//! `--target_method=`): a JUnit 5 `@FuzzTest` fuzzed from the command line, or its inputs
//! replayed, minimised or merged (`fuzz repro|minimize|cmin|coverage`, libFuzzer's file arguments,
//! `-minimize_crash=1`, `-merge=1`).
//!
//! Fuzz tests are fuzzed by the JUnit integration (`java-shim/src/junit`, `fuzzer/junit`),
//! which runs the engine inside a test JVM; lifecycle methods, the test instance and typed
//! parameters are JUnit's and that integration's business. So this command does what
//! Surefire does: it starts `java` with jvmfuzz-junit's classes first on the class path
//! (before any Jazzer jar, so Jazzer's `@FuzzTest` is ours), the native engine next to this
//! executable, and `com.jvmfuzz.junit.CommandLine` as the main class, which runs the method
//! through JUnit's launcher. What the command line asked for travels in a key=value file.
//!
//! A JVM cannot be forked, so the campaign is kept here: a finding that ends a JVM (a timeout,
//! a native crash, the memory limit) is followed by a new JVM on the same corpus while
//! `--keep_going` and the budget allow, and `-jobs=N` runs N JVMs side by side on one corpus
//! folder (each reads the others' new inputs: `corpus_sync`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use crate::cli::{FuzzArgs, TargetArgs};

/// The annotations that make a method a fuzz test: Jazzer's, and jvmfuzz-junit's own.
const FUZZ_TEST_ANNOTATIONS: [&str; 2] =
    ["Lcom/code_intelligence/jazzer/junit/FuzzTest;", "Lcom/jvmfuzz/junit/FuzzTest;"];

/// The one `@FuzzTest` method of `class` when the class has no `fuzzerTestOneInput`: Jazzer
/// fuzzes a fuzz-test class given with `--target_class=` alone that way, and OSS-Fuzz's
/// wrappers for JUnit fuzz tests pass no `--target_method=`. `Ok(None)`: a harness, or a class
/// that cannot be read here (the JVM then says what is wrong with it). An error when the class
/// has several fuzz tests: which one is for the user to say.
pub fn sole_fuzz_test(entries: &[PathBuf], class: &str) -> Result<Option<String>, String> {
    let Some(bytes) = crate::classpath::class_bytes(entries, class) else { return Ok(None) };
    let Ok(cf) = jvmfuzz_classfile::ClassFile::parse(&bytes) else { return Ok(None) };
    let cp = &cf.constant_pool;
    let mut tests: Vec<String> = Vec::new();
    for m in &cf.methods {
        let Ok(name) = m.name(cp) else { continue };
        if name == "fuzzerTestOneInput" {
            return Ok(None);
        }
        let annotated = m.attributes.iter().any(|a| {
            jvmfuzz_classfile::attrs::name_is(cp, a, "RuntimeVisibleAnnotations")
                && a.raw().is_some_and(|raw| {
                    jvmfuzz_classfile::attrs::annotation_types(cp, raw)
                        .is_ok_and(|types| types.iter().any(|t| FUZZ_TEST_ANNOTATIONS.contains(&t.as_ref())))
                })
        });
        if annotated && !tests.iter().any(|t| *t == name) {
            tests.push(name.into_owned());
        }
    }
    tests.sort();
    match tests.len() {
        0 => Ok(None),
        1 => Ok(tests.pop()),
        _ => Err(format!(
            "{class} has no fuzzerTestOneInput and {} @FuzzTest methods ({}): name one with --target_method= (or --fuzz-test)",
            tests.len(),
            tests.join(", ")
        )),
    }
}

/// What the test JVM's main class writes into the `result` file before it exits
/// (`CommandLine.java`): an exit status could also come from the code under test.
const FOUND: &str = "found";
const NOTHING: &str = "nothing";
const SETUP: &str = "setup";

/// How a run ended, as `fuzz`'s exit status reads it.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    Found,
}

#[derive(Debug, thiserror::Error)]
pub enum FuzzTestError {
    /// Something the user can fix (exit status 2); the message says what.
    #[error("{0}")]
    Setup(String),
    /// The test JVM said what was wrong already (exit status 2).
    #[error("the fuzz test could not run (see above)")]
    Reported,
}

fn setup(msg: impl Into<String>) -> FuzzTestError {
    FuzzTestError::Setup(msg.into())
}

/// Options of `fuzz` that a fuzz test run cannot honour yet: named, so that the run stops
/// before it starts instead of ignoring them.
pub fn unsupported(a: &FuzzArgs) -> Option<&'static str> {
    if a.listen.is_some() || a.connect.is_some() {
        Some("--listen/--connect")
    } else if !a.grammar.grammar.is_empty() {
        Some("--grammar (annotate the parameter with @Grammar instead)")
    } else {
        None
    }
}

/// Fuzzes `method` of `--harness` with the budget and folders of `a`.
pub fn fuzz(a: &FuzzArgs, method: &str) -> Result<Outcome, FuzzTestError> {
    if let Some(flag) = unsupported(a) {
        return Err(setup(format!("{flag} does not work with --fuzz-test (--target_method=) yet")));
    }
    if let Some(prefix) = &a.artifact_prefix {
        crate::findings::Artifacts::check_prefix(prefix).map_err(setup)?;
    }
    std::fs::create_dir_all(&a.corpus)
        .map_err(|e| setup(format!("cannot create --corpus {}: {e}", a.corpus.display())))?;
    std::fs::create_dir_all(&a.findings)
        .map_err(|e| setup(format!("cannot create --findings {}: {e}", a.findings.display())))?;
    let mut s = Settings::new(&a.target, method)?;
    s.path("corpus", &a.corpus)?;
    s.path("findings", &a.findings)?;
    if let Some(p) = &a.artifact_prefix {
        s.line("artifact_prefix", p)?;
    }
    if let Some(d) = &a.reproducer_path {
        std::fs::create_dir_all(d)
            .map_err(|e| setup(format!("cannot create --reproducer-path {}: {e}", d.display())))?;
        // A FuzzedDataProvider test's Crash_<sha1>.java builds its provider with the shim's classes.
        crate::findings::write_shim_jar(d);
        s.path("reproducer_path", d)?;
    }
    for d in &a.seed_corpus {
        s.path("engine.seeds", d)?;
    }
    for d in &a.dict {
        s.path("engine.dict", d)?;
    }
    s.line("engine.timeout_secs", a.target.timeout)?;
    if let Some(mb) = a.target.rss_limit_mb {
        s.line("engine.rss_limit_mb", mb)?;
    }
    for e in &a.target.ignore_exception {
        s.line("engine.ignore", e)?;
    }
    if let Some(n) = a.max_len {
        s.line("engine.max_len", n)?;
    }
    s.line("engine.len_control", a.len_control)?;
    s.line("engine.keep_going", a.keep_going)?;
    s.line("engine.libfuzzer_output", a.libfuzzer_output)?;
    let outcome = Campaign::new(a, s).run()?;
    if let Some(report) = &a.coverage_report {
        // In a test JVM of its own after the campaign: each JVM of the campaign saw only its
        // own life, and some were ended by a finding.
        let inputs = crate::tools::campaign_inputs(&a.corpus, &a.seed_corpus, &a.findings);
        coverage(&a.target, method, &inputs, report, &[])?;
    }
    Ok(outcome)
}

/// The budget of a fuzz test's campaign, and where each of its JVMs stands.
struct Campaign<'a> {
    a: &'a FuzzArgs,
    settings: Settings,
    start: Instant,
    jobs: Vec<Job>,
    found: bool,
}

/// One of `-jobs=N` (numbered from 1; 0 when there is one): its JVM and its lives so far.
struct Job {
    number: usize,
    lives: u64,
    /// Executions of the JVMs a finding ended (each one's count at its finding).
    runs_used: u64,
    /// Distinct findings those JVMs hit.
    findings: BTreeSet<String>,
    /// JVMs in a row that a finding ended without a new one: an input every new JVM meets
    /// at once (a seed, a corpus file) would otherwise end JVMs forever.
    repeats: u32,
    running: Option<Launch>,
}

/// New JVMs in a row ended by findings they all had hit before: the job stops there.
const MAX_REPEATS: u32 = 3;

/// How long past `-max_total_time` the JVMs may take to end by themselves before they are
/// ended (loading, a last execution up to `-timeout`, writing their reports).
const GRACE: Duration = Duration::from_secs(60);

impl<'a> Campaign<'a> {
    fn new(a: &'a FuzzArgs, settings: Settings) -> Campaign<'a> {
        let n = a.jobs.max(1);
        let numbers: Vec<usize> = if n == 1 { vec![0] } else { (1..=n).collect() };
        Campaign {
            a,
            settings,
            start: Instant::now(),
            jobs: numbers
                .into_iter()
                .map(|number| Job {
                    number,
                    lives: 0,
                    runs_used: 0,
                    findings: BTreeSet::new(),
                    repeats: 0,
                    running: None,
                })
                .collect(),
            found: false,
        }
    }

    fn run(mut self) -> Result<Outcome, FuzzTestError> {
        for i in 0..self.jobs.len() {
            if let Err(e) = self.start_job(i) {
                self.stop_all();
                return Err(e);
            }
        }
        let deadline = self
            .a
            .max_total_time
            .map(|t| Duration::from_secs(t) + GRACE + Duration::from_secs_f64(2.0 * self.a.target.timeout.max(0.0)));
        while self.jobs.iter().any(|j| j.running.is_some()) {
            std::thread::sleep(Duration::from_millis(50));
            if deadline.is_some_and(|d| self.start.elapsed() > d) {
                println!("jvmfuzz: the test JVM(s) did not end after -max_total_time; ending them");
                self.stop_all();
                break;
            }
            for i in 0..self.jobs.len() {
                let exited = match self.jobs[i].running.as_mut().map(|l| l.child.try_wait()) {
                    Some(Ok(Some(status))) => status,
                    Some(Ok(None)) | None => continue,
                    Some(Err(e)) => {
                        self.stop_all();
                        return Err(setup(format!("cannot wait for the test JVM: {e}")));
                    }
                };
                if let Err(e) = self.ended(i, exited) {
                    self.stop_all();
                    // A finding made already is the outcome; the JVM said what went wrong.
                    if self.found {
                        println!("jvmfuzz: a test JVM could not run ({e}); the campaign ends with its finding");
                        return Ok(Outcome::Found);
                    }
                    return Err(e);
                }
                // Without --keep_going the first finding ends the campaign, in every JVM.
                if self.found && !self.a.keep_going {
                    self.stop_all();
                }
            }
        }
        Ok(if self.found { Outcome::Found } else { Outcome::Nothing })
    }

    /// Starts job `i`'s next JVM with what is left of the budget.
    fn start_job(&mut self, i: usize) -> Result<(), FuzzTestError> {
        let a = self.a;
        let job = &self.jobs[i];
        let mut s = self.settings.clone();
        if job.number > 0 {
            s.line("engine.job", job.number)?;
        }
        if let Some(t) = a.max_total_time {
            let left = Duration::from_secs(t).saturating_sub(self.start.elapsed());
            s.line("engine.max_total_secs", left.as_secs_f64())?;
        }
        if let Some(r) = a.runs {
            s.line("engine.runs", r.saturating_sub(job.runs_used))?;
        }
        if let Some(seed) = a.seed {
            s.line("engine.seed", seed.wrapping_add(job.lives))?;
        }
        if let Some(n) = a.max_findings {
            s.line("engine.max_findings", n)?;
        }
        for id in &job.findings {
            s.line("engine.seen", id)?;
        }
        remove_stale_writes(&a.corpus, job.number);
        let launch = s.spawn(&a.target, summary_entries(&a.findings))?;
        let job = &mut self.jobs[i];
        job.lives += 1;
        job.running = Some(launch);
        Ok(())
    }

    /// Job `i`'s JVM exited with `status`: its outcome, and a new JVM if a finding ended it and
    /// the campaign goes on.
    fn ended(&mut self, i: usize, status: std::process::ExitStatus) -> Result<(), FuzzTestError> {
        let Some(launch) = self.jobs[i].running.take() else { return Ok(()) };
        let pid = launch.child.id();
        let known = launch.known;
        // The status file a JVM leaves when a finding ends it (one that ends on its own
        // removes it): what it found, and how far it got.
        let session = crate::status::of_process(&self.a.findings, pid);
        let no_session = !session.exists();
        let st = crate::status::read(&session);
        let _ = std::fs::remove_file(&session);
        let ended = launch.finish(status)?;
        let who = match self.jobs[i].number {
            0 => "the test JVM".to_string(),
            n => format!("job {n}'s test JVM"),
        };
        // Ended by a finding: the last thing it did was to save a timeout, the memory limit or
        // a native crash (or, with no status file at all, the findings folder grew).
        let by_finding = st.ended_by_finding() || (no_session && summary_entries(&self.a.findings) > known);
        match ended {
            Ended::Said(Outcome::Found) => self.found = true,
            Ended::Said(Outcome::Nothing) => {}
            Ended::Silent(status, _) if by_finding => {
                self.found = true;
                let job = &mut self.jobs[i];
                let new = st.findings.iter().any(|id| !job.findings.contains(id));
                job.repeats = if new { 0 } else { job.repeats + 1 };
                job.runs_used = job.runs_used.saturating_add(st.execs);
                job.findings.extend(st.findings);
                match self.why_not_restart(i) {
                    Some(why) => {
                        println!("jvmfuzz: {who} ended ({status}) after saving the finding that ended it; {why}")
                    }
                    None => {
                        println!(
                            "jvmfuzz: {who} ended ({status}) after saving the finding that ended it; a new one goes on with the corpus (--keep_going)"
                        );
                        self.start_job(i)?;
                    }
                }
            }
            Ended::Silent(status, _) => {
                return Err(setup(format!("{who} ended ({status}) with no finding saved; see above")));
            }
        }
        Ok(())
    }

    /// Why job `i` ends with the JVM a finding ended, or `None` if it goes on in a new one.
    fn why_not_restart(&self, i: usize) -> Option<String> {
        let (a, job) = (self.a, &self.jobs[i]);
        if !a.keep_going {
            Some("the campaign ends there (--keep_going goes on)".into())
        } else if a.max_findings.is_some_and(|n| job.findings.len() as u64 >= n) {
            Some("that was the last finding --keep_going asked for".into())
        } else if a.runs.is_some_and(|r| job.runs_used >= r) {
            Some("the -runs budget is spent".into())
        } else if a.max_total_time.is_some_and(|t| self.start.elapsed() >= Duration::from_secs(t)) {
            Some("the -max_total_time budget is spent".into())
        } else if job.repeats >= MAX_REPEATS {
            Some(format!(
                "{MAX_REPEATS} JVMs in a row ended on findings saved before: an input of the corpus or seed folders reaches one at once (move it out of them to go on)"
            ))
        } else {
            None
        }
    }

    /// Ends every JVM still running (their corpus files are on disk already).
    fn stop_all(&mut self) {
        for job in &mut self.jobs {
            if let Some(mut launch) = job.running.take() {
                let pid = launch.child.id();
                let _ = launch.child.kill();
                if let Ok(status) = launch.child.wait() {
                    let _ = launch.finish(status);
                }
                let _ = std::fs::remove_file(crate::status::of_process(&self.a.findings, pid));
            }
        }
    }
}

/// Removes the temporary files of job `number`'s corpus writes that a JVM ended mid-write left
/// behind: LibAFL creates them exclusively, so a later save of the same input would fail.
/// Each job writes under its own prefix (`corpus::client_corpus`), so these are only its own.
fn remove_stale_writes(corpus: &Path, number: usize) {
    let own = if number == 0 { ".".to_string() } else { format!(".c{number}-") };
    let Ok(dir) = std::fs::read_dir(corpus) else { return };
    for e in dir.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let plain = number > 0 || !name.starts_with(".c");
        if name.starts_with(&own) && name.ends_with(".tmp") && plain {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Runs each of `files` once through `method` of `--harness` and reports those that fail, as
/// `fuzz repro` does with a harness.
pub fn replay(
    t: &TargetArgs,
    method: &str,
    files: &[PathBuf],
    libfuzzer_output: bool,
) -> Result<Outcome, FuzzTestError> {
    let mut s = Settings::for_tool(t, method, "repro")?;
    s.line("tool.libfuzzer_output", libfuzzer_output)?;
    for f in files {
        if !f.is_file() {
            return Err(setup(format!("{}: no such file", f.display())));
        }
        s.path("tool.file", f)?;
    }
    s.run_tool(t, "replayed the input(s)", true)
}

/// Shrinks `file` into `out` while it fails the same way through `method`, as `fuzz minimize`.
/// `Found` if the input timed out or crashed the JVM on the way, as `fuzz minimize` reports it.
pub fn minimize(t: &TargetArgs, method: &str, file: &Path, out: &Path, runs: u64) -> Result<Outcome, FuzzTestError> {
    let mut s = Settings::for_tool(t, method, "minimize")?;
    s.path("tool.file", file)?;
    s.path("tool.out", out)?;
    s.line("tool.runs", runs)?;
    s.run_tool(t, &format!("minimised {}", file.display()), false)
}

/// Keeps the inputs of `corpora` that add coverage, in `out`, as `fuzz cmin` (with `merge`,
/// libFuzzer's -merge=1: `out`'s own inputs count as kept).
pub fn cmin(
    t: &TargetArgs,
    method: &str,
    corpora: &[PathBuf],
    out: &Path,
    merge: bool,
) -> Result<Outcome, FuzzTestError> {
    let mut s = Settings::for_tool(t, method, "cmin")?;
    for c in corpora {
        s.path("tool.corpus", c)?;
    }
    s.path("tool.out", out)?;
    s.line("tool.merge", merge)?;
    s.run_tool(t, "minimised the corpus", false)
}

/// Writes the coverage `inputs` (files, and the files of folders) reach through `method` as
/// reports into `report`, as `fuzz coverage` does for a harness.
pub fn coverage(
    t: &TargetArgs,
    method: &str,
    inputs: &[PathBuf],
    report: &Path,
    sources: &[PathBuf],
) -> Result<Outcome, FuzzTestError> {
    let mut s = Settings::for_tool(t, method, "coverage")?;
    for i in inputs {
        if !i.exists() {
            return Err(setup(format!("{}: no such file or folder", i.display())));
        }
        s.path("tool.input", i)?;
    }
    s.path("tool.report", report)?;
    for d in sources {
        s.path("tool.source", d)?;
    }
    s.run_tool(t, "wrote the coverage report", false)
}

/// The number of findings `findings/summary.json` lists.
fn summary_entries(findings: &Path) -> usize {
    std::fs::read(findings.join("summary.json"))
        .ok()
        .and_then(|b| serde_json::from_slice::<Vec<serde_json::Value>>(&b).ok())
        .map_or(0, |v| v.len())
}

/// How the test JVM ended: with its own word on the outcome, or without (its exit status).
enum Ended {
    Said(Outcome),
    /// Ended at `started`, or at `tool` (inside the tool: a timeout or crash it reported).
    Silent(std::process::ExitStatus, &'static str),
}

/// The settings file's lines, and jvmfuzz's private temporary folder, where each test JVM's
/// settings and result files go.
#[derive(Clone)]
struct Settings {
    text: String,
    dir: PathBuf,
    classes: PathBuf,
}

/// A test JVM started, and its files.
struct Launch {
    child: Child,
    /// Entries of summary.json when it started.
    known: usize,
    dir: PathBuf,
    file: PathBuf,
    result: PathBuf,
}

impl Settings {
    fn new(t: &TargetArgs, method: &str) -> Result<Settings, FuzzTestError> {
        let class = t.harness.as_deref().ok_or_else(|| setup("--fuzz-test: give the test class with --harness"))?;
        if method.is_empty() || !method.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            return Err(setup(format!("--fuzz-test {method}: give a method name, e.g. --fuzz-test parses")));
        }
        // The private folder (0700, this user's) the shim jars go to.
        let classes = jvmfuzz_jvm::shim::install_jar(&std::env::temp_dir(), jvmfuzz_jvm::JUNIT_CLASSES_JAR)
            .map_err(|e| setup(format!("cannot write jvmfuzz-junit's classes: {e}")))?;
        let dir = classes.parent().map(Path::to_path_buf).unwrap_or_else(std::env::temp_dir);
        let mut s = Settings { text: String::new(), dir, classes };
        s.line("class", class)?;
        s.line("method", method)?;
        Ok(s)
    }

    /// The settings of a tool run (`tool.tool=NAME`) and the target options tools use.
    fn for_tool(t: &TargetArgs, method: &str, tool: &str) -> Result<Settings, FuzzTestError> {
        let mut s = Settings::new(t, method)?;
        s.line("tool.tool", tool)?;
        s.line("tool.timeout_secs", t.timeout)?;
        if let Some(mb) = t.rss_limit_mb {
            s.line("tool.rss_limit_mb", mb)?;
        }
        for e in &t.ignore_exception {
            s.line("tool.ignore", e)?;
        }
        Ok(s)
    }

    /// Runs a tool's JVM (`doing` names what it did, for messages). Only a replay reports a
    /// failing input as its outcome.
    fn run_tool(self, t: &TargetArgs, doing: &str, replay: bool) -> Result<Outcome, FuzzTestError> {
        match self.run(t)? {
            Ended::Said(Outcome::Nothing) => Ok(Outcome::Nothing),
            Ended::Said(Outcome::Found) if replay => Ok(Outcome::Found),
            // The tool never ran: JUnit failed before the test (a lifecycle method).
            Ended::Said(Outcome::Found) => {
                Err(setup("the fuzz test's set-up failed (see above), so nothing was done".to_string()))
            }
            // A timeout the tool reported (then it ended the JVM, as `fuzz repro` and `fuzz
            // minimize` do), a native crash, or an input that made the code under test end it.
            Ended::Silent(status, "tool") => {
                println!("jvmfuzz: the test JVM ended ({status}) while it {doing}");
                Ok(Outcome::Found)
            }
            Ended::Silent(status, _) => {
                Err(setup(format!("the test JVM ended ({status}) before the tool ran; see above")))
            }
        }
    }

    /// One `key=value` line; a value the file cannot carry is refused.
    fn line(&mut self, key: &str, value: impl std::fmt::Display) -> Result<(), FuzzTestError> {
        let v = value.to_string();
        if v.contains(['\n', '\r']) {
            return Err(setup(format!("{key}: {v:?} holds a line break, which the test JVM's settings cannot carry")));
        }
        self.text.push_str(&format!("{key}={v}\n"));
        Ok(())
    }

    /// A path, made absolute (the test JVM runs in the same folder, but says where it wrote).
    fn path(&mut self, key: &str, p: &Path) -> Result<(), FuzzTestError> {
        let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let text = abs.to_str().ok_or_else(|| setup(format!("{}: not a UTF-8 path", p.display())))?.to_string();
        self.line(key, text)
    }

    /// Starts the test JVM and waits for it.
    fn run(self, t: &TargetArgs) -> Result<Ended, FuzzTestError> {
        let mut launch = self.spawn(t, 0)?;
        let status = launch.child.wait();
        match status {
            Ok(status) => launch.finish(status),
            Err(e) => {
                let _ = launch.finish_files();
                Err(setup(format!("cannot wait for the test JVM: {e}")))
            }
        }
    }

    /// Starts a test JVM with these settings (`known`: summary.json's entries now).
    fn spawn(&self, t: &TargetArgs, known: usize) -> Result<Launch, FuzzTestError> {
        let tag = format!("fuzz-test-{}-{}", std::process::id(), unique());
        let file = self.dir.join(format!("{tag}.settings"));
        let result = self.dir.join(format!("{tag}.result"));
        let mut text = self.clone();
        text.path("result", &result)?;
        let native = std::env::var_os("JVMFUZZ_JUNIT_NATIVE")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(crate::junit_jar::built_native_library)
            .ok_or_else(|| setup("libjvmfuzz_junit.so (the engine fuzz tests run with) is not next to this executable: build it with `cargo build --release`, or set JVMFUZZ_JUNIT_NATIVE=FILE"))?;
        // The shim on the boot class path from the start, where the engine would append it at
        // run time (`embedded::ready`), which costs class sharing and makes HotSpot warn.
        let mut boot = Vec::new();
        for jar in [jvmfuzz_jvm::install_shim_jar(), jvmfuzz_jvm::install_jazzer_runtime_jar()] {
            let jar = jar.map_err(|e| setup(format!("cannot write the shim jars: {e}")))?;
            match jar.to_str() {
                Some(j) if !j.contains(':') => boot.push(j.to_string()),
                _ => {
                    return Err(setup(format!(
                        "{}: the temporary folder's path must be UTF-8 without ':' (set TMPDIR)",
                        jar.display()
                    )))
                }
            }
        }
        let java = crate::jvm::java_launcher(t.java_home.as_deref()).map_err(|e| setup(e.to_string()))?;
        let mut cmd = Command::new(java);
        cmd.arg(format!("-Xbootclasspath/a:{}", boot.join(":")));
        cmd.arg(format!("-D{}={}", crate::embedded::BOOT_APPENDED, boot.join(":")));
        if !t.no_assertions {
            cmd.arg("-ea");
        }
        cmd.args(&t.jvm_args);
        // Readied for fuzzing whatever the run does: the tools run the same instrumented code.
        let mut props: Vec<(&str, String)> =
            vec![("jvmfuzz.junit.native", native.display().to_string()), ("jvmfuzz.fuzz", "1".into())];
        if let Some(bytes) = crate::jvm::malloc_limit(t.malloc_limit_mb, t.rss_limit_mb, false) {
            props.push(("jvmfuzz.mallocLimit", bytes.to_string()));
        }
        if let Some(i) = &t.includes {
            props.push(("jvmfuzz.includes", i.clone()));
        }
        if let Some(e) = &t.excludes {
            props.push(("jvmfuzz.excludes", e.clone()));
        }
        if let Some(i) = &t.custom_hook_includes {
            props.push(("jvmfuzz.custom.hook.includes", i.clone()));
        }
        if let Some(e) = &t.custom_hook_excludes {
            props.push(("jvmfuzz.custom.hook.excludes", e.clone()));
        }
        // Jazzer's --disabled_hooks names its sanitizers by class: those turn detectors off,
        // as with a harness.
        let (sanitizers, hooks): (Vec<&String>, Vec<&String>) =
            t.disabled_hooks.iter().partition(|h| crate::detectors::by_jazzer_name(h).is_some());
        let mut disabled: Vec<&String> = t.disable_detectors.iter().collect();
        disabled.extend(sanitizers);
        for (key, list) in [
            ("jvmfuzz.detectors", t.detectors.iter().collect::<Vec<_>>()),
            ("jvmfuzz.disable.detectors", disabled),
            ("jvmfuzz.custom.hooks", t.custom_hooks.iter().collect()),
            ("jvmfuzz.disabled.hooks", hooks),
        ] {
            if !list.is_empty() {
                let joined = list.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(",");
                props.push((key, joined.replace(':', ",")));
            }
        }
        if t.verbose {
            props.push(("jvmfuzz.verbose", "1".into()));
        }
        for (k, v) in props {
            cmd.arg(format!("-D{k}={v}"));
        }
        let cp = t.cp.as_deref().unwrap_or("");
        cmd.arg("-cp").arg(format!("{}:{cp}", self.classes.display()));
        cmd.arg("com.jvmfuzz.junit.CommandLine").arg(&file);
        // The JUnit integration reads the environment before these properties: a build's
        // switches left in the shell must not override the command line.
        for k in [
            "JVMFUZZ_FUZZ",
            "JAZZER_FUZZ",
            "JVMFUZZ_INCLUDES",
            "JVMFUZZ_EXCLUDES",
            "JVMFUZZ_DETECTORS",
            "JVMFUZZ_DISABLE_DETECTORS",
            "JVMFUZZ_CUSTOM_HOOKS",
            "JVMFUZZ_DISABLED_HOOKS",
            "JVMFUZZ_CUSTOM_HOOK_INCLUDES",
            "JVMFUZZ_CUSTOM_HOOK_EXCLUDES",
            "JVMFUZZ_VERBOSE",
            "JVMFUZZ_JUNIT_NATIVE",
        ] {
            cmd.env_remove(k);
        }
        // SAFETY: prctl is async-signal-safe; the child gets SIGTERM if this thread ends
        // (a `fuzz` killed by a signal must not leave its JVM fuzzing on).
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        write_new(&file, &text.text)?;
        match cmd.spawn() {
            Ok(child) => Ok(Launch { child, known, dir: self.dir.clone(), file, result }),
            Err(e) => {
                let _ = std::fs::remove_file(&file);
                Err(setup(format!("cannot start {:?}: {e}", cmd.get_program())))
            }
        }
    }
}

impl Launch {
    /// What the JVM said before it exited with `status`.
    fn finish(self, status: std::process::ExitStatus) -> Result<Ended, FuzzTestError> {
        let said = self.finish_files();
        match said.trim() {
            FOUND => Ok(Ended::Said(Outcome::Found)),
            NOTHING => Ok(Ended::Said(Outcome::Nothing)),
            SETUP => Err(FuzzTestError::Reported),
            // The main class writes "started" first: without it the JVM did not get that far.
            "started" => Ok(Ended::Silent(status, "started")),
            "tool" => Ok(Ended::Silent(status, "tool")),
            _ => Err(setup(format!(
                "the test JVM did not start ({status}); check --jvm-arg, --java-home and {}",
                self.dir.display()
            ))),
        }
    }

    /// The result file's text; both files removed.
    fn finish_files(&self) -> String {
        let said = std::fs::read_to_string(&self.result).unwrap_or_default();
        let _ = std::fs::remove_file(&self.file);
        let _ = std::fs::remove_file(&self.result);
        said
    }
}

/// Writes a file that must not exist yet (never through someone else's file or link).
fn write_new(path: &Path, text: &str) -> Result<(), FuzzTestError> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| setup(format!("{}: {e}", path.display())))
}

/// A number no other run of this process has used.
fn unique() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(extra: &[&str]) -> FuzzArgs {
        let mut v = vec!["fuzz", "--cp", "a.jar", "--harness", "X", "--fuzz-test", "parses"];
        v.extend(extra);
        crate::cli::Cli::try_parse_from(v).unwrap().fuzz
    }

    #[test]
    fn options_a_fuzz_test_cannot_honour_are_named() {
        assert_eq!(unsupported(&args(&[])), None);
        assert_eq!(unsupported(&args(&["--jobs", "2"])), None);
        assert_eq!(unsupported(&args(&["--coverage-report", "r"])), None);
        assert_eq!(unsupported(&args(&["--reproducer-path", "repro"])), None);
        assert_eq!(unsupported(&args(&["--custom-hook-includes", "com.acme.*"])), None);
    }

    #[test]
    fn a_method_name_is_checked_before_a_jvm_starts() {
        let a = args(&[]);
        assert!(
            matches!(Settings::new(&a.target, "parse(byte[])"), Err(FuzzTestError::Setup(m)) if m.contains("method name"))
        );
        let s = Settings::new(&a.target, "parses").unwrap();
        assert_eq!(s.text, "class=X\nmethod=parses\n");
        let mut s = s;
        assert!(matches!(s.line("engine.ignore", "a\nreplay=/etc/passwd"), Err(FuzzTestError::Setup(_))));
    }
}
