//! Real-world check of the class-file reader/writer.
//!
//! 1. Every class of a set of real jars and of the JDK's own modules (JDK 17 and 25) must
//!    parse, re-serialise byte for byte, and answer constant-pool lookups.
//! 2. Mutated copies of a sample of those classes must never make the parser panic, and
//!    any mutant it accepts must itself round-trip exactly.
//!
//! Jars are unpacked with `unzip` (else the JDK's `jar`) and modules with `jimage
//! extract`, once, into a cache under CARGO_TARGET_TMPDIR keyed by the source file's
//! size and mtime; no zip crate needed. Missing inputs fail the test and name the
//! package that provides them.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe, PanicHookInfo};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use jvmfuzz_classfile::{ClassFile, CpEntry};

/// One unpacked input: a jar or a JDK's module image.
struct Source {
    label: String,
    dir: PathBuf,
    /// True for jimage output, whose first path component is the module name.
    jdk: bool,
}

fn cache_root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("classfile-corpus")
}

fn home() -> PathBuf {
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/root"))
}

/// (label, jar, how to get it).
fn jars() -> Vec<(&'static str, PathBuf, String)> {
    let sj = |f: &str| PathBuf::from("/usr/share/java").join(f);
    let apt = |p: &str| format!("apt-get install {p}");
    let m2 = home().join(".m2/repository");
    vec![
        ("guava", sj("guava.jar"), apt("libguava-java")),
        ("jackson-databind", sj("jackson-databind.jar"), apt("libjackson2-databind-java")),
        ("groovy", sj("groovy.jar"), apt("groovy")),
        ("kotlin-stdlib", sj("kotlin-stdlib.jar"), apt("kotlin")),
        ("scala-library", sj("scala-library.jar"), apt("scala-library")),
        ("asm", sj("asm.jar"), apt("libasm-java")),
        ("asm-commons", sj("asm-commons.jar"), apt("libasm-java")),
        ("commons-lang3", sj("commons-lang3.jar"), apt("libcommons-lang3-java")),
        ("commons-compress", sj("commons-compress.jar"), apt("libcommons-compress-java")),
        ("junit-jupiter-api", sj("junit-jupiter-api.jar"), apt("junit5")),
        ("junit-jupiter-engine", sj("junit-jupiter-engine.jar"), apt("junit5")),
        ("junit-platform-engine", sj("junit-platform-engine.jar"), apt("junit5")),
        ("junit-platform-launcher", sj("junit-platform-launcher.jar"), apt("junit5")),
        (
            "junit-console-standalone-1.11.4",
            m2.join("org/junit/platform/junit-platform-console-standalone/1.11.4/junit-platform-console-standalone-1.11.4.jar"),
            "mvn dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.11.4".into(),
        ),
        (
            "jacoco-agent-runtime-0.8.14",
            m2.join("org/jacoco/org.jacoco.agent/0.8.14/org.jacoco.agent-0.8.14-runtime.jar"),
            "mvn dependency:get -Dartifact=org.jacoco:org.jacoco.agent:0.8.14:jar:runtime".into(),
        ),
    ]
}

/// JDK homes to extract modules from. `JVMFUZZ_TEST_JDKS` (colon-separated) overrides.
fn jdks() -> Vec<(String, PathBuf, String)> {
    if let Some(list) = std::env::var_os("JVMFUZZ_TEST_JDKS") {
        return std::env::split_paths(&list)
            .map(|p| (format!("jdk:{}", p.display()), p, "check JVMFUZZ_TEST_JDKS".to_string()))
            .collect();
    }
    vec![
        ("jdk17".into(), "/usr/lib/jvm/java-17-openjdk-amd64".into(), "apt-get install openjdk-17-jdk-headless".into()),
        (
            "jdk25".into(),
            "/usr/lib/jvm/temurin-25-jdk-amd64".into(),
            "apt-get install temurin-25-jdk (Adoptium apt repository)".into(),
        ),
    ]
}

/// Cache directory name that changes when the input file does.
fn cache_dir(label: &str, input: &Path) -> Option<PathBuf> {
    let md = std::fs::metadata(input).ok()?;
    let mtime =
        md.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs());
    let safe: String = label.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    Some(cache_root().join(format!("{safe}-{}-{mtime}", md.len())))
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr)))
    }
}

