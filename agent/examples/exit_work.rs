//! Times the agent's exit work (coverage analysis and report writing) outside a JVM, on the
//! classes of a directory tree, so it can be profiled on its own.
//!
//!     cargo run --release -p jvmfuzz-agent --example exit_work -- CLASSDIR REPORTDIR [REPS]
//!
//! Every `.class` file under CLASSDIR is instrumented the way the class-load hook does; every
//! other probe counts as hit. The exit work then runs REPS times (default 5) through the same
//! function the agent calls at VM death, each into a fresh REPORTDIR.
//!
//! `JVMFUZZ_COUNTS=MODE` instruments and analyses as the agent option `counts=MODE` does
//! (default `covered`). `JVMFUZZ_SOURCES=DIR:DIR` is the agent option `sources=`, so the HTML
//! source pages are written (and timed) too.
//!
//! With `JVMFUZZ_DUMP_CLASSES=DIR` the rewritten classes are also written under DIR (same
//! relative paths; unchanged classes as they were), with the holder classes of the field probes
//! under DIR/com/jvmfuzz/shim. Put DIR first on a class path and the shim jar on the boot class
//! path, and a program runs the agent's probes with no agent at all: the JVM-side cost of the
//! rewritten code, apart from the hook and the exit work.
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use jvmfuzz_agent::options::AgentOptions;
use jvmfuzz_agent::reports::write_reports;
use jvmfuzz_coverage::report::SessionInfo;
use jvmfuzz_instrument::probe_fields;
use jvmfuzz_jvm::load::profile::{instrument_one_as, Rewritten};

fn class_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            class_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "class") {
            out.push(p);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: exit_work CLASSDIR REPORTDIR [REPS]");
        std::process::exit(2);
    }
    let (root, report) = (PathBuf::from(&args[1]), PathBuf::from(&args[2]));
    let reps: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(5);
    let mut files = Vec::new();
    class_files(&root, &mut files);
    files.sort();
    let dump = std::env::var_os("JVMFUZZ_DUMP_CLASSES").map(PathBuf::from);
    let counts = std::env::var("JVMFUZZ_COUNTS").unwrap_or_else(|_| "covered".into());
    let sources = std::env::var("JVMFUZZ_SOURCES").map(|s| format!(",sources={s}")).unwrap_or_default();
    let opts = match AgentOptions::parse(Some(&format!("report={},verbose,counts={counts}{sources}", report.display())))
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("JVMFUZZ_COUNTS or JVMFUZZ_SOURCES: {e}");
            std::process::exit(2);
        }
    };
    let mut records = Vec::new();
    let mut rewritten: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let t_hook = Instant::now();
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else { continue };
        let rel = f.strip_prefix(&root).unwrap_or(f).to_path_buf();
        let name = rel.with_extension("").display().to_string();
        match instrument_one_as(&name, &bytes, opts.counts) {
            Rewritten::Instrumented { record, bytes: new, .. } => {
                records.push(Arc::new(record));
                if dump.is_some() {
                    rewritten.push((rel, new));
                }
            }
            Rewritten::Skipped { record, .. } => {
                if let Some(record) = record {
                    records.push(Arc::new(record));
                }
                if dump.is_some() {
                    rewritten.push((rel, bytes));
                }
            }
        }
    }
    let hook = t_hook.elapsed();
    if dump.is_some() {
        let end = records.iter().map(|r| u64::from(r.first_probe) + r.probe_count()).max().unwrap_or(0);
        for k in 0..probe_fields::holders_below(end) {
            rewritten.push((
                PathBuf::from(format!("{}.class", probe_fields::holder_name(k))),
                probe_fields::holder_class(k),
            ));
        }
    }
    if let Some(dir) = &dump {
        for (rel, bytes) in &rewritten {
            let out = dir.join(rel);
            let written =
                out.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&out, bytes));
            if let Err(e) = written {
                eprintln!("cannot write {}: {e}", out.display());
                std::process::exit(1);
            }
        }
        eprintln!("wrote {} classes under {}", rewritten.len(), dir.display());
    }
    let probes: u64 = records.iter().map(|r| r.probe_count()).sum();
    let max_id = records.iter().map(|r| u64::from(r.first_probe) + r.probe_count()).max().unwrap_or(0);
    let hits: Vec<u64> = (0..max_id).map(|i| i % 2).collect();
    eprintln!("{} classes, {probes} probes; instrumented (read + rewrite) in {} ms", records.len(), hook.as_millis());
    let session = SessionInfo { id: "exit-work".into(), start_ms: 0, dump_ms: 0 };
    for _ in 0..reps {
        let _ = std::fs::remove_dir_all(&report);
        let t = Instant::now();
        match write_reports(&opts, &records, &hits, &session, None) {
            Ok((_, notes)) => eprintln!("{} ms ({})", t.elapsed().as_millis(), notes.last().map_or("", |s| s.as_str())),
            Err(e) => eprintln!("error: {e}"),
        }
    }
}
