//! Helpers shared by the `fuzz_*` end-to-end tests: locate the `fuzz` binary, compile the Java
//! fuzz targets (tests/java/fuzz-targets) once per test process, run `fuzz` and read
//! findings/summary.json.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use jvmfuzz_tests::{self as support, Output, TempDir};

/// The `fuzz` binary: `$JVMFUZZ_FUZZ_BIN`, else `target/<profile>/fuzz` next to this test's
/// `deps/` directory (`cargo test --workspace` builds it for the fuzzer crate's own
/// integration tests).
pub fn fuzz_bin() -> PathBuf {
    if let Some(p) = std::env::var_os("JVMFUZZ_FUZZ_BIN") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("current_exe");
    let profile = exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<exe>");
    let p = profile.join("fuzz");
    assert!(
        p.is_file(),
        "{} not found: build it first with `cargo build --release -p jvmfuzz-fuzzer` (or run `cargo test --workspace`), or set JVMFUZZ_FUZZ_BIN",
        p.display()
    );
    p
}

/// jazzer-api from the local Maven repository (scripts/fetch-test-deps.sh fetches it): the
/// peer's version, which the targets compile against, and an older one whose API reaches the
/// fuzzer through other run-time methods (exploreState through `tracePcIndir`).
pub const JAZZER_API: &str = "com.code-intelligence:jazzer-api:0.30.0";
pub const JAZZER_API_OLD: &str = "com.code-intelligence:jazzer-api:0.24.0";
/// Libraries the bug-detector targets call (fuzz.Detect): an SQL database and an expression
/// language.
pub const H2: &str = "com.h2database:h2:2.2.224";
pub const MVEL: &str = "org.mvel:mvel2:2.5.2.Final";

pub struct Targets {
    pub classes: PathBuf,
    pub shim_jar: PathBuf,
    pub jazzer_api: PathBuf,
    pub mvel: PathBuf,
}