/// Extracts into a temporary directory and renames it into place, so an interrupted or
/// concurrent run never leaves a half-filled cache entry behind.
fn extract(dir: &Path, f: impl FnOnce(&Path) -> Result<(), String>) -> Result<(), String> {
    if dir.is_dir() {
        return Ok(());
    }
    let tmp = dir.with_extension(format!("tmp{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    f(&tmp)?;
    if std::fs::rename(&tmp, dir).is_err() && !dir.is_dir() {
        return Err(format!("could not move {} to {}", tmp.display(), dir.display()));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

fn unpack_jar(jar: &Path, into: &Path, jar_tool: Option<&Path>) -> Result<(), String> {
    // unzip exits 11 when the pattern matches nothing (e.g. a jar of resources only).
    let unzip = Command::new("unzip").arg("-qq").arg("-o").arg(jar).arg("*.class").arg("-d").arg(into).status();
    match unzip {
        Ok(s) if s.success() || s.code() == Some(11) => Ok(()),
        _ => {
            let jar_tool = jar_tool.ok_or("neither unzip nor a JDK `jar` tool is available")?;
            run(Command::new(jar_tool).arg("xf").arg(jar).current_dir(into))
        }
    }
}

/// Unpacks everything once per process. Panics listing every missing input.
fn corpus() -> &'static [Source] {
    static CORPUS: OnceLock<Vec<Source>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let started = Instant::now();
        let mut missing = Vec::new();
        let mut sources = Vec::new();
        let jdks = jdks();
        let jar_tool = jdks.iter().map(|(_, home, _)| home.join("bin/jar")).find(|p| p.exists());
        for (label, home, hint) in &jdks {
            let modules = home.join("lib/modules");
            let jimage = home.join("bin/jimage");
            let Some(dir) = cache_dir(label, &modules).filter(|_| jimage.exists()) else {
                missing.push(format!("{label}: no {} or {} ({hint})", modules.display(), jimage.display()));
                continue;
            };
            if let Err(e) =
                extract(&dir, |tmp| run(Command::new(&jimage).arg("extract").arg("--dir").arg(tmp).arg(&modules)))
            {
                missing.push(format!("{label}: {e}"));
                continue;
            }
            sources.push(Source { label: label.clone(), dir, jdk: true });
        }
        for (label, jar, hint) in jars() {
            let Some(dir) = cache_dir(label, &jar) else {
                missing.push(format!("{label}: {} is missing; install with `{hint}`", jar.display()));
                continue;
            };
            if let Err(e) = extract(&dir, |tmp| unpack_jar(&jar, tmp, jar_tool.as_deref())) {
                missing.push(format!("{label}: {e}"));
                continue;
            }
            sources.push(Source { label: label.to_string(), dir, jdk: false });
        }
        assert!(missing.is_empty(), "test inputs missing:\n  {}", missing.join("\n  "));
        eprintln!("corpus ready in {:.1?} (cache {})", started.elapsed(), cache_root().display());
        sources
    })
}

fn class_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => class_files(&p, out),
            Ok(t) if t.is_file() && p.extension().is_some_and(|x| x == "class") => out.push(p),
            _ => {}
        }
    }
}

/// The binary name a class file's path implies (jimage: `module/pkg/Name.class`; jars:
/// `[META-INF/versions/N/]pkg/Name.class`).
fn expected_name(rel: &Path, jdk: bool) -> String {
    let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if jdk && !parts.is_empty() {
        parts.remove(0);
    } else if parts.len() > 3 && parts[0] == "META-INF" && parts[1] == "versions" {
        parts.drain(..3);
    }
    parts.join("/").trim_end_matches(".class").to_string()
}

