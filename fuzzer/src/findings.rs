//! Findings on disk: deduplication by stack, and the files a person needs to act on one.
//!
//! A finding's id is a stable hash (FNV-1a, the same in every process and build) of the
//! exception class and its stack frames, never the message (messages carry input-dependent
//! values). A StackOverflowError's trace is a truncated recursion whose cut point varies, so
//! only the repeating cycle counts, as a set. Each id is saved once:
//! `findings/<id>/input`, `stack.txt`, `Reproducer.java` (standalone main) and
//! `ReproducerTest.java` (JUnit 5), and `findings/summary.json` lists them all. The store
//! re-reads summary.json on start, so a restarted client (after a timeout or a JVM crash) and
//! a later run do not save a known bug again. The fuzz loop saves through [`FindingSink`]
//! only, whichever way the finding arrived.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::harness::{Failure, Mode};
use crate::status;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SummaryEntry {
    pub id: String,
    pub exception: String,
    pub message: String,
    pub top_frame: String,
    pub input: String,
    pub reproducer: String,
    pub first_seen_secs: f64,
    pub execs: u64,
    /// For a bug detector's finding: its name, severity and CWE (`crate::detectors`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detector: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwe: Option<String>,
    /// `bug`, or `contract` for an exception a generated driver's method under test raises by
    /// design on the arguments it was given (not counted as a finding; `--strict` makes it a
    /// bug), with `reason`.
    #[serde(default = "bug")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Generated drivers: the inputs that reached this exception's throwing site, and the
    /// driver methods (callers) they came through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callers: Option<u64>,
}

fn bug() -> String {
    "bug".into()
}

fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The frames that identify a StackOverflowError: the shortest cycle among the top frames,
/// sorted (the rotation depends on where the stack ran out).
pub fn recursion_cycle(frames: &[String]) -> Vec<String> {
    let n = frames.len();
    for period in 1..=n / 2 {
        // The cycle must repeat at least twice right from the top.
        let reps = n / period;
        if reps < 2 {
            break;
        }
        if (period..n.min(period * 4)).all(|i| frames[i] == frames[i - period]) {
            let mut cycle: Vec<String> = frames[..period].to_vec();
            cycle.sort();
            cycle.dedup();
            return cycle;
        }
    }
    frames.to_vec()
}

/// A frame as every JVM names it: a hidden class's name carries its address in this process
/// (`LambdaForm$MH/0x00007efec00c8800`), a lambda's also its number in load order
/// (`Foo$$Lambda$223/0x...`), so both are cut. Without this, the same hang seen through JUnit's
/// method handles was a new finding in every JVM.
fn stable_frame(frame: &str) -> std::borrow::Cow<'_, str> {
    static HIDDEN: once_cell::sync::Lazy<regex::Regex> = once_cell::sync::Lazy::new(|| {
        regex::Regex::new(r"(\$\$Lambda)(?:\$\d+)?/0x[0-9a-fA-F]+|/0x[0-9a-fA-F]+").expect("a valid pattern")
    });
    HIDDEN.replace_all(frame, "$1")
}

/// The dedup key of a failure (16 hex digits).
pub fn finding_id(f: &Failure) -> String {
    let frames: Vec<String> =
        if f.exception == "java.lang.StackOverflowError" { recursion_cycle(&f.frames) } else { f.frames.clone() };
    let mut h = fnv1a(FNV_OFFSET, f.exception.as_bytes());
    // The same site can be one caller's contract and another's bug: two findings.
    if f.contract.is_some() {
        h = fnv1a(h, b"\ncontract");
    }
    for fr in &frames {
        h = fnv1a(h, b"\n");
        h = fnv1a(h, stable_frame(fr).as_bytes());
    }
    format!("{h:016x}")
}

pub struct FindingStore {
    dir: PathBuf,
    entries: Vec<SummaryEntry>,
    start: Instant,
    /// Seconds already elapsed before this process (restarts), for first_seen_secs.
    offset_secs: f64,
}

