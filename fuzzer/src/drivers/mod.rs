//! Automatic drivers: fuzz any public method of a jar with no harness written by hand (the
//! JDriver seed, plus typed values from the fuzzing-platform seed).
//!
//! Flow: `classes` reads the class path with classfile-parser; `graphs` finds which fields a
//! method reads and which methods write them (Algorithm 1) and picks a method sequence
//! (Algorithm 2); `instances` builds the type table and the instance helpers (Algorithms 3 and
//! 4) on top of the JDK knowledge in `types`; `planner` decides, per method, whether it gets a
//! driver and what the driver does ([`plan::Plan`]); `java` renders the plan as readable Java.
//! The fuzzing client compiles that source in its own JVM (javax.tools, [`compile_in_jvm`]) and
//! fuzzes `jvmfuzz.drivers.Dispatch` as an ordinary byte[] harness. For a finding,
//! `reproducer` turns the recorded decisions of the failing run into a JUnit test.
//!
//! The Java half lives in the shim (`com.jvmfuzz.shim.driver`): TypedValues decodes the input
//! into typed values with boundary and predefined values; Expected holds the rules of what
//! counts as a bug; Leftovers stops the executors and threads a run left running (`leftovers`
//! has the hooks that find them).

pub mod classes;
pub mod clock;
pub mod graphs;
pub mod instances;
pub mod java;
pub mod javadoc;
pub mod leftovers;
pub mod module_info;
pub mod plan;
pub mod planner;
pub mod record_readers;
pub mod repair;
pub mod reproducer;
pub mod schedule;
pub mod set_up_fields;
pub mod types;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use jni::objects::{JClass, JObject, JString, JValue};
use jni::JNIEnv;

pub use plan::Plan;
pub use planner::{Options, Report, Selection};

#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error("{0}")]
    Plan(#[from] planner::PlanError),
    #[error("cannot read the class path: {0}")]
    ClassPath(std::io::Error),
    #[error("cannot write drivers to {0}: {1}")]
    Write(PathBuf, std::io::Error),
    #[error("no driver could be generated ({0}); see {1}")]
    NoDrivers(String, PathBuf),
}

/// What a fuzzing client needs to run generated drivers.
#[derive(Debug, Clone)]
pub struct DriverRun {
    pub plan: Arc<Plan>,
    pub src: PathBuf,
    pub classes: PathBuf,
    /// Class path to compile the drivers against (the target's, plus the shim jar).
    pub compile_cp: String,
    /// The user's class path, for the reproducers' run instructions.
    pub user_cp: String,
    /// The Javadoc `@throws` table ([`javadoc`]), when sources were found.
    pub documented: Option<PathBuf>,
    /// The fields methods other than constructors set up ([`set_up_fields`]).
    pub set_up_fields: PathBuf,
    /// The methods that read a record of fixed layout from the caller's array
    /// ([`record_readers`]).
    pub record_readers: PathBuf,
    /// The target JVM's `java.io.tmpdir`: the temporary files the library makes itself
    /// (commons-compress's Pack200 streams make one per stream and delete it on a close the
    /// drivers never call) stay in this process's folder, not the system's
    /// ([`scratch_folder`]; removed when the run or tool ends, [`remove_scratch`]).
    pub tmp: PathBuf,
}

impl DriverRun {
    /// How many bytes of an input pick its driver method (0, 1 or 2; see [`DriverRun::seeds`]).
    pub fn prefix_len(&self) -> usize {
        match self.plan.drivers.len() {
            0 | 1 => 0,
            2..=256 => 1,
            _ => 2,
        }
    }

    /// One seed per driver method: its dispatcher index, then zeros (cheapest constructor, no
    /// method sequence, zero values). Every method starts with one entry in the corpus.
    pub fn seeds(&self) -> Vec<Vec<u8>> {
        let n = self.plan.drivers.len();
        (0..n)
            .map(|i| {
                let mut s = match self.prefix_len() {
                    2 => vec![(i >> 8) as u8, i as u8],
                    1 => vec![i as u8],
                    _ => vec![],
                };
                s.extend_from_slice(&[0u8; 32]);
                s
            })
            .collect()
    }
}