/// Compiles tests/java/fuzz-targets once (against the shim jar and jazzer-api).
pub fn targets() -> &'static Targets {
    static T: OnceLock<Targets> = OnceLock::new();
    T.get_or_init(|| {
        let dir = support::target_scratch().join(format!("fuzz-targets-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let shim_jar = dir.join("jvmfuzz-shim.jar");
        std::fs::write(&shim_jar, jvmfuzz_jvm::SHIM_JAR).unwrap();
        let jazzer_api = support::maven_jar(JAZZER_API);
        let mvel = support::maven_jar(MVEL);
        let classes = dir.join("classes");
        let sources = support::java_sources(&support::java_dir("fuzz-targets/src"));
        support::javac(&support::jdk17(), &sources, &[&shim_jar, &jazzer_api, &mvel], &classes, &["--release", "11"]);
        Targets { classes, shim_jar, jazzer_api, mvel }
    })
}

/// One `fuzz` session in a fresh directory.
pub struct Session {
    pub dir: TempDir,
    pub out: Output,
}

impl Session {
    pub fn findings(&self) -> PathBuf {
        self.dir.join("findings")
    }

    /// findings/summary.json (empty if absent).
    pub fn summary(&self) -> Vec<serde_like::Entry> {
        serde_like::parse(&std::fs::read_to_string(self.findings().join("summary.json")).unwrap_or_default())
    }

    pub fn assert_exit(&self, code: i32) -> &Self {
        assert_eq!(
            self.out.status,
            Some(code),
            "expected exit {code}, got {}:\n{}",
            self.out.describe_status(),
            self.out.dump()
        );
        self
    }
}

/// Runs `fuzz --cp <targets> --harness fuzz.<harness> <args>` with a fixed seed, plain
/// progress, corpus and findings in a temp dir.
pub fn fuzz(harness: &str, args: &[&str]) -> Session {
    fuzz_cp(harness, &[&targets().classes], args)
}

pub fn fuzz_cp(harness: &str, cp: &[&Path], args: &[&str]) -> Session {
    fuzz_cp_env(harness, cp, args, &std::collections::HashMap::new())
}

/// [`fuzz`] with extra environment variables.
#[allow(dead_code)]
pub fn fuzz_env(harness: &str, args: &[&str], env: &std::collections::HashMap<&str, &str>) -> Session {
    fuzz_cp_env(harness, &[&targets().classes], args, env)
}

pub fn fuzz_cp_env(harness: &str, cp: &[&Path], args: &[&str], env: &std::collections::HashMap<&str, &str>) -> Session {
    fuzz_seeded(harness, cp, "1", args, env)
}

/// [`fuzz_cp_env`] with another `--seed`.
pub fn fuzz_seeded(
    harness: &str,
    cp: &[&Path],
    seed: &str,
    args: &[&str],
    env: &std::collections::HashMap<&str, &str>,
) -> Session {
    let dir = TempDir::new("fuzz");
    let mut cmd = Command::new(fuzz_bin());
    cmd.current_dir(dir.path())
        .arg("--cp")
        .arg(support::classpath(cp))
        .arg("--harness")
        .arg(format!("fuzz.{harness}"))
        .args(["--progress", "plain", "--seed", seed])
        .args(args)
        .envs(env)
        .env("JAVA_HOME", support::jdk17().home.clone());
    let out = support::run(cmd, Duration::from_secs(300));
    Session { dir, out }
}

/// The execution count at which finding `exception` was first seen (from summary.json).
pub fn execs_to_find(s: &Session, exception: &str) -> u64 {
    let e = s
        .summary()
        .into_iter()
        .find(|e| e.exception == exception)
        .unwrap_or_else(|| panic!("no {exception} finding in summary.json:\n{}", s.out.dump()));
    eprintln!("FOUND {exception} after {} execs ({:.1} s)", e.execs, e.first_seen_secs);
    e.execs
}

/// A tiny reader for summary.json (the tests crate has no JSON dependency): the fields are
/// flat strings and numbers.
pub mod serde_like {
    #[derive(Debug, Clone, Default)]
    pub struct Entry {
        pub id: String,
        pub exception: String,
        pub message: String,
        pub top_frame: String,
        pub input: String,
        pub reproducer: String,
        pub first_seen_secs: f64,
        pub execs: u64,
        /// A bug detector's finding: its name, severity and CWE ("" otherwise).
        pub detector: String,
        pub severity: String,
        pub cwe: String,
        /// "bug" or "contract" (generated drivers), and the contract's reason.
        pub kind: String,
        pub reason: String,
        /// Generated drivers: inputs and driver methods that reached the throwing site ("" if absent).
        pub inputs: String,
        pub callers: String,
    }

    fn field(obj: &str, name: &str) -> Option<String> {
        let key = format!("\"{name}\":");
        let i = obj.find(&key)? + key.len();
        let rest = obj[i..].trim_start();
        if let Some(s) = rest.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = s.chars();
            while let Some(c) = chars.next() {
                match c {
                    '"' => return Some(out),
                    '\\' => match chars.next()? {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'u' => {
                            let hex: String = chars.by_ref().take(4).collect();
                            out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?).unwrap_or('?'));
                        }
                        other => out.push(other),
                    },
                    c => out.push(c),
                }
            }
            None
        } else {
            Some(rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == 'e').collect())
        }
    }

    pub fn parse(json: &str) -> Vec<Entry> {
        // Entries are objects of the top-level array; none of their values contains braces
        // except inside strings, which `split` on "}\n" at object ends avoids (pretty JSON).
        json.split("\n  }")
            .filter(|o| o.contains("\"id\""))
            .map(|o| Entry {
                id: field(o, "id").unwrap_or_default(),
                exception: field(o, "exception").unwrap_or_default(),
                message: field(o, "message").unwrap_or_default(),
                top_frame: field(o, "top_frame").unwrap_or_default(),
                input: field(o, "input").unwrap_or_default(),
                reproducer: field(o, "reproducer").unwrap_or_default(),
                first_seen_secs: field(o, "first_seen_secs").and_then(|v| v.parse().ok()).unwrap_or(0.0),
                execs: field(o, "execs").and_then(|v| v.parse().ok()).unwrap_or(0),
                detector: field(o, "detector").unwrap_or_default(),
                severity: field(o, "severity").unwrap_or_default(),
                cwe: field(o, "cwe").unwrap_or_default(),
                kind: field(o, "kind").unwrap_or_default(),
                reason: field(o, "reason").unwrap_or_default(),
                inputs: field(o, "inputs").unwrap_or_default(),
                callers: field(o, "callers").unwrap_or_default(),
            })
            .collect()
    }
}

/// libjvmfuzz_junit.so of this build: `cargo build` leaves it in target/<profile>, `cargo test`
/// in deps/; the newer of the two (the other may be stale), as `fuzz` picks it.
pub fn junit_native_library() -> PathBuf {
    let fuzz = fuzz_bin();
    let dir = fuzz.parent().expect("target/<profile>");
    [dir.join("libjvmfuzz_junit.so"), dir.join("deps").join("libjvmfuzz_junit.so")]
        .into_iter()
        .filter_map(|p| std::fs::metadata(&p).ok().filter(|m| m.is_file()).map(|m| (m.modified().ok(), p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
        .unwrap_or_else(|| {
            panic!("libjvmfuzz_junit.so not built next to {}: run `cargo build --release`", fuzz.display())
        })
}

/// This build's jvmfuzz-junit.jar (`fuzz junit-jar`), written once per test process; with
/// `install`, also into the tests' local Maven repository.
pub fn junit_jar(install: bool) -> PathBuf {
    static DONE: OnceLock<(PathBuf, bool)> = OnceLock::new();
    let (jar, installed) = DONE.get_or_init(|| {
        let out = support::target_scratch().join(format!("jvmfuzz-junit-{}.jar", std::process::id()));
        let mut cmd = Command::new(fuzz_bin());
        cmd.arg("junit-jar").arg("--native").arg(junit_native_library()).arg("--out").arg(&out);
        if install {
            cmd.arg("--install").arg("--maven-repo").arg(support::maven_repo());
        }
        support::run(cmd, Duration::from_secs(60)).assert_success();
        (out, install)
    });
    assert!(*installed || !install, "junit_jar: asked to install after a plain write");
    jar.clone()
}