/// Parses, re-serialises and looks up everything a rewriter would. Returns what went wrong.
fn check_class(bytes: &[u8], expected: &str, tags: &mut [usize; 21]) -> Result<(), String> {
    let cf = ClassFile::parse(bytes).map_err(|e| format!("parse: {e}"))?;
    let out = cf.to_bytes();
    if out != bytes {
        let at = out.iter().zip(bytes).position(|(a, b)| a != b).unwrap_or(out.len().min(bytes.len()));
        return Err(format!("re-serialisation differs at offset {at} (len {} vs {})", out.len(), bytes.len()));
    }
    if cf.byte_len() != bytes.len() {
        return Err(format!("byte_len {} != {}", cf.byte_len(), bytes.len()));
    }
    let cp = &cf.constant_pool;
    let name = cf.this_class_name().map_err(|e| format!("this_class: {e}"))?;
    if name != expected {
        return Err(format!("this_class is {name:?}, path says {expected:?}"));
    }
    cf.super_class_name().map_err(|e| format!("super_class: {e}"))?;
    for (idx, e) in cp.iter() {
        if let Some(t) = cp.tag(idx).and_then(|t| tags.get_mut(usize::from(t))) {
            *t += 1;
        }
        let r = match e {
            CpEntry::Class { .. } => cp.class_name(idx).map(drop),
            CpEntry::String { .. } => cp.string(idx).map(drop),
            CpEntry::Fieldref { .. } | CpEntry::Methodref { .. } | CpEntry::InterfaceMethodref { .. } => {
                cp.member_ref(idx).map(drop)
            }
            CpEntry::NameAndType { .. } => cp.name_and_type(idx).map(drop),
            CpEntry::Utf8(_) => cp.utf8(idx).map(drop),
            _ => Ok(()),
        };
        r.map_err(|e| format!("constant #{idx}: {e}"))?;
    }
    for m in cf.fields.iter().chain(&cf.methods) {
        m.name(cp).and_then(|_| m.descriptor(cp)).map_err(|e| format!("member: {e}"))?;
    }
    Ok(())
}

#[derive(Default)]
struct Stats {
    classes: usize,
    bytes: usize,
    failures: Vec<String>,
}