/// Analyses the class path, writes the drivers' source under `out/src` and a report under
/// `out/drivers.txt`. The result is ready for [`compile_in_jvm`].
pub fn generate(
    entries: &[PathBuf],
    user_cp: &str,
    sel: &Selection,
    opts: &Options,
    out: &Path,
) -> Result<(DriverRun, Report), DriverError> {
    let pool = classes::ClassPool::load(entries).map_err(DriverError::ClassPath)?;
    let (plan, report) = planner::plan(&pool, sel, opts)?;
    let src = out.join("src");
    let w = |e| DriverError::Write(out.to_path_buf(), e);
    if src.exists() {
        std::fs::remove_dir_all(&src).map_err(w)?;
    }
    for (rel, text) in java::render(&plan, &Default::default()) {
        let p = src.join(rel);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).map_err(w)?;
        }
        std::fs::write(&p, text).map_err(w)?;
    }
    std::fs::write(out.join("drivers.txt"), report_text(&plan, &report)).map_err(w)?;
    let set_up = out.join("set-up-fields.txt");
    set_up_fields::write_table(&set_up_fields::find(&pool), &set_up_fields::born(&pool), &set_up).map_err(w)?;
    let readers = out.join("record-readers.txt");
    record_readers::write_table(&record_readers::find(&pool), &readers).map_err(w)?;
    if plan.drivers.is_empty() {
        let mut reasons: Vec<String> =
            report.skipped.iter().take(5).map(|s| format!("{}: {}", s.method, s.reason)).collect();
        if reasons.is_empty() {
            reasons.push("no public method".into());
        }
        return Err(DriverError::NoDrivers(reasons.join("; "), out.join("drivers.txt")));
    }
    let shim = jvmfuzz_jvm::install_shim_jar().map_err(w)?;
    let classes = out.join("classes");
    std::fs::create_dir_all(&classes).map_err(w)?;
    let tmp = scratch_folder(out).map_err(w)?;
    let mut compile_cp: Vec<String> = entries.iter().map(|e| e.display().to_string()).collect();
    compile_cp.push(shim.display().to_string());
    Ok((
        DriverRun {
            plan: Arc::new(plan),
            src: abs(&src),
            classes: abs(&classes),
            compile_cp: compile_cp.join(":"),
            user_cp: user_cp.to_string(),
            documented: None,
            set_up_fields: abs(&set_up),
            record_readers: abs(&readers),
            tmp: abs(&tmp),
        },
        report,
    ))
}

fn abs(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The human-readable report: counts, every driver method, every skipped method and why.
pub fn report_text(plan: &Plan, r: &Report) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "classes: {}", r.classes);
    let _ = writeln!(s, "public methods: {}", r.public_methods);
    let _ = writeln!(s, "driver methods: {}", plan.drivers.len());
    let _ = writeln!(
        s,
        "driver classes: {}",
        plan.drivers.iter().map(|d| d.class.as_str()).collect::<std::collections::BTreeSet<_>>().len()
    );
    let _ = writeln!(s, "instance helpers: {}", plan.helpers.len());
    let _ = writeln!(s, "skipped: {}", r.skipped.len());
    let _ = writeln!(s, "class files classfile-parser refused: {}", r.refused_class_files);
    let _ = writeln!(s, "classes left out (a supertype missing from the class path): {}", r.incomplete.len());
    let _ = writeln!(s, "classes left out (in a package their module does not export): {}", r.unexported);
    let _ = writeln!(s, "\n[drivers]");
    for d in &plan.drivers {
        let _ = writeln!(s, "{} {}.{}{}", d.id, d.class.replace('/', "."), d.method, d.desc);
    }
    let _ = writeln!(s, "\n[skipped]");
    for k in &r.skipped {
        let _ = writeln!(s, "{}: {}", k.method, k.reason);
    }
    let _ = writeln!(s, "\n[left out]");
    for (class, missing) in &r.incomplete {
        let _ =
            writeln!(s, "{}: {} is missing from the class path", class.replace('/', "."), missing.replace('/', "."));
    }
    s
}

