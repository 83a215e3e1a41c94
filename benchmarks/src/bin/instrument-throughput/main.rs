//! `instrument-throughput`: rewrites every class of one or more jars, jar to jar, the way the
//! agent's class-load hook does, and reports classes/s and MB/s.
//!
//! ```text
//! instrument-throughput [--mode hook|fuzzer|identity] [--out DIR] [--passes N] [--level N] [--threads N [--codec zlib|libdeflate] [--verify]] [--verbose] JAR...
//! ```
//!
//! With `--threads 1` (the default), per jar, three timed phases, all in this process and on one
//! thread (JaCoCo's `instrument` command rewrites on one thread; its JVM uses the other cores
//! for JIT compilation and GC):
//! 1. read: read the jar file and inflate every entry into memory (one inflater, reset per
//!    entry, as `java.util.zip.ZipInputStream` does; CRC-32 checked);
//! 2. rewrite: every `.class` entry through the rewriter (parse, plan, rewrite, write back);
//! 3. write: deflate every entry (level 6, as `java.util.zip`'s default, unless `--level N`)
//!    into `DIR/<jar name>`.
//!
//! "end to end" = 1 + 2 + 3 is the figure to set against `jacoco instrument JAR --dest DIR`,
//! which does the same three things. Non-class entries are inflated and deflated again, as
//! JaCoCo does, rather than copied raw.
//!
//! Modes:
//! - `hook` (default): `jvmfuzz_jvm::load::profile::instrument_one`, exactly what the agent's
//!   ClassFileLoadHook runs per class with default options (`counts=covered`: JaCoCo's probe
//!   sites only, each a `Probes.flags[id] = true` store): parse, plan, probe-id reservation,
//!   rewrite, write,
//!   and the class record the agent registers with the runtime (built, not registered here).
//! - `fuzzer`: `instrument_class` with the fuzzer's configuration (entry and branch-arm probes
//!   only), no registration.
//! - `identity`: no rewriting (the class bytes are copied): the cost of the jar I/O alone.
//!
//! `--threads N` (N > 1) is the same work spread over N worker threads, as an offline
//! instrumenter that owns the machine would do it: the main thread reads the jar file and its
//! directory; the workers take entries in chunks and inflate, check, rewrite and deflate each
//! one; the main thread then writes the already-compressed entries in their original order
//! (`jar_writer`: the zip crate takes only uncompressed data). The output jar is read back and
//! every entry's CRC-32 checked after the timing. Only the end-to-end figures are reported in
//! this mode (no separate rewrite phase, one pass).
//!
//! `--passes N` repeats the rewrite phase N times (the figures use the median pass; the first
//! pass is also printed). `--level N` (1..9) changes the output jar's deflate level, to see what
//! compression costs; benchmarks/run.sh always uses the default 6. Machine-readable `RESULT key=value ...` lines are printed for
//! benchmarks/run.sh.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use flate2::Decompress;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

mod jar_reader;
mod jar_writer;
mod parallel;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Hook,
    Fuzzer,
    Identity,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Hook => "hook",
            Mode::Fuzzer => "fuzzer",
            Mode::Identity => "identity",
        }
    }
}

struct Args {
    mode: Mode,
    out: PathBuf,
    passes: usize,
    verbose: bool,
    /// Deflate level for the output jar (6 = `java.util.zip`'s default, what JaCoCo writes).
    level: i64,
    /// Worker threads (1: the phased, single-threaded run).
    threads: usize,
    /// Deflate implementation of the `--threads N` run.
    codec: parallel::Codec,
    /// `--threads N`: read the written jar back and check every entry.
    verify: bool,
    jars: Vec<PathBuf>,
}