#[test]
fn every_real_class_round_trips() {
    let started = Instant::now();
    let mut per_source = BTreeMap::new();
    let mut tags = [0usize; 21];
    for src in corpus() {
        let mut files = Vec::new();
        class_files(&src.dir, &mut files);
        files.sort();
        assert!(!files.is_empty(), "{}: no classes in {}", src.label, src.dir.display());
        let stats = Mutex::new(Stats::default());
        let all_tags = Mutex::new([0usize; 21]);
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
        let chunk = files.len().div_ceil(threads);
        std::thread::scope(|s| {
            for part in files.chunks(chunk) {
                let (stats, all_tags) = (&stats, &all_tags);
                s.spawn(move || {
                    let mut local = Stats::default();
                    let mut t = [0usize; 21];
                    for path in part {
                        let rel = path.strip_prefix(&src.dir).unwrap_or(path);
                        let bytes = match std::fs::read(path) {
                            Ok(b) => b,
                            Err(e) => {
                                local.failures.push(format!("{}: read: {e}", rel.display()));
                                continue;
                            }
                        };
                        local.classes += 1;
                        local.bytes += bytes.len();
                        let expected = expected_name(rel, src.jdk);
                        let r = catch_unwind(AssertUnwindSafe(|| check_class(&bytes, &expected, &mut t)))
                            .unwrap_or_else(|_| Err("PANIC".into()));
                        if let Err(e) = r {
                            local.failures.push(format!("{}: {e}", rel.display()));
                        }
                    }
                    let mut g = stats.lock().unwrap();
                    g.classes += local.classes;
                    g.bytes += local.bytes;
                    g.failures.extend(local.failures);
                    let mut at = all_tags.lock().unwrap();
                    for (a, b) in at.iter_mut().zip(t) {
                        *a += b;
                    }
                });
            }
        });
        for (a, b) in tags.iter_mut().zip(all_tags.into_inner().unwrap()) {
            *a += b;
        }
        per_source.insert(src.label.clone(), stats.into_inner().unwrap());
    }

    let (mut classes, mut bytes, mut failures) = (0, 0, Vec::new());
    eprintln!("{:<34} {:>8} {:>12} {:>9}", "source", "classes", "bytes", "failures");
    for (label, s) in &per_source {
        eprintln!("{label:<34} {:>8} {:>12} {:>9}", s.classes, s.bytes, s.failures.len());
        classes += s.classes;
        bytes += s.bytes;
        failures.extend(s.failures.iter().map(|f| format!("{label}: {f}")));
    }
    eprintln!("{:<34} {classes:>8} {bytes:>12} {:>9}   in {:.1?}", "TOTAL", failures.len(), started.elapsed());
    eprintln!(
        "constant tags seen: {}",
        tags.iter().enumerate().filter(|(_, &n)| n > 0).map(|(t, n)| format!("{t}:{n}")).collect::<Vec<_>>().join(" ")
    );
    assert!(per_source.len() >= 12, "expected at least ten jars plus two JDKs");
    // Module and Package come only from module-info classes; make sure they were exercised.
    assert!(tags[19] > 0 && tags[20] > 0, "no CONSTANT_Module/Package seen");
    assert!(
        failures.is_empty(),
        "{} of {classes} classes failed; first ones:\n  {}",
        failures.len(),
        failures.iter().take(30).cloned().collect::<Vec<_>>().join("\n  ")
    );
}

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Values that hit boundaries in counts, lengths and indices.
const INTERESTING: [u16; 8] = [0, 1, 2, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF];

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    match rng.below(8) {
        0 => {
            if let Some(b) = bytes.get_mut(rng.below(len)) {
                *b ^= 1 << rng.below(8);
            }
        }
        1 => {
            if let Some(b) = bytes.get_mut(rng.below(len)) {
                *b = rng.next() as u8;
            }
        }
        2 => bytes.truncate(rng.below(len)),
        3 => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(8);
            for _ in 0..n {
                bytes.insert(at, rng.next() as u8);
            }
        }
        4 => {
            let at = rng.below(len);
            let n = (1 + rng.below(16)).min(len - at.min(len));
            bytes.drain(at..at + n);
        }
        5 => {
            // A u16 (count, index or length half) set to a boundary value.
            let at = rng.below(len.saturating_sub(1));
            let v = INTERESTING[rng.below(INTERESTING.len())].to_be_bytes();
            if let Some(s) = bytes.get_mut(at..at + 2) {
                s.copy_from_slice(&v);
            }
        }
        6 => {
            // A u32 (attribute_length or code_length) nudged by a little.
            let at = rng.below(len.saturating_sub(3));
            if let Some(s) = bytes.get_mut(at..at + 4) {
                let v = u32::from_be_bytes([s[0], s[1], s[2], s[3]]);
                let d = rng.below(9) as u32;
                let v = if rng.next() & 1 == 0 { v.wrapping_add(d) } else { v.wrapping_sub(d) };
                s.copy_from_slice(&v.to_be_bytes());
            }
        }
        _ => {
            // Copy a chunk over another place: plausible structure in the wrong spot.
            let from = rng.below(len);
            let n = (1 + rng.below(32)).min(len - from.min(len));
            let chunk: Vec<u8> = bytes.get(from..from + n).map(<[u8]>::to_vec).unwrap_or_default();
            let to = rng.below(len);
            for (i, b) in chunk.into_iter().enumerate() {
                if let Some(d) = bytes.get_mut(to + i) {
                    *d = b;
                }
            }
        }
    }
}

#[test]
fn mutated_real_classes_never_panic() {
    let mut files = Vec::new();
    for src in corpus() {
        let mut f = Vec::new();
        class_files(&src.dir, &mut f);
        f.sort();
        // A deterministic spread: up to 25 classes from each source.
        let step = (f.len() / 25).max(1);
        files.extend(f.into_iter().step_by(step).take(25));
    }
    const PER_CLASS: usize = 60;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut cases, mut accepted) = (0usize, 0usize);
    // Silence panic messages from this thread only (the first failure is reported with
    // its input below); other tests running in parallel keep the normal hook.
    let me = std::thread::current().id();
    let prev: Arc<dyn Fn(&PanicHookInfo<'_>) + Send + Sync> = Arc::from(std::panic::take_hook());
    let chained = Arc::clone(&prev);
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != me {
            chained(info);
        }
    }));
    let mut failure = None;
    'outer: for path in &files {
        let Ok(orig) = std::fs::read(path) else {
            continue;
        };
        for _ in 0..PER_CLASS {
            let mut m = orig.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut m);
            }
            cases += 1;
            let r = catch_unwind(|| ClassFile::parse(&m).map(|cf| cf.to_bytes()));
            match r {
                Ok(Ok(out)) if out != m => {
                    failure = Some(("accepted but did not round-trip", path.clone(), m));
                    break 'outer;
                }
                Ok(Ok(_)) => accepted += 1,
                Ok(Err(_)) => {}
                Err(_) => {
                    failure = Some(("panicked", path.clone(), m));
                    break 'outer;
                }
            }
        }
    }
    std::panic::set_hook(Box::new(move |info| prev(info)));
    if let Some((what, path, input)) = failure {
        let dump = Path::new(env!("CARGO_TARGET_TMPDIR")).join("classfile-mutant-failure.bin");
        let _ = std::fs::write(&dump, &input);
        panic!("a mutant of {} {what}; input saved to {}", path.display(), dump.display());
    }
    eprintln!("{cases} mutants of {} classes: {accepted} accepted (and round-tripped), none panicked", files.len());
    assert!(cases >= 10_000, "only {cases} cases");
}