/// In the fuzzing client, before the harness is looked up: compiles the drivers with the JDK's
/// compiler API in this JVM, unless the classes are already built from the same source. A file
/// lock keeps `--jobs` clients from compiling into the same folder at once.
///
/// Source javac refuses is mended ([`repair`]) and compiled again: a driver whose call javac
/// cannot resolve calls through a method handle, then any method still refused only throws.
/// What was mended is printed and kept in `compile-repairs.txt` beside `src`.
pub fn compile_in_jvm(env: &mut JNIEnv, d: &DriverRun) -> Result<(), String> {
    let stamp_text = source_stamp(&d.src).map_err(|e| format!("cannot read {}: {e}", d.src.display()))?;
    let lock_path = d.classes.with_extension("lock");
    let lock = std::fs::File::create(&lock_path).map_err(|e| format!("cannot create {}: {e}", lock_path.display()))?;
    // SAFETY: flock on a file descriptor we own for the duration of this function.
    unsafe {
        use std::os::fd::AsRawFd;
        libc::flock(lock.as_raw_fd(), libc::LOCK_EX);
    }
    let stamp = d.classes.join(".source-stamp");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(stamp_text.as_str()) {
        return Ok(());
    }
    let _ = std::fs::remove_dir_all(&d.classes);
    let _ = std::fs::create_dir_all(&d.classes);
    let mut by_handle = std::collections::BTreeSet::new();
    let mut neutralized: Vec<String> = Vec::new();
    // Rounds: method handles for refused calls (re-rendering the plan), then throwing bodies
    // (editing the text, so no re-rendering after). Each round mends what the last refused.
    // Removing a method whose signature is refused makes its callers refused in turn, a few
    // rounds deep (groovy-all's helpers of jline's types).
    let mut last = String::new();
    for _round in 0..12 {
        let Some(msg) = javac(env, d)? else {
            let stamp_text = source_stamp(&d.src).map_err(|e| format!("cannot read {}: {e}", d.src.display()))?;
            let _ = repair::save_handles(&d.classes.join(".by-handle"), &by_handle);
            let _ = std::fs::write(&stamp, stamp_text);
            report_repairs(d, &by_handle, &neutralized);
            return Ok(());
        };
        last.clone_from(&msg);
        let errors = repair::parse_errors(&msg);
        let calls = repair::call_errors(&d.plan, &d.src, &errors);
        if neutralized.is_empty() && !calls.is_subset(&by_handle) {
            by_handle.extend(calls);
            for (rel, text) in java::render(&d.plan, &by_handle) {
                std::fs::write(d.src.join(rel), text).map_err(|e| format!("cannot write {}: {e}", d.src.display()))?;
            }
            continue;
        }
        let changed = repair::neutralize(&errors).map_err(|e| format!("cannot mend {}: {e}", d.src.display()))?;
        if changed.is_empty() {
            return Err(not_compiling(d, &msg));
        }
        neutralized.extend(changed);
    }
    // The messages of the last round's javac, before its mending: what a report needs.
    Err(format!(
        "the generated drivers in {} still do not compile after mending (please report this):\n{}",
        d.src.display(),
        truncate(&last, 4000)
    ))
}

/// One run of javac over the drivers: None when it compiled, else its messages.
fn javac(env: &mut JNIEnv, d: &DriverRun) -> Result<Option<String>, String> {
    let r = env.with_local_frame(8, |env| -> Result<Option<String>, jni::errors::Error> {
        let class = env.find_class("com/jvmfuzz/shim/driver/DriverCompiler")?;
        let src = env.new_string(d.src.display().to_string())?;
        let out = env.new_string(d.classes.display().to_string())?;
        let cp = env.new_string(&d.compile_cp)?;
        let r = env
            .call_static_method(
                &class,
                "compile",
                "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
                &[JValue::Object(&src), JValue::Object(&out), JValue::Object(&cp)],
            )?
            .l()?;
        if r.is_null() {
            return Ok(None);
        }
        let s: String = env.get_string(&JString::from(r))?.into();
        Ok(Some(s))
    });
    r.map_err(|e| {
        let detail = crate::harness::pending_text(env);
        format!("cannot compile the drivers: {e} ({detail})")
    })
}

