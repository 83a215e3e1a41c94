//! The test kit, a dev-only crate: locating the JDKs, jars and the built agent, compiling
//! Java, running JVMs (with our agent, JaCoCo's, or none), reading JaCoCo's XML ([`xml`],
//! [`compare`]: the differ the equality tests use) and `.exec` files ([`jacoco_exec`]: JaCoCo's
//! probe data, to check the probe reduction against). Only tests depend on it, so none of it
//! ships in `libjvmfuzz_agent.so` or `fuzz`.
//!
//! Everything external the tests need is fetched by `scripts/fetch-test-deps.sh`; when something
//! is missing the helpers panic with a message that says so. JDK 25 is optional: tests that need
//! it call [`jdk25_or_skip`], which prints a loud SKIPPED banner (or panics when
//! `JVMFUZZ_REQUIRE_JDK25=1`).
//!
//! Environment overrides: `JVMFUZZ_JDK17`, `JVMFUZZ_JDK25` (JDK homes), `JVMFUZZ_AGENT_SO` (the
//! agent library), `MAVEN_REPO_LOCAL` (Maven repository), `JVMFUZZ_KEEP_TMP=1` (keep temp dirs).

pub mod compare;
pub mod jacoco;
pub mod jacoco_exec;
pub mod made_up;
pub mod xml;

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

pub const FETCH_HINT: &str = "run scripts/fetch-test-deps.sh (from the repository root) first";

/// The repository root (parent of `tests/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent").to_path_buf()
}

