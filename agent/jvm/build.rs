//! Build script: compiles the Java shim (java-shim/src/main/java) into `jvmfuzz-shim.jar` in
//! OUT_DIR. The agent embeds that jar with `include_bytes!` and puts it on the bootstrap class
//! path at load time, so rewritten classes can call `com.jvmfuzz.shim.Probes.hit(I)V`.
//!
//! A third, `jvmfuzz-junit-classes.jar` (java-shim/src/junit), holds the JUnit integration's
//! classes; `fuzz junit-jar` packs it with the native library into `jvmfuzz-junit.jar`.
//!
//! A second jar, `jvmfuzz-jazzer-runtime.jar` (java-shim/src/jazzer/java, compiled against the
//! shim), holds the run-time classes Jazzer's API looks up by name. Only `fuzz` puts it on the
//! boot class path: under the profiler, a program's own Jazzer (its JUnit integration) must
//! find Jazzer's classes, not ours.
//!
//! The JDK is found through `JAVA_HOME`, else through `javac` on PATH with symlinks resolved
//! (Debian's /usr/bin/javac -> /etc/alternatives/javac -> /usr/lib/jvm/<jdk>/bin/javac), so the
//! `jar` tool of the same JDK is used. Sources are compiled with `--release 11`, the oldest JVM
//! the agent supports.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{self, Command};

const NO_JDK: &str = "jvmfuzz needs a JDK (javac) to build the Java shim: \
                      install openjdk-17-jdk or set JAVA_HOME";