impl FindingStore {
    pub fn open(dir: &Path, offset_secs: f64) -> std::io::Result<FindingStore> {
        std::fs::create_dir_all(dir)?;
        let entries = std::fs::read(dir.join("summary.json"))
            .ok()
            .and_then(|b| serde_json::from_slice::<Vec<SummaryEntry>>(&b).ok())
            .unwrap_or_default();
        Ok(FindingStore { dir: dir.to_path_buf(), entries, start: Instant::now(), offset_secs })
    }

    pub fn entries(&self) -> &[SummaryEntry] {
        &self.entries
    }

    /// Sets each entry's `inputs` and `callers` from `counts` (keyed `[+]exception@top frame`,
    /// `+` for a contract: `drivers::site_counts`) and rewrites summary.json.
    pub fn annotate_sites(&mut self, counts: &std::collections::HashMap<String, (u64, u64)>) -> std::io::Result<()> {
        for e in &mut self.entries {
            let key = format!("{}{}@{}", if e.kind == "contract" { "+" } else { "" }, e.exception, e.top_frame);
            if let Some(&(inputs, callers)) = counts.get(&key) {
                e.inputs = Some(inputs);
                e.callers = Some(callers);
            }
        }
        let json = serde_json::to_vec_pretty(&self.entries).map_err(std::io::Error::other)?;
        let tmp = self.dir.join(format!(".summary.json.{}", std::process::id()));
        std::fs::write(&tmp, json)?;
        std::fs::rename(&tmp, self.dir.join("summary.json"))
    }

    pub fn entry(&self, id: &str) -> Option<&SummaryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    pub fn contains(&self, id: &str) -> bool {
        self.entries.iter().any(|e| e.id == id)
    }

    /// Saves a new finding; returns `Ok(None)` if its id is already stored. `junit` is the
    /// `ReproducerTest.java` to write instead of the generic one that replays the input
    /// through the harness (generated drivers have a readable one).
    pub fn save(
        &mut self,
        f: &Failure,
        input: &[u8],
        execs: u64,
        harness: &str,
        mode: Mode,
        junit: Option<&str>,
    ) -> std::io::Result<Option<SummaryEntry>> {
        let id = finding_id(f);
        if self.contains(&id) {
            return Ok(None);
        }
        let detector = crate::detectors::of_finding(&f.exception, &f.message);
        let d = self.dir.join(&id);
        std::fs::create_dir_all(&d)?;
        std::fs::write(d.join("input"), input)?;
        let stack = format!(
            "== jvmfuzz finding {id}\n== exception: {}\n== message: {}\n== harness: {harness}\n== execs: {execs}\n\n{}",
            f.exception, f.message, f.stack_text
        );
        std::fs::write(d.join("stack.txt"), stack)?;
        std::fs::write(d.join("Reproducer.java"), reproducer_main(&id, f, input, harness, mode))?;
        let junit = match junit {
            Some(text) => text.to_string(),
            None => reproducer_junit(&id, f, input, harness, mode),
        };
        std::fs::write(d.join("ReproducerTest.java"), junit)?;
        let entry = SummaryEntry {
            id: id.clone(),
            exception: f.exception.clone(),
            message: f.message.clone(),
            top_frame: f.top_frame().to_string(),
            input: d.join("input").display().to_string(),
            reproducer: d.join("Reproducer.java").display().to_string(),
            first_seen_secs: ((self.offset_secs + self.start.elapsed().as_secs_f64()) * 1000.0).round() / 1000.0,
            execs,
            detector: detector.map(|d| d.name.to_string()),
            severity: detector.map(|d| d.severity.to_string()),
            cwe: detector.map(|d| d.cwe.to_string()),
            kind: if f.contract.is_some() { "contract".into() } else { bug() },
            reason: f.contract.clone(),
            inputs: None,
            callers: None,
        };
        // Re-read before writing: another job (--jobs) may have added entries meanwhile.
        if let Ok(b) = std::fs::read(self.dir.join("summary.json")) {
            if let Ok(on_disk) = serde_json::from_slice::<Vec<SummaryEntry>>(&b) {
                for e in on_disk {
                    if !self.contains(&e.id) {
                        self.entries.push(e);
                    }
                }
            }
        }
        if self.contains(&id) {
            return Ok(None);
        }
        self.entries.push(entry.clone());
        let json = serde_json::to_vec_pretty(&self.entries).map_err(std::io::Error::other)?;
        let tmp = self.dir.join(format!(".summary.json.{}", std::process::id()));
        std::fs::write(&tmp, json)?;
        std::fs::rename(&tmp, self.dir.join("summary.json"))?;
        crate::sarif::write(&self.dir, &self.entries)?;
        Ok(Some(entry))
    }
}