/// Nanoseconds this thread has spent on a CPU (Linux schedstat), so throughput figures
/// stay meaningful on a loaded machine. `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Parse+write throughput over guava and groovy, files preloaded into memory. Ignored by
/// default (timing, not correctness); run in release:
/// `cargo test --release -p jvmfuzz-agent --test classfile_roundtrip -- --ignored throughput --nocapture`
/// Rates are per on-CPU second of one thread; wall-clock rates are shown alongside.
#[test]
#[ignore]
fn throughput() {
    let mut classes: Vec<Vec<u8>> = Vec::new();
    for src in corpus().iter().filter(|s| s.label == "guava" || s.label == "groovy") {
        let mut files = Vec::new();
        class_files(&src.dir, &mut files);
        files.sort();
        classes.extend(files.iter().filter_map(|p| std::fs::read(p).ok()));
    }
    let total: usize = classes.iter().map(Vec::len).sum();
    assert!(classes.len() > 5000, "guava+groovy should have over 5000 classes");
    let measure = |what: &str, f: &dyn Fn(&[u8]) -> usize| {
        let started = Instant::now();
        let cpu0 = thread_cpu_ns();
        let (mut rounds, mut sink) = (0u32, 0usize);
        while rounds < 3 || started.elapsed().as_secs_f64() < 3.0 {
            for c in &classes {
                sink = sink.wrapping_add(f(c));
            }
            rounds += 1;
        }
        let wall = started.elapsed().as_secs_f64();
        let cpu = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
            _ => wall,
        };
        let mb = total as f64 * f64::from(rounds) / 1e6;
        let n = classes.len() as f64 * f64::from(rounds);
        eprintln!(
            "{what:<14} {:>7.1} MB/s {:>8.0} classes/s per CPU-second (wall: {:.1} MB/s); {} classes, {:.1} MB, {rounds} rounds, sink {sink}",
            mb / cpu,
            n / cpu,
            mb / wall,
            classes.len(),
            total as f64 / 1e6,
        );
    };
    measure("parse", &|c| ClassFile::parse(c).map_or(0, |cf| cf.methods.len()));
    measure("parse+write", &|c| ClassFile::parse(c).map_or(0, |cf| cf.to_bytes().len()));
    measure("parse+lookups", &|c| {
        ClassFile::parse(c).map_or(0, |cf| {
            let cp = &cf.constant_pool;
            cf.methods.iter().filter_map(|m| m.name(cp).ok()).map(|n| n.len()).sum()
        })
    });
}