const USAGE: &str = "usage: instrument-throughput [--mode hook|fuzzer|identity] [--out DIR] [--passes N] [--level 1..9] [--threads N [--codec zlib|libdeflate] [--verify]] [--verbose] JAR...";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        mode: Mode::Hook,
        out: std::env::temp_dir().join("jvmfuzz-instrument-throughput"),
        passes: 1,
        verbose: false,
        level: 6,
        threads: 1,
        codec: parallel::Codec::Zlib,
        verify: false,
        jars: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value\n{USAGE}"));
        match a.as_str() {
            "--mode" => {
                args.mode = match value("--mode")?.as_str() {
                    "hook" => Mode::Hook,
                    "fuzzer" => Mode::Fuzzer,
                    "identity" => Mode::Identity,
                    m => return Err(format!("unknown mode `{m}`\n{USAGE}")),
                }
            }
            "--out" => args.out = PathBuf::from(value("--out")?),
            "--passes" => {
                args.passes = value("--passes")?
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n >= 1)
                    .ok_or_else(|| format!("--passes needs a positive integer\n{USAGE}"))?
            }
            "--level" => {
                args.level = value("--level")?
                    .parse()
                    .ok()
                    .filter(|n: &i64| (1..=9).contains(n))
                    .ok_or_else(|| format!("--level needs 1..9\n{USAGE}"))?
            }
            "--threads" => {
                args.threads = value("--threads")?
                    .parse()
                    .ok()
                    .filter(|&n: &usize| (1..=256).contains(&n))
                    .ok_or_else(|| format!("--threads needs 1..256\n{USAGE}"))?
            }
            "--codec" => {
                args.codec = match value("--codec")?.as_str() {
                    "zlib" => parallel::Codec::Zlib,
                    "libdeflate" => parallel::Codec::Libdeflate,
                    c => return Err(format!("unknown codec `{c}` (zlib, libdeflate)\n{USAGE}")),
                }
            }
            "--verify" => args.verify = true,
            "--verbose" | "-v" => args.verbose = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`\n{USAGE}")),
            _ => args.jars.push(PathBuf::from(a)),
        }
    }
    if args.jars.is_empty() {
        return Err(USAGE.to_string());
    }
    Ok(args)
}

/// One jar entry, inflated.
struct Entry {
    name: String,
    is_dir: bool,
    data: Vec<u8>,
}

impl Entry {
    fn is_class(&self) -> bool {
        !self.is_dir && self.name.ends_with(".class")
    }
}

/// What the rewriter did to one class.
enum Rewritten {
    Instrumented { bytes: Vec<u8>, methods: u32, probes: u32 },
    /// Handed back unchanged; the reason (for `--verbose` tallies).
    Unchanged(String),
    /// The rewriter reported an error: the original bytes are written.
    Failed(String),
}

// ---------------------------------------------------------------------------------------------
// The only code that depends on the agent's API shape.

fn rewrite(mode: Mode, name: &str, original: &[u8], next_id: &AtomicU32) -> Rewritten {
    match mode {
        Mode::Identity => Rewritten::Unchanged("identity mode".into()),
        Mode::Hook => {
            use jvmfuzz_jvm::load::profile::{instrument_one, Rewritten as Outcome};
            let class_name = name.strip_suffix(".class").unwrap_or(name);
            match instrument_one(class_name, original) {
                Outcome::Instrumented { bytes, methods, probes, .. } => Rewritten::Instrumented { bytes, methods, probes },
                Outcome::Skipped { reason, .. } => {
                    if reason.contains("no code") || reason.contains("no method") {
                        Rewritten::Unchanged(reason)
                    } else {
                        Rewritten::Failed(reason)
                    }
                }
            }
        }
        Mode::Fuzzer => {
            use jvmfuzz_instrument::{instrument_class, InstrumentConfig, JacocoPlanner};
            let cfg = InstrumentConfig::fuzz();
            let mut alloc = |n: u32| next_id.fetch_add(n, Ordering::Relaxed);
            match instrument_class(original, &cfg, &mut alloc, &JacocoPlanner) {
                Ok(inst) if inst.changed => Rewritten::Instrumented {
                    bytes: inst.bytes,
                    methods: inst.counts.instrumented,
                    probes: inst.counts.probes,
                },
                Ok(_) => Rewritten::Unchanged("no method instrumented".into()),
                Err(e) => Rewritten::Failed(e.to_string()),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------

/// Reads the jar into memory and inflates every entry with one reused inflater, every entry's
/// size and CRC-32 checked (`jar_reader`).
fn read_jar(path: &Path) -> Result<Vec<Entry>, String> {
    let raw = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut inflater = jar_reader::Inflater::Zlib(Decompress::new(false));
    jar_reader::directory(path, &raw)?
        .into_iter()
        .map(|r| {
            let data = jar_reader::inflate(&mut inflater, path, &raw, &r)?;
            Ok(Entry { name: r.name, is_dir: r.is_dir, data })
        })
        .collect()
}

fn write_jar(path: &Path, entries: &[Entry], rewritten: &[Option<Vec<u8>>], level: i64) -> Result<u64, String> {
    let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut zip = ZipWriter::new(BufWriter::with_capacity(1 << 20, file));
    let opts = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(level));
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    for (e, new) in entries.iter().zip(rewritten) {
        if e.is_dir {
            zip.add_directory(e.name.as_str(), opts).map_err(|x| err(&x))?;
        } else {
            zip.start_file(e.name.as_str(), opts).map_err(|x| err(&x))?;
            zip.write_all(new.as_deref().unwrap_or(&e.data)).map_err(|x| err(&x))?;
        }
    }
    let mut w = zip.finish().map_err(|x| err(&x))?;
    w.flush().map_err(|x| err(&x))?;
    let file = w.into_inner().map_err(|x| err(&x.error()))?;
    Ok(file.metadata().map(|m| m.len()).unwrap_or(0))
}

struct PassStats {
    time: Duration,
    cpu: Duration,
    instrumented: u64,
    unchanged: u64,
    failed: u64,
    methods: u64,
    probes: u64,
    out_class_bytes: u64,
    reasons: BTreeMap<String, u64>,
}

fn rewrite_pass(mode: Mode, entries: &[Entry], next_id: &AtomicU32) -> (PassStats, Vec<Option<Vec<u8>>>) {
    let mut s = PassStats {
        time: Duration::ZERO,
        cpu: Duration::ZERO,
        instrumented: 0,
        unchanged: 0,
        failed: 0,
        methods: 0,
        probes: 0,
        out_class_bytes: 0,
        reasons: BTreeMap::new(),
    };
    let mut out = Vec::with_capacity(entries.len());
    let c = cpu_now();
    let t = Instant::now();
    for e in entries {
        if !e.is_class() {
            out.push(None);
            continue;
        }
        match rewrite(mode, &e.name, &e.data, next_id) {
            Rewritten::Instrumented { bytes, methods, probes } => {
                s.instrumented += 1;
                s.methods += u64::from(methods);
                s.probes += u64::from(probes);
                s.out_class_bytes += bytes.len() as u64;
                out.push(Some(bytes));
            }
            Rewritten::Unchanged(why) => {
                s.unchanged += 1;
                s.out_class_bytes += e.data.len() as u64;
                *s.reasons.entry(format!("unchanged: {why}")).or_default() += 1;
                out.push(None);
            }
            Rewritten::Failed(why) => {
                s.failed += 1;
                s.out_class_bytes += e.data.len() as u64;
                *s.reasons.entry(format!("failed: {why}")).or_default() += 1;
                out.push(None);
            }
        }
    }
    s.time = t.elapsed();
    s.cpu = cpu_now().saturating_sub(c);
    (s, out)
}

/// CPU time (user + system) of this process so far: the phases' CPU cost, which unlike wall
/// time does not grow when a shared machine is busy.
fn cpu_now() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn run_jar(args: &Args, jar: &Path, next_id: &AtomicU32) -> Result<(), String> {
    let file_name = jar.file_name().ok_or_else(|| format!("{}: not a file", jar.display()))?;
    let out_path = args.out.join(file_name);

    let c0 = cpu_now();
    let t0 = Instant::now();
    let entries = read_jar(jar)?;
    let t_read = t0.elapsed();
    let c_read = cpu_now().saturating_sub(c0);

    let classes = entries.iter().filter(|e| e.is_class()).count() as u64;
    let in_class_bytes: u64 = entries.iter().filter(|e| e.is_class()).map(|e| e.data.len() as u64).sum();

    let mut passes = Vec::with_capacity(args.passes);
    let mut rewritten = Vec::new();
    for _ in 0..args.passes {
        let (s, out) = rewrite_pass(args.mode, &entries, next_id);
        passes.push(s);
        rewritten = out;
    }

    let c1 = cpu_now();
    let t1 = Instant::now();
    let out_jar_bytes = write_jar(&out_path, &entries, &rewritten, args.level)?;
    let t_write = t1.elapsed();
    let c_write = cpu_now().saturating_sub(c1);
    // End to end with the first pass: what one `jacoco instrument` run does.
    let first = &passes[0];
    let t_total = t_read + first.time + t_write;
    let c_total = c_read + first.cpu + c_write;

    let mut times: Vec<Duration> = passes.iter().map(|p| p.time).collect();
    times.sort();
    let t_rewrite_median = times[times.len() / 2];

    let mb = in_class_bytes as f64 / 1e6;
    let name = file_name.to_string_lossy();
    println!(
        "{name} [{mode}]: {classes} classes, {mb:.2} MB of class bytes -> {:.2} MB ({:+.1}%); {} instrumented, {} unchanged, {} failed; {} methods, {} probes",
        first.out_class_bytes as f64 / 1e6,
        (first.out_class_bytes as f64 / in_class_bytes.max(1) as f64 - 1.0) * 100.0,
        first.instrumented,
        first.unchanged,
        first.failed,
        first.methods,
        first.probes,
        mode = args.mode.name(),
    );
    println!(
        "  read+inflate {:.1} ms | rewrite {:.1} ms (first pass; median of {} = {:.1} ms) | deflate+write {:.1} ms | total {:.1} ms",
        secs(t_read) * 1e3,
        secs(first.time) * 1e3,
        args.passes,
        secs(t_rewrite_median) * 1e3,
        secs(t_write) * 1e3,
        secs(t_total) * 1e3,
    );
    println!(
        "  CPU: read+inflate {:.1} ms | rewrite {:.1} ms (first pass) | deflate+write {:.1} ms | total {:.1} ms",
        secs(c_read) * 1e3,
        secs(first.cpu) * 1e3,
        secs(c_write) * 1e3,
        secs(c_total) * 1e3,
    );
    println!(
        "  end to end: {:.0} classes/s, {:.1} MB/s | rewrite only (median pass): {:.0} classes/s, {:.1} MB/s",
        classes as f64 / secs(t_total),
        mb / secs(t_total),
        classes as f64 / secs(t_rewrite_median),
        mb / secs(t_rewrite_median),
    );
    if args.verbose {
        for (why, n) in &first.reasons {
            println!("    {n:6} {why}");
        }
    }
    println!(
        "RESULT jar={name} mode={} classes={classes} instrumented={} unchanged={} failed={} methods={} probes={} \
         in_class_bytes={in_class_bytes} out_class_bytes={} out_jar_bytes={out_jar_bytes} read_s={:.6} \
         rewrite_first_s={:.6} rewrite_median_s={:.6} write_s={:.6} total_s={:.6} \
         read_cpu_s={:.6} rewrite_first_cpu_s={:.6} write_cpu_s={:.6} total_cpu_s={:.6}",
        args.mode.name(),
        first.instrumented,
        first.unchanged,
        first.failed,
        first.methods,
        first.probes,
        first.out_class_bytes,
        secs(t_read),
        secs(first.time),
        secs(t_rewrite_median),
        secs(t_write),
        secs(t_total),
        secs(c_read),
        secs(first.cpu),
        secs(c_write),
        secs(c_total),
    );
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("{}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    let next_id = AtomicU32::new(0);
    let mut ok = true;
    for jar in &args.jars {
        let run = if args.threads > 1 { parallel::run_jar } else { run_jar };
        if let Err(e) = run(&args, jar, &next_id) {
            eprintln!("error: {e}");
            ok = false;
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