/// What was found, for the line printed when it is saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Throwable escaped the harness.
    Exception,
    /// The watchdog saw an execution run past `--timeout`.
    Timeout,
    /// The watchdog saw the process pass `--rss-limit-mb` during an execution.
    OutOfMemory,
    /// The JVM process died on a signal.
    NativeCrash,
}

impl Kind {
    /// What a failure replayed in-process is: the watchdog names its stalls `timeout` and
    /// `out-of-memory`; anything else escaped the harness.
    pub fn of_failure(f: &Failure) -> Kind {
        match f.exception.as_str() {
            "timeout" => Kind::Timeout,
            "out-of-memory" => Kind::OutOfMemory,
            _ => Kind::Exception,
        }
    }
}

/// The one way a finding of the fuzz loop reaches disk and the parent process. Findings arrive
/// on three threads of control: the harness thread (exceptions), the watchdog thread
/// (timeouts) and LibAFL's crash handler (native crashes, in a signal handler, just before the
/// process dies). So the sink holds no open store: each save re-reads `summary.json`, which
/// also picks up what other `--jobs` clients saved.
#[derive(Debug, Clone)]
pub struct FindingSink {
    dir: PathBuf,
    status_file: PathBuf,
    harness: String,
    mode: Mode,
    /// Seconds of the session before this process (a restarted client), for first_seen_secs.
    offset_secs: f64,
    born: Instant,
    artifacts: Artifacts,
}

/// Copies of each new finding where libFuzzer and Jazzer users (OSS-Fuzz, ClusterFuzz) look
/// for them, besides `findings/<id>/`.
#[derive(Debug, Clone, Default)]
pub struct Artifacts {
    /// libFuzzer's `-artifact_prefix`: the input also goes to `<prefix>crash-<sha1>` (a Java
    /// finding or native crash) or `<prefix>timeout-<sha1>`. The prefix is a string, not a
    /// folder: `out/` names a folder, `out/x-` a file-name prefix, as in libFuzzer.
    pub prefix: Option<String>,
    /// Jazzer's `--reproducer_path`: `Crash_<sha1>.java`, a Java program that replays the
    /// input (the finding's `Reproducer.java` under that class name).
    pub reproducer_dir: Option<PathBuf>,
    /// Print each new finding as Jazzer does (`== Java Exception: ...`, `DEDUP_TOKEN: ...`,
    /// `Test unit written to ...`), which ClusterFuzz's crash parser reads.
    pub libfuzzer_output: bool,
}