fn not_compiling(d: &DriverRun, msg: &str) -> String {
    format!(
        "the generated drivers in {} do not compile (please report this):\n{}",
        d.src.display(),
        truncate(msg, 4000)
    )
}

/// Says what was mended, on stderr and in `compile-repairs.txt` (empty when nothing was).
fn report_repairs(d: &DriverRun, by_handle: &std::collections::BTreeSet<usize>, neutralized: &[String]) {
    use std::fmt::Write as _;
    let mut s = String::new();
    if !by_handle.is_empty() {
        let _ = writeln!(
            s,
            "{} driver method(s) call their method through a method handle (javac refused the direct call):",
            by_handle.len()
        );
        for dr in d.plan.drivers.iter().filter(|dr| by_handle.contains(&dr.id)) {
            let _ = writeln!(s, "  {} {}.{}{}", dr.id, dr.class.replace('/', "."), dr.method, dr.desc);
        }
    }
    if !neutralized.is_empty() {
        let _ = writeln!(s, "{} generated method(s) javac refused now only throw (driver defects):", neutralized.len());
        for m in neutralized {
            let _ = writeln!(s, "  {m}");
        }
    }
    if let Some(dir) = d.src.parent() {
        let _ = std::fs::write(dir.join("compile-repairs.txt"), &s);
    }
    if !s.is_empty() {
        eprintln!("jvmfuzz: mended generated drivers javac refused; see compile-repairs.txt:");
        eprint!("{}", truncate(&s, 2000));
    }
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Names and contents of every source file, hashed: equal stamps mean equal sources.
fn source_stamp(src: &Path) -> std::io::Result<String> {
    let mut files = Vec::new();
    fn walk(d: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for e in std::fs::read_dir(d)? {
            let p = e?.path();
            if p.is_dir() {
                walk(&p, out)?;
            } else {
                out.push(p);
            }
        }
        Ok(())
    }
    walk(src, &mut files)?;
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        for b in f.display().to_string().bytes().chain(std::fs::read(&f)?) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    Ok(format!("{h:016x}"))
}

/// The source of the readable JUnit reproducer of a finding (`ReproducerTest.java`): the input
/// is run once more with recording on, and the recorded decisions are replayed on the plan.
pub fn readable_reproducer(
    env: &mut JNIEnv,
    d: &DriverRun,
    input: &[u8],
    info: &reproducer::FindingInfo,
) -> Result<String, String> {
    let trace = env
        .with_local_frame(8, |env| -> Result<String, jni::errors::Error> {
            let dispatch: JClass = env.find_class(plan::DISPATCH.replace('.', "/"))?;
            let expected = env.find_class("com/jvmfuzz/shim/driver/Expected")?;
            let data = env.byte_array_from_slice(input)?;
            let r = env
                .call_static_method(
                    expected,
                    "trace",
                    "(Ljava/lang/Class;[B)Ljava/lang/String;",
                    &[JValue::Object(&dispatch), JValue::Object(&JObject::from(data))],
                )?
                .l()?;
            Ok(env.get_string(&JString::from(r))?.into())
        })
        .map_err(|e| {
            let detail = crate::harness::pending_text(env);
            format!("cannot trace the failing input: {e} ({detail})")
        })?;
    let by_handle = repair::load_handles(&d.classes.join(".by-handle"));
    reproducer::junit(&d.plan, &trace, info, &by_handle)
        .ok_or_else(|| "the recorded run does not match the generated drivers".to_string())
}

/// The snapshot of run-time comparison values the current execution decoded its typed values
/// with (`Observed.dump`), saved beside a finding so `fuzz repro` decodes the same values.
pub fn observed_snapshot(env: &mut JNIEnv) -> Option<String> {
    let r = env.with_local_frame(4, |env| -> Result<String, jni::errors::Error> {
        let c = env.find_class(OBSERVED_CLASS)?;
        let s = env.call_static_method(c, "dump", "()Ljava/lang/String;", &[])?.l()?;
        Ok(env.get_string(&JString::from(s))?.into())
    });
    r.map_err(|_| {
        let _ = env.exception_clear();
    })
    .ok()
}

/// Makes `snapshot` (from [`observed_snapshot`]) what every following execution decodes with.
pub fn load_observed(env: &mut JNIEnv, snapshot: &str) -> Result<(), String> {
    let r = env.with_local_frame(4, |env| -> Result<(), jni::errors::Error> {
        let c = env.find_class(OBSERVED_CLASS)?;
        let s = env.new_string(snapshot)?;
        env.call_static_method(c, "load", "(Ljava/lang/String;)V", &[JValue::Object(&JObject::from(s))])?;
        Ok(())
    });
    r.map_err(|e| {
        let detail = crate::harness::pending_text(env);
        format!("cannot load the observed values: {e} ({detail})")
    })
}

const OBSERVED_CLASS: &str = "com/jvmfuzz/shim/fuzz/Observed";

/// The file beside a finding's input that holds its observed values.
pub const OBSERVED_FILE: &str = "observed.txt";

const SCRATCH_PREFIX: &str = "jvmfuzz-tmp-";

/// `out/jvmfuzz-tmp-<pid>`, new and empty: this process's temporary folder for the target JVM
/// (its forked clients share it). A name only jvmfuzz makes, and one per process, so neither a
/// user's own folder under `out` nor another invocation's files (a `repro` beside a running
/// campaign on the same findings folder) are touched; the folders of processes that are gone
/// (killed before their end) are removed.
fn scratch_folder(out: &Path) -> std::io::Result<PathBuf> {
    if let Ok(entries) = std::fs::read_dir(out) {
        for e in entries.filter_map(Result::ok) {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(pid) = name.strip_prefix(SCRATCH_PREFIX).and_then(|p| p.parse::<u32>().ok()) else { continue };
            if pid != std::process::id() && !Path::new("/proc").join(pid.to_string()).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let tmp = out.join(format!("{SCRATCH_PREFIX}{}", std::process::id()));
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp)?;
    }
    std::fs::create_dir_all(&tmp)?;
    Ok(tmp)
}

/// Removes this process's temporary folder and what the library left in it.
pub fn remove_scratch(d: &DriverRun) {
    let _ = std::fs::remove_dir_all(&d.tmp);
}

/// Deletes the drivers' temporary files (the JVM is never destroyed, so deleteOnExit does not run).
pub fn delete_temp_files(env: &mut JNIEnv) {
    let r = env.with_local_frame(4, |env| -> Result<(), jni::errors::Error> {
        let tv = env.find_class("com/jvmfuzz/shim/driver/TypedValues")?;
        env.call_static_method(tv, "deleteTempFiles", "()V", &[])?;
        Ok(())
    });
    if r.is_err() {
        let _ = env.exception_clear();
    }
}

/// This client's per-method statistics, to `stats/<pid>.txt` next to the classes (each client
/// life of a session has its own file; [`merge_stats`] adds them up at the end), its
/// per-site counts to `stats/<pid>.sites`, and its per-method times (the target's
/// [`clock::MethodClock`]) to `stats/<pid>.times`.
pub fn save_stats(env: &mut JNIEnv, d: &DriverRun, times: Option<String>) {
    let dir = d.classes.with_file_name("stats");
    let _ = std::fs::create_dir_all(&dir);
    if let Some(text) = expected_text(env, "stats") {
        let _ = std::fs::write(dir.join(format!("{}.txt", std::process::id())), text);
    }
    if let Some(text) = times {
        let _ = std::fs::write(dir.join(format!("{}.times", std::process::id())), text);
    }
    if let Some(text) = expected_text(env, "sites") {
        let _ = std::fs::write(dir.join(format!("{}.sites", std::process::id())), text);
    }
}

/// Per finding key (`[+]exception@top frame`, `+` for a contract), the inputs that reached
/// its site and the driver methods they came from, summed over every client life's
/// `stats/*.sites` (callers: the largest count of one life, a lower bound).
pub fn site_counts(d: &DriverRun) -> std::collections::HashMap<String, (u64, u64)> {
    let mut out = std::collections::HashMap::new();
    let Ok(dir) = std::fs::read_dir(d.classes.with_file_name("stats")) else { return out };
    for e in dir.flatten() {
        if e.path().extension().is_none_or(|x| x != "sites") {
            continue;
        }
        for line in std::fs::read_to_string(e.path()).unwrap_or_default().lines() {
            let mut parts = line.splitn(3, ' ');
            let (Some(inputs), Some(callers), Some(key)) = (parts.next(), parts.next(), parts.next()) else { continue };
            let entry: &mut (u64, u64) = out.entry(key.to_string()).or_default();
            entry.0 += inputs.parse::<u64>().unwrap_or(0);
            entry.1 = entry.1.max(callers.parse::<u64>().unwrap_or(0));
        }
    }
    out
}

/// Removes the per-client statistics of an earlier session.
pub fn reset_stats(d: &DriverRun) {
    let _ = std::fs::remove_dir_all(d.classes.with_file_name("stats"));
}

/// Adds up every client's statistics into `stats.txt`: per driver method, runs, set-up
/// failures, runs that reached the method under test, driver defects (exceptions thrown by
/// the generated code itself: ours to fix, never findings), then the time its runs took, its
/// slowest run, the runs stopped at its own limit and that limit (the last client's), and the
/// executors, timers and threads its runs left running, stopped before the next run
/// (`Leftovers` in the shim).
pub fn merge_stats(d: &DriverRun) -> std::io::Result<()> {
    let dir = d.classes.with_file_name("stats");
    let n = d.plan.drivers.len();
    let mut counts: Vec<[u64; 5]> = vec![[0; 5]; n];
    // total-ms, slowest-ms (max), stops, limit-ms (latest life's)
    let mut times: Vec<[u64; 4]> = vec![[0; 4]; n];
    let mut files: Vec<_> = std::fs::read_dir(&dir)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    // Oldest first, so the last life's limit is the one kept.
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    for path in files {
        let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
        if ext != "txt" && ext != "times" {
            continue;
        }
        let text = std::fs::read_to_string(&path)?;
        for (i, line) in text.lines().enumerate().take(n) {
            let nums: Vec<u64> = line.split(' ').take(5).map(|x| x.parse::<u64>().unwrap_or(0)).collect();
            if ext == "txt" {
                for (k, v) in nums.iter().take(5).enumerate() {
                    counts[i][k] += v;
                }
            } else if let [_runs, total, slowest, stops, limit] = nums[..] {
                times[i][0] += total;
                times[i][1] = times[i][1].max(slowest);
                times[i][2] += stops;
                times[i][3] = limit;
            }
        }
    }
    let mut out = String::from(
        "# runs set-up-failures reached-method driver-defects time-ms slowest-ms stopped limit-ms left-running method\n",
    );
    for ((c, t), drv) in counts.iter().zip(&times).zip(&d.plan.drivers) {
        out.push_str(&format!(
            "{} {} {} {} {} {} {} {} {} {}.{}{}\n",
            c[0],
            c[1],
            c[2],
            c[3],
            t[0],
            t[1],
            t[2],
            t[3],
            c[4],
            drv.class.replace('/', "."),
            drv.method,
            drv.desc
        ));
    }
    std::fs::write(d.classes.with_file_name("stats.txt"), out)?;
    std::fs::remove_dir_all(&dir)
}

/// `Expected.<method>()`: `stats` (per driver method: runs, set-up failures, runs that reached
/// the method under test, driver defects, left running) or `sites` (per throwing site: inputs, callers).
fn expected_text(env: &mut JNIEnv, method: &str) -> Option<String> {
    env.with_local_frame(4, |env| -> Result<String, jni::errors::Error> {
        let expected = env.find_class("com/jvmfuzz/shim/driver/Expected")?;
        let r = env.call_static_method(expected, method, "()Ljava/lang/String;", &[])?.l()?;
        Ok(env.get_string(&JString::from(r))?.into())
    })
    .map_err(|_| {
        let _ = env.exception_clear();
    })
    .ok()
}