fn main() {
    if let Err(msg) = run() {
        // A build script reports failure by exiting non-zero; cargo shows stderr.
        eprintln!("error: {msg}");
        process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let manifest_dir = PathBuf::from(env_var("CARGO_MANIFEST_DIR")?);
    let out_dir = PathBuf::from(env_var("OUT_DIR")?);
    let src_root = manifest_dir.join("../../java-shim/src/main/java");

    // Not PATH: it differs between shells and would rebuild the agent needlessly (a failed
    // build reruns this script anyway, e.g. after a JDK is installed).
    println!("cargo:rerun-if-env-changed=JAVA_HOME");
    println!("cargo:rerun-if-changed=build.rs");
    // A directory in rerun-if-changed is scanned recursively by cargo (any mtime change),
    // which also catches added and removed source files.
    println!("cargo:rerun-if-changed={}", src_root.display());

    let jdk = find_jdk()?;
    let javac = jdk.join("bin").join("javac");
    let jar = jdk.join("bin").join("jar");
    if !jar.is_file() {
        return Err(format!("{NO_JDK} (found {} but no jar tool next to it)", javac.display()));
    }

    let tools = Tools { javac, jar };
    let shim = compile_jar(&tools, &src_root, &[], &out_dir.join("shim-classes"), &out_dir.join("jvmfuzz-shim.jar"))?;
    let jazzer_root = manifest_dir.join("../../java-shim/src/jazzer/java");
    println!("cargo:rerun-if-changed={}", jazzer_root.display());
    let jazzer = compile_jar(
        &tools,
        &jazzer_root,
        &[&out_dir.join("shim-classes")],
        &out_dir.join("jazzer-classes"),
        &out_dir.join("jvmfuzz-jazzer-runtime.jar"),
    )?;
    // The JUnit integration's classes: compiled against the shim and against stand-ins of
    // JUnit's API (java-shim/src/junit-api, never packed), plus its service registration.
    let api_root = manifest_dir.join("../../java-shim/src/junit-api/java");
    let junit_root = manifest_dir.join("../../java-shim/src/junit/java");
    let junit_resources = manifest_dir.join("../../java-shim/src/junit/resources");
    for dir in [&api_root, &junit_root, &junit_resources] {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    compile_jar(&tools, &api_root, &[], &out_dir.join("junit-api-classes"), &out_dir.join("junit-api.jar"))?;
    copy_tree(&junit_resources, &out_dir.join("junit-resources"))?;
    let junit = compile_jar(
        &tools,
        &junit_root,
        &[&out_dir.join("shim-classes"), &out_dir.join("junit-api-classes")],
        &out_dir.join("junit-classes"),
        &out_dir.join("jvmfuzz-junit-classes.jar"),
    )?;
    add_to_jar(&tools, &junit, &out_dir.join("junit-resources"))?;
    println!("cargo:rustc-env=JVMFUZZ_SHIM_JAR={}", shim.display());
    // The compiled classes too, for the test that every redirect's replacement exists.
    println!("cargo:rustc-env=JVMFUZZ_SHIM_CLASSES={}", out_dir.join("shim-classes").display());
    println!("cargo:rustc-env=JVMFUZZ_JAZZER_RUNTIME_JAR={}", jazzer.display());
    println!("cargo:rustc-env=JVMFUZZ_JUNIT_CLASSES_JAR={}", junit.display());
    Ok(())
}

struct Tools {
    javac: PathBuf,
    jar: PathBuf,
}

/// Compiles every `.java` under `src_root` (against `class_path`) into `classes`, then jars
/// them into `jar_path`; returns `jar_path`.
fn compile_jar(
    t: &Tools,
    src_root: &Path,
    class_path: &[&Path],
    classes: &Path,
    jar_path: &Path,
) -> Result<PathBuf, String> {
    let mut sources = Vec::new();
    collect_java(src_root, &mut sources).map_err(|e| format!("cannot read {}: {e}", src_root.display()))?;
    if sources.is_empty() {
        return Err(format!("no Java sources under {}", src_root.display()));
    }
    sources.sort();

    if classes.exists() {
        fs::remove_dir_all(classes).map_err(|e| format!("cannot clean {}: {e}", classes.display()))?;
    }
    fs::create_dir_all(classes).map_err(|e| format!("cannot create {}: {e}", classes.display()))?;

    let mut cmd = Command::new(&t.javac);
    // Lint warnings are shown (as cargo warnings) but do not fail the build: a newer JDK may add
    // lint categories, and users build with whatever JDK they have.
    cmd.arg("--release").arg("11").arg("-g").arg("-Xlint:all");
    cmd.arg("-encoding").arg("UTF-8").arg("-d").arg(classes);
    if !class_path.is_empty() {
        let cp: Vec<String> = class_path.iter().map(|p| p.display().to_string()).collect();
        cmd.arg("-cp").arg(cp.join(":"));
    }
    cmd.args(&sources);
    run_tool(cmd, "javac")?;

    let _ = fs::remove_file(jar_path);
    let mut cmd = Command::new(&t.jar);
    // No manifest: the jar only goes on the bootstrap class path.
    cmd.arg("--create").arg("--no-manifest").arg("--file").arg(jar_path);
    cmd.arg("-C").arg(classes).arg(".");
    run_tool(cmd, "jar")?;
    Ok(jar_path.to_path_buf())
}

/// Copies the files under `from` into `to` (a fresh folder), keeping their relative paths.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    if to.exists() {
        fs::remove_dir_all(to).map_err(|e| format!("cannot clean {}: {e}", to.display()))?;
    }
    fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))? {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &dest)?;
        } else {
            fs::copy(&path, &dest).map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Adds the files under `dir` to `jar`.
fn add_to_jar(t: &Tools, jar: &Path, dir: &Path) -> Result<(), String> {
    let mut cmd = Command::new(&t.jar);
    cmd.arg("--update").arg("--file").arg(jar).arg("-C").arg(dir).arg(".");
    run_tool(cmd, "jar")
}

fn env_var(name: &str) -> Result<String, String> {
    env::var(name).map_err(|_| format!("{name} is not set (is this run by cargo?)"))
}

/// The JDK home: `JAVA_HOME` if it has `bin/javac`, else the real location of `javac` on PATH.
fn find_jdk() -> Result<PathBuf, String> {
    if let Some(home) = env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
        let home = PathBuf::from(home);
        if home.join("bin").join("javac").is_file() {
            return Ok(home);
        }
        // A JRE-only JAVA_HOME is common; fall back to PATH rather than fail outright.
        println!("cargo:warning=JAVA_HOME={} has no bin/javac; looking for javac on PATH", home.display());
    }
    let path = env::var_os("PATH").ok_or_else(|| NO_JDK.to_string())?;
    for dir in env::split_paths(&path) {
        let candidate = dir.join("javac");
        if !candidate.is_file() {
            continue;
        }
        let real = fs::canonicalize(&candidate).unwrap_or(candidate);
        // <home>/bin/javac -> <home>
        if let Some(home) = real.parent().and_then(Path::parent) {
            if home.join("bin").join("javac").is_file() {
                return Ok(home.to_path_buf());
            }
        }
    }
    Err(NO_JDK.to_string())
}

fn collect_java(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_java(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "java") {
            out.push(path);
        }
    }
    Ok(())
}

fn run_tool(mut cmd: Command, what: &str) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("cannot run {what} ({cmd:?}): {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{what} failed ({}):\n{stdout}{stderr}", out.status));
    }
    for line in stdout.lines().chain(stderr.lines()).filter(|l| !l.trim().is_empty()) {
        println!("cargo:warning={what}: {line}");
    }
    Ok(())
}