/// A failure as Jazzer and libFuzzer print it, in the lines ClusterFuzz's crash parser
/// matches (`== Java Exception:`, `==PID== ERROR: libFuzzer: timeout after N seconds`,
/// `... out-of-memory (used: XMb; exceeds: YMb)`), then `DEDUP_TOKEN:`.
pub fn print_libfuzzer_report(kind: Kind, f: &Failure, id: &str) {
    let pid = std::process::id();
    let stack = f.stack_text.trim_end();
    match kind {
        Kind::Exception => {
            let head = if stack.is_empty() { format!("{}: {}", f.exception, f.message) } else { stack.to_string() };
            crate::say!("\n== Java Exception: {head}");
        }
        Kind::Timeout => {
            let secs = number_before(&f.message, " s").map_or(0, |s| s.ceil() as u64);
            crate::say!("\n=={pid}== ERROR: libFuzzer: timeout after {secs} seconds\n{}\n{stack}", f.message)
        }
        Kind::OutOfMemory => {
            let used = number_before(&f.message, " MB of memory").unwrap_or(0.0);
            let limit = f.message.rsplit(' ').next().and_then(|n| n.parse::<f64>().ok()).unwrap_or(0.0);
            crate::say!(
                "\n=={pid}== ERROR: libFuzzer: out-of-memory (used: {used:.0}Mb; exceeds: {limit:.0}Mb)\n{}\n{stack}",
                f.message
            )
        }
        Kind::NativeCrash => crate::say!("\n=={pid}== ERROR: libFuzzer: deadly signal (the JVM crashed natively)"),
    }
    crate::say!("DEDUP_TOKEN: {id}");
}

/// The number just before `unit` in `text` ("ran longer than 10.0 s" -> 10.0).
fn number_before(text: &str, unit: &str) -> Option<f64> {
    let head = &text[..text.find(unit)?];
    head.rsplit(' ').next()?.parse().ok()
}

impl Artifacts {
    /// The folder `prefix` writes into must exist before the run, as Jazzer requires: a
    /// finding's artifact is not to be lost at the end of a long run.
    pub fn check_prefix(prefix: &str) -> Result<(), String> {
        let folder = match prefix.rfind('/') {
            Some(i) => &prefix[..=i],
            None => return Ok(()),
        };
        if Path::new(folder).is_dir() {
            Ok(())
        } else {
            Err(format!(
                "--artifact-prefix {prefix}: the folder {folder} does not exist; create it first (libFuzzer's -artifact_prefix writes into an existing folder)"
            ))
        }
    }

    fn write(&self, kind: Kind, f: &Failure, id: &str, input: &[u8], reproducer: Option<&str>) {
        let sha1 = sha1_smol::Sha1::from(input).digest().to_string();
        if self.libfuzzer_output {
            print_libfuzzer_report(kind, f, id);
            crate::say!("== libFuzzer crashing input ==");
        }
        if let Some(prefix) = &self.prefix {
            let name = match kind {
                Kind::Timeout => "timeout",
                Kind::OutOfMemory => "oom",
                Kind::Exception | Kind::NativeCrash => "crash",
            };
            let path = format!("{prefix}{name}-{sha1}");
            match std::fs::write(&path, input) {
                Ok(()) => crate::say!("artifact_prefix='{prefix}'; Test unit written to {path}"),
                Err(err) => crate::say!("jvmfuzz: cannot write {path}: {err}"),
            }
        }
        if self.libfuzzer_output {
            crate::say!("Base64: {}", base64(input));
        }
        if let (Some(dir), Some(source)) = (&self.reproducer_dir, reproducer) {
            let class = format!("Crash_{sha1}");
            let path = dir.join(format!("{class}.java"));
            let source = source.replacen("public class Reproducer ", &format!("public class {class} "), 1);
            match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, source)) {
                Ok(()) => {
                    crate::say!("reproducer_path='{}'; Java reproducer written to {}", dir.display(), path.display())
                }
                Err(err) => crate::say!("jvmfuzz: cannot write {}: {err}", path.display()),
            }
        }
    }
}

impl FindingSink {
    /// Checks that `dir` can be created now, so a bad `--findings` is a set-up error rather than
    /// a lost first finding. `status_file` tells the parent about each finding.
    pub fn open(
        dir: &Path,
        status_file: &Path,
        harness: &str,
        mode: Mode,
        offset_secs: f64,
        artifacts: Artifacts,
    ) -> std::io::Result<FindingSink> {
        FindingStore::open(dir, offset_secs)?;
        if mode == Mode::Provider {
            write_shim_jar(dir);
        }
        Ok(FindingSink {
            dir: dir.to_path_buf(),
            status_file: status_file.to_path_buf(),
            harness: harness.to_string(),
            mode,
            offset_secs,
            born: Instant::now(),
            artifacts,
        })
    }