/// `tests/` in the repository.
pub fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/java/<rel>`.
pub fn java_dir(rel: &str) -> PathBuf {
    tests_dir().join("java").join(rel)
}

// ------------------------------------------------------------------------------------ JDKs

/// A JDK installation.
#[derive(Debug, Clone)]
pub struct Jdk {
    pub home: PathBuf,
    /// Feature version (17, 25, ...).
    pub version: u32,
}

impl Jdk {
    pub fn java(&self) -> PathBuf {
        self.home.join("bin/java")
    }
    pub fn javac(&self) -> PathBuf {
        self.home.join("bin/javac")
    }
    /// A short label for messages: "jdk17".
    pub fn label(&self) -> String {
        format!("jdk{}", self.version)
    }

    /// Reads the feature version from `$home/release` (`JAVA_VERSION="17.0.15"`).
    pub fn at(home: &Path) -> Option<Jdk> {
        if !home.join("bin/java").is_file() || !home.join("bin/javac").is_file() {
            return None;
        }
        let release = std::fs::read_to_string(home.join("release")).ok()?;
        let line = release.lines().find(|l| l.starts_with("JAVA_VERSION="))?;
        let v = line.trim_start_matches("JAVA_VERSION=").trim_matches('"');
        let major: u32 = v.split(['.', '-', '+']).next()?.parse().ok()?;
        let major = if major == 1 { v.split('.').nth(1)?.parse().ok()? } else { major };
        Some(Jdk { home: home.to_path_buf(), version: major })
    }
}

fn find_jdk(env_var: &str, preferred: &[&str], version: u32) -> Option<Jdk> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(v) = std::env::var_os(env_var) {
        candidates.push(PathBuf::from(v));
    }
    candidates.extend(preferred.iter().map(PathBuf::from));
    if let Ok(rd) = std::fs::read_dir("/usr/lib/jvm") {
        let mut all: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        all.sort();
        candidates.extend(all);
    }
    candidates.into_iter().filter_map(|c| Jdk::at(&c)).find(|j| j.version == version)
}

/// JDK 17 (the default `java` of the machine). Panics when absent.
pub fn jdk17() -> Jdk {
    find_jdk("JVMFUZZ_JDK17", &["/usr/lib/jvm/java-17-openjdk-amd64"], 17)
        .unwrap_or_else(|| panic!("no JDK 17 found under /usr/lib/jvm (set JVMFUZZ_JDK17); {FETCH_HINT}"))
}

/// JDK 25 if installed (`/usr/lib/jvm/temurin-25-jdk-amd64` or any `/usr/lib/jvm/*` of version 25).
pub fn jdk25() -> Option<Jdk> {
    find_jdk("JVMFUZZ_JDK25", &["/usr/lib/jvm/temurin-25-jdk-amd64"], 25)
}

/// JDK 25, or a loud SKIPPED banner and `None`. With `JVMFUZZ_REQUIRE_JDK25=1` a missing JDK 25
/// is a failure instead.
pub fn jdk25_or_skip(test: &str) -> Option<Jdk> {
    if let Some(j) = jdk25() {
        return Some(j);
    }
    let msg = format!(
        "{test}: JDK 25 not found (looked at $JVMFUZZ_JDK25, /usr/lib/jvm/temurin-25-jdk-amd64, \
         /usr/lib/jvm/*). Debian has no JDK 25 package: install one by hand into \
         /usr/lib/jvm/temurin-25-jdk-amd64 or set JVMFUZZ_JDK25."
    );
    if std::env::var("JVMFUZZ_REQUIRE_JDK25").as_deref() == Ok("1") {
        panic!("{msg} (JVMFUZZ_REQUIRE_JDK25=1)");
    }
    eprintln!("\n{}\n!!! SKIPPED: {msg}\n{}\n", "!".repeat(100), "!".repeat(100));
    None
}

// ------------------------------------------------------------------------------------ jars

/// The local Maven repository (`$MAVEN_REPO_LOCAL` or `~/.m2/repository`).
pub fn maven_repo() -> PathBuf {
    if let Some(v) = std::env::var_os("MAVEN_REPO_LOCAL") {
        return PathBuf::from(v);
    }
    let home = std::env::var_os("HOME").unwrap_or_else(|| OsString::from("/root"));
    PathBuf::from(home).join(".m2/repository")
}

fn require_file(p: PathBuf, what: &str) -> PathBuf {
    if !p.is_file() {
        panic!("{what} not found at {}: {FETCH_HINT}", p.display());
    }
    p
}

/// A jar from a Debian package: `/usr/share/java/<name>`.
pub fn debian_jar(name: &str) -> PathBuf {
    require_file(Path::new("/usr/share/java").join(name), &format!("Debian jar {name}"))
}

/// A jar from the local Maven repository: `group:artifact:version[:classifier]`.
pub fn maven_jar(coords: &str) -> PathBuf {
    let parts: Vec<&str> = coords.split(':').collect();
    assert!(parts.len() == 3 || parts.len() == 4, "bad coordinates {coords}");
    let (g, a, v) = (parts[0], parts[1], parts[2]);
    let file = match parts.get(3) {
        Some(c) => format!("{a}-{v}-{c}.jar"),
        None => format!("{a}-{v}.jar"),
    };
    let p = maven_repo().join(g.replace('.', "/")).join(a).join(v).join(file);
    require_file(p, &format!("Maven artifact {coords}"))
}

pub const JACOCO_VERSION: &str = "0.8.14";

pub fn jacoco_agent_jar() -> PathBuf {
    maven_jar(&format!("org.jacoco:org.jacoco.agent:{JACOCO_VERSION}:runtime"))
}

pub fn jacoco_cli_jar() -> PathBuf {
    maven_jar(&format!("org.jacoco:org.jacoco.cli:{JACOCO_VERSION}:nodeps"))
}

pub fn junit_console_jar() -> PathBuf {
    maven_jar("org.junit.platform:junit-platform-console-standalone:1.11.4")
}

// ------------------------------------------------------------------------------------ agent

/// The built `libjvmfuzz_agent.so`. `cargo test` builds the `jvmfuzz-agent` cdylib next to the
/// test binaries: `target/<profile>/deps/` when it is only a dependency, `target/<profile>/`
/// when it is a workspace member being built; the newest of those is used.
/// `JVMFUZZ_AGENT_SO` overrides.
pub fn agent_so() -> PathBuf {
    if let Some(v) = std::env::var_os("JVMFUZZ_AGENT_SO") {
        return require_file(PathBuf::from(v), "JVMFUZZ_AGENT_SO");
    }
    let candidates = agent_so_candidates();
    candidates
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok().and_then(|m| m.modified().ok()).map(|t| (t, p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p.clone())
        .unwrap_or_else(|| {
            panic!(
                "libjvmfuzz_agent.so not found (looked at {candidates:?}); build it with \
                 `cargo build -p jvmfuzz-agent` (same profile) or set JVMFUZZ_AGENT_SO"
            )
        })
}

fn agent_so_candidates() -> Vec<PathBuf> {
    let exe = std::env::current_exe().expect("current_exe");
    let mut out = Vec::new();
    // target/<profile>/deps/<test-binary>
    if let Some(deps) = exe.parent() {
        out.push(deps.join("libjvmfuzz_agent.so"));
        if let Some(profile) = deps.parent() {
            out.push(profile.join("libjvmfuzz_agent.so"));
        }
    }
    out
}

/// The agent's exit line: `jvmfuzz: instrumented N classes (M methods, P probes), skipped K classes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentSummary {
    pub classes: u64,
    pub methods: u64,
    pub probes: u64,
    pub skipped: u64,
}

/// Finds and parses the agent's exit line in `stderr` (the last one if there are several).
pub fn parse_agent_summary(stderr: &str) -> Option<AgentSummary> {
    stderr.lines().rev().find_map(|l| {
        let rest = l.trim().strip_prefix("jvmfuzz: instrumented ")?;
        let nums: Vec<u64> = rest
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .filter_map(|s| s.parse().ok())
            .collect();
        if nums.len() != 4 || !rest.contains("classes (") || !rest.contains("skipped") {
            return None;
        }
        Some(AgentSummary { classes: nums[0], methods: nums[1], probes: nums[2], skipped: nums[3] })
    })
}

// ------------------------------------------------------------------------------------ temp dirs

/// A temporary directory removed on drop (kept when `JVMFUZZ_KEEP_TMP=1`, or when the test
/// panics, so failures can be inspected).
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new(prefix: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let base = std::env::temp_dir();
        loop {
            let p = base.join(format!("jvmfuzz-{prefix}-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
            match std::fs::create_dir(&p) {
                Ok(()) => return TempDir { path: p },
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => panic!("cannot create {}: {e}", p.display()),
            }
        }
    }
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn join(&self, p: impl AsRef<Path>) -> PathBuf {
        self.path.join(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::env::var("JVMFUZZ_KEEP_TMP").as_deref() == Ok("1") || std::thread::panicking() {
            eprintln!("(kept temp dir {})", self.path.display());
            return;
        }
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Copies a directory tree (files and directories only).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let e = e.unwrap();
        let ty = e.file_type().unwrap();
        let dst = to.join(e.file_name());
        if ty.is_dir() {
            copy_dir(&e.path(), &dst);
        } else if ty.is_file() {
            std::fs::copy(e.path(), &dst).unwrap();
        }
    }
}

/// Every `*.java` file under `dir`, sorted.
pub fn java_sources(dir: &Path) -> Vec<PathBuf> {
    files_with_extension(dir, "java")
}

/// Every file under `dir` (recursively) whose name ends in `.{ext}`, sorted.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(d: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, ext, &mut out);
    out.sort();
    out
}

/// Joins paths into a class path.
pub fn classpath(parts: &[&Path]) -> OsString {
    std::env::join_paths(parts).expect("class path")
}

// ------------------------------------------------------------------------------------ processes

/// What a finished process did.
#[derive(Debug, Clone)]
pub struct Output {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub duration: Duration,
    pub timed_out: bool,
    pub command: String,
}

impl Output {
    pub fn success(&self) -> bool {
        self.status == Some(0) && !self.timed_out
    }
    /// Panics with the command and both streams unless the process exited 0.
    pub fn assert_success(&self) -> &Self {
        if !self.success() {
            panic!("command failed ({}):\n{}", self.describe_status(), self.dump());
        }
        self
    }
    pub fn describe_status(&self) -> String {
        if self.timed_out {
            format!("timed out after {:.1?}", self.duration)
        } else {
            match self.status {
                Some(c) => format!("exit code {c}"),
                None => "killed by a signal".into(),
            }
        }
    }
    pub fn dump(&self) -> String {
        format!(
            "$ {}\n--- stdout (last 8000 chars) ---\n{}\n--- stderr (last 8000 chars) ---\n{}\n---",
            self.command,
            tail(&self.stdout, 8000),
            tail(&self.stderr, 8000)
        )
    }
}

/// The last `n` bytes of `s` (on a char boundary).
pub fn tail(s: &str, n: usize) -> &str {
    if s.len() <= n {
        return s;
    }
    let mut i = s.len() - n;
    while !s.is_char_boundary(i) {
        i += 1;
    }
    &s[i..]
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    if let Some(d) = cmd.get_current_dir() {
        s = format!("(cd {} && {s})", d.display());
    }
    s
}

/// Runs `cmd` to completion (killing it after `timeout`), capturing both streams.
pub fn run(mut cmd: Command, timeout: Duration) -> Output {
    let command = describe(&cmd);
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("cannot run {command}: {e}"));
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let duration = start.elapsed();
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    Output { status: status.code(), stdout, stderr, duration, timed_out, command }
}

/// Compiles `sources` with `jdk`'s javac into `out` (created). `extra` goes before the sources
/// (e.g. `["--release", "17"]`). Panics with javac's output on failure.
pub fn javac(jdk: &Jdk, sources: &[PathBuf], class_path: &[&Path], out: &Path, extra: &[&str]) {
    assert!(!sources.is_empty(), "no Java sources to compile");
    std::fs::create_dir_all(out).unwrap();
    let mut cmd = Command::new(jdk.javac());
    cmd.arg("-d").arg(out).arg("-g").arg("-encoding").arg("UTF-8").arg("-nowarn");
    if !class_path.is_empty() {
        cmd.arg("-cp").arg(classpath(class_path));
    }
    cmd.args(extra).args(sources);
    run(cmd, Duration::from_secs(300)).assert_success();
}

/// Which coverage agent a JVM runs with.
#[derive(Debug, Clone)]
pub enum Agent {
    None,
    /// `-agentpath:<libjvmfuzz_agent.so>=<options>`
    Jvmfuzz(String),
    /// `-javaagent:<org.jacoco.agent runtime jar>=<options>`
    Jacoco(String),
}

impl Agent {
    /// The JVM option for this agent, if any.
    pub fn jvm_arg(&self) -> Option<String> {
        match self {
            Agent::None => None,
            Agent::Jvmfuzz(o) => Some(format!("-agentpath:{}={o}", agent_so().display())),
            Agent::Jacoco(o) => Some(format!("-javaagent:{}={o}", jacoco_agent_jar().display())),
        }
    }
}

/// A `java` command line under construction.
pub struct Java {
    cmd: Command,
}

impl Java {
    pub fn new(jdk: &Jdk, agent: &Agent) -> Java {
        let mut cmd = Command::new(jdk.java());
        // Keep the JVM's own diagnostics deterministic and out of the way.
        cmd.env_remove("JAVA_TOOL_OPTIONS").env_remove("_JAVA_OPTIONS").env_remove("JDK_JAVA_OPTIONS");
        cmd.arg("-Xshare:auto").arg("-XX:-UsePerfData");
        if let Some(a) = agent.jvm_arg() {
            cmd.arg(a);
        }
        Java { cmd }
    }
    /// Strict verification of every class (including boot-loader ones).
    pub fn strict_verify(mut self) -> Self {
        self.cmd.arg("-Xverify:all").arg("-XX:+UnlockDiagnosticVMOptions").arg("-XX:+BytecodeVerificationLocal");
        self
    }
    pub fn arg(mut self, a: impl AsRef<std::ffi::OsStr>) -> Self {
        self.cmd.arg(a);
        self
    }
    pub fn args<I, S>(mut self, a: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd.args(a);
        self
    }
    pub fn current_dir(mut self, d: &Path) -> Self {
        self.cmd.current_dir(d);
        self
    }
    pub fn env(mut self, k: &str, v: impl AsRef<std::ffi::OsStr>) -> Self {
        self.cmd.env(k, v);
        self
    }
    pub fn run(self, timeout: Duration) -> Output {
        run(self.cmd, timeout)
    }
}

/// Scratch space inside the cargo target directory (`target/<profile>/jvmfuzz-e2e/`), for things
/// that live as long as one test process (compiled Java tools).
pub fn target_scratch() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let profile = exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<exe>");
    let d = profile.join("jvmfuzz-e2e");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Compiles the Java program under `tests/java/<name>` once per test process (with JDK 17's
/// javac, `--release 11`, so the classes run on every JDK under test) and returns its classes
/// directory.
pub fn java_tool(name: &str) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let mut g = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let map = g.get_or_insert_with(HashMap::new);
    if let Some(p) = map.get(name) {
        return p.clone();
    }
    let scratch = target_scratch();
    // Remove copies left by earlier test processes that are gone.
    if let Ok(rd) = std::fs::read_dir(&scratch) {
        let prefix = format!("{name}-classes-");
        for e in rd.flatten() {
            let f = e.file_name().to_string_lossy().into_owned();
            if let Some(pid) = f.strip_prefix(&prefix) {
                if !Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
    }
    let out = scratch.join(format!("{name}-classes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    javac(&jdk17(), &java_sources(&java_dir(name)), &[], &out, &["--release", "11"]);
    map.insert(name.to_owned(), out.clone());
    out
}

/// Runs `java -jar org.jacoco.cli-nodeps.jar report EXEC --classfiles C --sourcefiles S --xml X`
/// with `jdk` and returns the parsed XML report.
pub fn jacoco_cli_report(
    jdk: &Jdk,
    exec: &Path,
    classfiles: &[&Path],
    sourcefiles: &[&Path],
    xml_out: &Path,
) -> jacoco::Report {
    let mut cmd = Command::new(jdk.java());
    cmd.arg("-jar").arg(jacoco_cli_jar()).arg("report").arg(exec);
    for c in classfiles {
        cmd.arg("--classfiles").arg(c);
    }
    for s in sourcefiles {
        cmd.arg("--sourcefiles").arg(s);
    }
    cmd.arg("--xml").arg(xml_out);
    run(cmd, Duration::from_secs(300)).assert_success();
    jacoco::Report::from_file(xml_out)
}

/// Validates a JaCoCo XML file against JaCoCo's own `report.dtd` (taken from the JaCoCo CLI
/// jar) with the JDK's validating parser. Returns the validation errors (empty = valid).
pub fn validate_jacoco_dtd(jdk: &Jdk, xml: &Path) -> Vec<String> {
    let classes = java_tool("dtd-check");
    let cli = jacoco_cli_jar();
    let out = Java::new(jdk, &Agent::None)
        .arg("-cp")
        .arg(classpath(&[classes.as_path(), cli.as_path()]))
        .arg("jvmfuzz.check.DtdCheck")
        .arg(xml)
        .run(Duration::from_secs(120));
    if out.stdout.trim() == "VALID" && out.success() {
        Vec::new()
    } else {
        let mut errs: Vec<String> = out.stdout.lines().map(str::to_owned).collect();
        if !out.success() {
            errs.push(format!("DtdCheck {}: {}", out.describe_status(), tail(&out.stderr, 2000)));
        }
        errs
    }
}

/// Prints a timing line that is easy to grep, and appends it to
/// `target/<profile>/jvmfuzz-e2e/timings.txt` (which `.ci/run` prints at the end, since cargo
/// test hides the output of passing tests).
pub fn report_time(what: &str, d: Duration) {
    use std::io::Write;
    let line = format!("TIMING {what}: {:.1} s", d.as_secs_f64());
    eprintln!("{line}");
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(target_scratch().join("timings.txt"))
    {
        let _ = writeln!(f, "{line}");
    }
}

/// The `checksum ...` line a language test program prints, so a run under an agent can be
/// checked to compute what the run under JaCoCo did.
pub fn checksum_line(out: &Output) -> String {
    out.stdout
        .lines()
        .find(|l| l.starts_with("checksum "))
        .unwrap_or_else(|| panic!("no checksum line:\n{}", out.dump()))
        .to_owned()
}