/// The profiler's default plan (`plan::plan_method_jacoco_only`, built directly) must be the
/// flow plan reduced to JaCoCo's sites (`plan::jacoco_only`), with the same errors, for every
/// method of the corpus: the rewriter and the coverage analysis both rely on it. And the
/// fuzzer's plan must stay "method entry, then in code order every branch arm and JaCoCo's
/// probe at each line of calls that no jump and no `if`'s fall-through arm already marks".
#[test]
fn jacoco_only_plan_is_the_reduced_flow_plan() {
    use jvmfuzz_classfile::bytecode::{decode, is_conditional_branch, InsnKind};
    use jvmfuzz_instrument::plan::{
        distinct_targets, flow_facts, jacoco_only, line_numbers, plan_method, plan_method_jacoco_only, Placement,
        PlanOptions, ProbeKind, ProbeSite,
    };

    let started = Instant::now();
    let (mut methods, mut sites, mut failures) = (0usize, 0usize, Vec::new());
    let (mut code_bytes, mut insn_count) = (0usize, 0usize);
    for src in corpus() {
        let mut files = Vec::new();
        class_files(&src.dir, &mut files);
        files.sort();
        for path in &files {
            let Ok(bytes) = std::fs::read(path) else { continue };
            let Ok(cf) = ClassFile::parse(&bytes) else { continue };
            let cp = &cf.constant_pool;
            for m in &cf.methods {
                let Some(code) = m.code() else { continue };
                let Ok(insns) = decode(&code.code) else { continue };
                methods += 1;
                code_bytes += code.code.len();
                insn_count += insns.len();
                let full = plan_method(&insns, code, cp, PlanOptions { flow_probes: true });
                let direct = plan_method_jacoco_only(&insns, code, cp);
                if let Ok(p) = &direct {
                    sites += p.sites.len();
                }
                let fuzz_ok = match (&full, plan_method(&insns, code, cp, PlanOptions { flow_probes: false })) {
                    (Ok(_), Ok(fuzz)) => {
                        let lines = line_numbers(code, cp).unwrap_or_default();
                        let Ok(facts) = flow_facts(&insns, &code.exception_table, &lines) else {
                            failures.push(format!("{}: {}: no flow facts", src.label, path.display()));
                            continue;
                        };
                        let mut expected = vec![ProbeSite {
                            kind: ProbeKind::MethodEntry,
                            placement: Placement::Fallthrough { at: 0 },
                        }];
                        for (i, insn) in insns.iter().enumerate() {
                            // JaCoCo's probe at the start of a line with a call (needed, not a
                            // jump target), unless a conditional's fall-through arm ends there.
                            let after_if = i > 0 && is_conditional_branch(insns[i - 1].opcode);
                            if facts.needs_probe[i] && !facts.multi_target[i] && !after_if {
                                expected.push(ProbeSite {
                                    kind: ProbeKind::Flow,
                                    placement: Placement::Fallthrough { at: insn.offset },
                                });
                            }
                            match &insn.kind {
                                InsnKind::Branch { target } if is_conditional_branch(insn.opcode) => {
                                    let next = insns.get(i + 1).map_or(0, |n| n.offset);
                                    expected.push(ProbeSite {
                                        kind: ProbeKind::BranchArm { insn: insn.offset, arm: 0 },
                                        placement: Placement::Fallthrough { at: next },
                                    });
                                    expected.push(ProbeSite {
                                        kind: ProbeKind::BranchArm { insn: insn.offset, arm: 1 },
                                        placement: Placement::Edge { insn: insn.offset, target: *target },
                                    });
                                }
                                InsnKind::TableSwitch { .. } | InsnKind::LookupSwitch { .. } => {
                                    for (arm, t) in distinct_targets(insn).into_iter().enumerate() {
                                        expected.push(ProbeSite {
                                            kind: ProbeKind::BranchArm { insn: insn.offset, arm: arm as u16 },
                                            placement: Placement::Edge { insn: insn.offset, target: t },
                                        });
                                    }
                                }
                                _ => {}
                            }
                        }
                        fuzz.sites == expected && fuzz.jacoco.is_empty()
                    }
                    (Err(a), Err(b)) => *a == b,
                    _ => false,
                };
                if (full.map(|p| jacoco_only(&p)) != direct || !fuzz_ok) && failures.len() < 10 {
                    failures.push(format!(
                        "{}: {}: {} (fuzz plan ok: {fuzz_ok})",
                        src.label,
                        path.display(),
                        m.name(cp).unwrap_or_default()
                    ));
                }
            }
        }
    }
    eprintln!(
        "{methods} methods, {insn_count} instructions in {code_bytes} code bytes, {sites} JaCoCo sites, in {:.1?}",
        started.elapsed()
    );
    assert!(methods > 100_000, "corpus too small: {methods} methods");
    assert!(failures.is_empty(), "plans differ from their definitions:\n{}", failures.join("\n"));
}