    /// The findings folder (`--findings`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Saves `f` unless its id is on disk already, and tells the parent either way.
    pub fn save(&self, kind: Kind, f: &Failure, input: &[u8], execs: u64) {
        self.save_with(kind, f, input, execs, |_| None);
    }

    /// [`save`](Self::save); `readable_junit(id)` is asked, only for a new finding, for a
    /// `ReproducerTest.java` to write instead of the generic one (`Err`: why there is none).
    pub fn save_with(
        &self,
        kind: Kind,
        f: &Failure,
        input: &[u8],
        execs: u64,
        readable_junit: impl FnOnce(&str) -> Option<Result<String, String>>,
    ) {
        let id = finding_id(f);
        // A contract exception is recorded, not counted: it neither ends the run nor sets the
        // exit status, and has no libFuzzer artifacts.
        let contract = f.contract.as_deref();
        if contract.is_none() {
            status::append(&self.status_file, &format!("execs {execs}"));
            status::append(&self.status_file, &format!("finding {id}"));
            if kind != Kind::Exception {
                status::append(&self.status_file, &format!("fatal {id}"));
            }
        }
        let mut store = match FindingStore::open(&self.dir, self.offset_secs + self.born.elapsed().as_secs_f64()) {
            Ok(s) => s,
            Err(e) => return self.not_saved(kind, &id, &e),
        };
        if store.contains(&id) && contract.is_some() {
            return;
        }
        if store.contains(&id) {
            // Known from an earlier run (or another client): the artifacts and Jazzer's lines
            // are this run's report of it all the same (ClusterFuzz reads them).
            let reproducer = std::fs::read_to_string(self.dir.join(&id).join("Reproducer.java")).ok();
            self.artifacts.write(kind, f, &id, input, reproducer.as_deref());
            return self.already_saved(kind, &id, f);
        }
        let readable = readable_junit(&id);
        let junit = readable.as_ref().and_then(|r| r.as_deref().ok());
        match store.save(f, input, execs, &self.harness, self.mode, junit) {
            Ok(Some(e)) => {
                let at = self.dir.join(&e.id);
                if let Some(reason) = contract {
                    crate::say!(
                        "jvmfuzz: contract {} {} at {} ({reason}) -> {}/",
                        e.id,
                        e.exception,
                        e.top_frame,
                        at.display()
                    );
                    return;
                }
                match kind {
                    Kind::Exception => {
                        crate::say!(
                            "jvmfuzz: FINDING {} {}: {} at {} -> {}/",
                            e.id,
                            e.exception,
                            e.message,
                            e.top_frame,
                            at.display()
                        )
                    }
                    Kind::Timeout => crate::say!("jvmfuzz: TIMEOUT {} -> {}/", e.id, at.display()),
                    Kind::OutOfMemory => {
                        crate::say!("jvmfuzz: OUT OF MEMORY {} ({}) -> {}/", e.id, e.message, at.display())
                    }
                    Kind::NativeCrash => crate::say!("jvmfuzz: FINDING {} native crash -> {}/", e.id, at.display()),
                }
                if let Some(Err(msg)) = readable {
                    crate::say!("jvmfuzz: note: no readable reproducer for {}: {msg}", e.id);
                }
                let reproducer = std::fs::read_to_string(at.join("Reproducer.java")).ok();
                self.artifacts.write(kind, f, &e.id, input, reproducer.as_deref());
                match kind {
                    Kind::Timeout => {
                        crate::output::ending("an execution ran past the timeout", crate::output::ENDS_IF_STUCK)
                    }
                    Kind::OutOfMemory => {
                        crate::output::ending("an execution went past the memory limit", crate::output::ENDS_NOW)
                    }
                    Kind::NativeCrash => crate::output::ending("the JVM crashed natively", crate::output::ENDS_NOW),
                    Kind::Exception => {}
                }
            }
            // Another client saved it meanwhile.
            Ok(None) => self.already_saved(kind, &id, f),
            Err(e) => self.not_saved(kind, &id, &e),
        }
    }

    fn already_saved(&self, kind: Kind, id: &str, f: &Failure) {
        if kind == Kind::Exception {
            crate::say!("jvmfuzz: finding {id} ({}) was already saved in {}", f.exception, self.dir.display());
        }
    }

    fn not_saved(&self, kind: Kind, id: &str, e: &std::io::Error) {
        if kind == Kind::Exception {
            crate::say!("jvmfuzz: cannot save finding {id}: {e}");
        }
    }
}

/// Reproducers of provider-style harnesses need the shim classes: put the jar next to them.
pub(crate) fn write_shim_jar(findings: &Path) {
    let _ = std::fs::create_dir_all(findings);
    let _ = std::fs::write(findings.join("jvmfuzz-shim.jar"), jvmfuzz_jvm::SHIM_JAR);
}

fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(T[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Java source for the input: a base64 literal split into chunks (a constant string is
/// limited to 65535 bytes of modified UTF-8 and long lines are unreadable).
fn java_input_expr(input: &[u8]) -> String {
    let b64 = base64(input);
    if b64.is_empty() {
        return "new byte[0]".into();
    }
    let parts: Vec<String> = b64.as_bytes().chunks(76).map(|c| format!("\"{}\"", String::from_utf8_lossy(c))).collect();
    format!("java.util.Base64.getDecoder().decode(String.join(\"\",\n            {}))", parts.join(",\n            "))
}

fn call_stmt(harness: &str, mode: Mode) -> String {
    match mode {
        Mode::Bytes => format!("{harness}.fuzzerTestOneInput(data);"),
        // The data provider lives in the jvmfuzz shim jar (fuzz writes it to
        // findings/jvmfuzz-shim.jar): Runner builds the right argument for the harness.
        Mode::Provider => format!(
            "Class<?> h = {harness}.class;\n        \
             com.jvmfuzz.shim.fuzz.Runner.setup(h, new String[0]);\n        \
             Object arg = com.jvmfuzz.shim.fuzz.Runner.argument(data);\n        \
             for (java.lang.reflect.Method m : h.getDeclaredMethods()) {{\n            \
                 if (m.getName().equals(\"fuzzerTestOneInput\")) {{\n                \
                     m.setAccessible(true);\n                \
                     try {{ m.invoke(null, arg); }} catch (java.lang.reflect.InvocationTargetException e) {{ throw e.getCause(); }}\n            \
                 }}\n        \
             }}"
        ),
    }
}

/// The reproducer's body: `data` decoded, then the harness called; for a detector's finding,
/// called through jvmfuzz-junit's `Detectors.replayHarness` (`replay` for generated drivers), which puts the detectors' hooks into the
/// JVM first (a plain JVM has none) and throws the report even if the target swallowed it.
fn reproducer_body(input: &[u8], harness: &str, mode: Mode, detector: bool) -> String {
    let data = format!("byte[] data = {};\n        ", java_input_expr(input));
    let call = call_stmt(harness, mode);
    if !detector {
        return data + &call;
    }
    // A harness replays under Jazzer's connection rule, as `fuzz` ran it; generated drivers
    // under the payload rule.
    let replay = if harness == crate::drivers::plan::DISPATCH { "replay" } else { "replayHarness" };
    format!(
        "{data}{DETECTORS_CLASS}.{replay}(() -> {{\n            {}\n        }});",
        call.replace("\n        ", "\n            ")
    )
}

/// jvmfuzz-junit's entry point for code run with the bug detectors on.
pub const DETECTORS_CLASS: &str = "com.jvmfuzz.junit.Detectors";

/// Comment lines for a detector finding's reproducer: what it needs on the class path.
pub fn detector_note(detector: &str) -> String {
    format!(
        "// A {detector} finding: the detector reports it, the target may throw nothing. The replay\n\
         // goes through {DETECTORS_CLASS}, which needs jvmfuzz-junit.jar on the class path\n\
         // (`fuzz junit-jar` writes it) and a fresh JVM: the hooks go into classes as they load.\n"
    )
}

fn reproducer_main(id: &str, f: &Failure, input: &[u8], harness: &str, mode: Mode) -> String {
    let detector = crate::detectors::of_finding(&f.exception, &f.message);
    let mut cp_hint = match mode {
        Mode::Bytes => "<your --cp>".to_string(),
        Mode::Provider => "<your --cp>:findings/jvmfuzz-shim.jar".to_string(),
    };
    if detector.is_some() {
        cp_hint.push_str(":jvmfuzz-junit.jar");
    }
    format!(
        "// jvmfuzz finding {id}: {exc} at {top}\n\
         {note}\
         // Run:  java -ea -cp {cp_hint}:. Reproducer.java   (JDK 11+ source launcher; or javac then java;\n\
         //       -ea: fuzz runs the target with assertions on unless given --no-assertions)\n\
         // Expected: {exc} escapes fuzzerTestOneInput.\n\
         public class Reproducer {{\n    \
             public static void main(String[] args) throws Throwable {{\n        \
                 {body}\n        \
                 System.out.println(\"finding {id} did not reproduce\");\n    \
             }}\n\
         }}\n",
        exc = f.exception,
        top = f.top_frame(),
        note = detector.map(|d| detector_note(d.name)).unwrap_or_default(),
        body = reproducer_body(input, harness, mode, detector.is_some()),
    )
}

fn reproducer_junit(id: &str, f: &Failure, input: &[u8], harness: &str, mode: Mode) -> String {
    let detector = crate::detectors::of_finding(&f.exception, &f.message);
    format!(
        "// jvmfuzz finding {id}: {exc} at {top}\n\
         // A JUnit 5 test that replays the input; it fails while the bug is there.\n\
         {note}\
         import org.junit.jupiter.api.Test;\n\n\
         class ReproducerTest {{\n    \
             @Test\n    \
             void finding_{id}() throws Throwable {{\n        \
                 {body}\n    \
             }}\n\
         }}\n",
        exc = f.exception,
        top = f.top_frame(),
        note = detector.map(|d| detector_note(d.name)).unwrap_or_default(),
        body = reproducer_body(input, harness, mode, detector.is_some()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(exc: &str, frames: &[&str]) -> Failure {
        Failure {
            exception: exc.into(),
            message: "m".into(),
            stack_text: String::new(),
            frames: frames.iter().map(|s| s.to_string()).collect(),
            contract: None,
        }
    }

    #[test]
    fn ids_ignore_messages_and_depend_on_frames() {
        let a = failure("java.lang.IllegalStateException", &["a.B.c(B.java:1)", "a.B.d(B.java:2)"]);
        let mut b = a.clone();
        b.message = "other".into();
        assert_eq!(finding_id(&a), finding_id(&b));
        let c = failure("java.lang.IllegalStateException", &["a.B.c(B.java:1)", "a.B.e(B.java:5)"]);
        assert_ne!(finding_id(&a), finding_id(&c));
        assert_eq!(finding_id(&a).len(), 16);
    }

    #[test]
    fn ids_do_not_depend_on_where_a_jvm_put_its_hidden_classes() {
        let frames = |mh: &str, lambda: &str| {
            failure(
                "timeout",
                &[
                    "com.acme.T.always(T.java:60)",
                    &format!("java.lang.invoke.LambdaForm$MH/{mh}.invoke(LambdaForm$MH)"),
                    &format!("com.acme.T$$Lambda${lambda}.run(Unknown Source)"),
                ],
            )
        };
        let a = frames("0x00007efec00c8800", "223/0x00007f3bd408bbd8");
        let b = frames("0x00007f3bd40c8800", "31/0x0000000800c4a000");
        assert_eq!(finding_id(&a), finding_id(&b));
        assert_eq!(
            stable_frame("com.acme.T$$Lambda$223/0x0000a.run(Unknown Source)"),
            "com.acme.T$$Lambda.run(Unknown Source)"
        );
        assert_eq!(stable_frame("a.B.c(B.java:1)"), "a.B.c(B.java:1)");
        let c = frames("0x00007efec00c8800", "223/0x00007f3bd408bbd8");
        let mut d = c.clone();
        d.frames[0] = "com.acme.T.other(T.java:61)".into();
        assert_ne!(finding_id(&c), finding_id(&d));
    }

    #[test]
    fn stack_overflows_are_cut_to_the_cycle() {
        let cyc = ["r.A.f(A.java:1)", "r.A.g(A.java:2)", "r.A.h(A.java:3)"];
        let frames = |start: usize, n: usize| -> Vec<&str> { (0..n).map(|i| cyc[(start + i) % 3]).collect() };
        let a = failure("java.lang.StackOverflowError", &frames(0, 1024));
        let b = failure("java.lang.StackOverflowError", &frames(2, 1023));
        assert_eq!(finding_id(&a), finding_id(&b));
        assert_eq!(recursion_cycle(&a.frames).len(), 3);
    }

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"bad!\xff"), "YmFkIf8=");
    }

    #[test]
    fn store_saves_once_and_survives_reopen() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-findings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut s = FindingStore::open(&dir, 0.0).unwrap();
        let f = failure("java.lang.RuntimeException", &["a.B.c(B.java:1)"]);
        let e = s.save(&f, b"bad!", 10, "a.Fuzz", Mode::Bytes, None).unwrap().unwrap();
        assert!(s.save(&f, b"bad!!", 11, "a.Fuzz", Mode::Bytes, None).unwrap().is_none());
        let mut s2 = FindingStore::open(&dir, 0.0).unwrap();
        assert!(s2.save(&f, b"x", 1, "a.Fuzz", Mode::Bytes, None).unwrap().is_none());
        assert_eq!(std::fs::read(dir.join(&e.id).join("input")).unwrap(), b"bad!");
        let src = std::fs::read_to_string(dir.join(&e.id).join("Reproducer.java")).unwrap();
        assert!(src.contains("a.Fuzz.fuzzerTestOneInput(data);") && src.contains("YmFkIQ=="), "{src}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_sink_saves_once_and_tells_the_parent_each_time() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-sink-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let status_file = status::create(&dir).unwrap();
        let sink = FindingSink::open(&dir, &status_file, "a.Fuzz", Mode::Provider, 0.0, Artifacts::default()).unwrap();
        // Provider-harness reproducers need the shim classes next to them.
        assert!(dir.join("jvmfuzz-shim.jar").is_file());
        let f = failure("java.lang.RuntimeException", &["a.B.c(B.java:1)"]);
        let mut asked = 0;
        for execs in [3, 4] {
            sink.save_with(Kind::Exception, &f, b"bad", execs, |_| {
                asked += 1;
                Some(Ok("class ReproducerTest {}\n".into()))
            });
        }
        // The readable reproducer is made only for a new finding, and written once, as given.
        assert_eq!(asked, 1);
        let id = finding_id(&f);
        assert_eq!(
            std::fs::read_to_string(dir.join(&id).join("ReproducerTest.java")).unwrap(),
            "class ReproducerTest {}\n"
        );
        assert_eq!(std::fs::read(dir.join(&id).join("input")).unwrap(), b"bad");
        assert_eq!(status::read(&status_file).findings, vec![id.clone()]);
        // Without one (or when making it failed), the generic JUnit reproducer.
        let g = failure("java.lang.IllegalStateException", &["a.B.d(B.java:2)"]);
        sink.save_with(Kind::Exception, &g, b"x", 5, |_| Some(Err("no trace".into())));
        let generic = std::fs::read_to_string(dir.join(finding_id(&g)).join("ReproducerTest.java")).unwrap();
        assert!(generic.contains("Runner.argument(data)"), "{generic}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
