//! `fuzz repro`, `fuzz minimize`, `fuzz cmin`: run inputs through the same [`Target`] as the
//! fuzzing loop, without the loop. A timeout ends the tool (Java cannot stop the stuck thread)
//! after reporting it.
//!
//! Why not LibAFL's components here:
//! - `minimize` is afl-tmin's deterministic block deletion, keyed on our finding id.
//!   `StdTMinMutationalStage` mutates at random and needs a whole fuzzer state, executor and
//!   feedback set up around one input. It gives no guarantee of reaching the minimum that
//!   block deletion reaches in a bounded number of runs.
//! - `cmin` is afl-cmin's greedy cover, smallest inputs first. LibAFL's `MapCorpusMinimizer`
//!   is behind its `cmin` feature, which builds the z3 solver from source: minutes of build
//!   time on CI for a tool that greedy cover serves.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::findings::finding_id;
use crate::harness::Failure;
use crate::target::{Jvm, Target, TargetConfig, TimedOut};

/// Starts the JVM (or attaches to the running one) and finds the harness. Errors are set-up
/// errors (exit status 2). `libfuzzer_output`: a timeout or memory stall is also printed in
/// libFuzzer's words.
pub fn start(jvm: Jvm, cfg: &TargetConfig, libfuzzer_output: bool) -> Result<Target> {
    Ok(Target::open(jvm, cfg, move |t: TimedOut| {
        let what = if t.failure.exception == "out-of-memory" { "OUT OF MEMORY" } else { "TIMEOUT" };
        println!("{what}: {} [id {}]\n{}", t.failure.message, finding_id(&t.failure), t.failure.stack_text);
        if libfuzzer_output {
            let kind = crate::findings::Kind::of_failure(&t.failure);
            crate::findings::print_libfuzzer_report(kind, &t.failure, &finding_id(&t.failure));
        }
        // The stuck thread cannot be stopped: report and leave, without running exit handlers
        // under a JVM's live threads (a test JVM this process did not create).
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        // SAFETY: ends the process at once; nothing after it runs.
        unsafe { libc::_exit(1) }
    })?)
}

/// Runs one input on a clear coverage map, so `cmin` reads what this input covered.
fn run(t: &Target, data: &[u8]) -> Result<Option<Failure>> {
    crate::coverage_map::map().reset();
    Ok(match t.run(data, false)? {
        crate::target::Outcome::Failed(f) => Some(f),
        _ => None,
    })
}

/// Runs each file; true if any fails.
pub fn repro(t: &Target, files: &[PathBuf], libfuzzer_output: bool) -> Result<bool> {
    let mut any = false;
    for f in files {
        let data = std::fs::read(f).with_context(|| format!("cannot read input {}", f.display()))?;
        if t.has_drivers() {
            // A driver finding decoded some values from the comparison values its run had
            // observed; this fresh JVM has none: the snapshot saved beside it stands in. An
            // input without one gets none, so each replay depends on its file only.
            let snapshot = f.parent().map(|d| d.join(crate::drivers::OBSERVED_FILE));
            let snapshot = snapshot.and_then(|p| std::fs::read_to_string(p).ok()).unwrap_or_default();
            let mut env = t.harness().env().map_err(|e| anyhow::anyhow!("{e}"))?;
            crate::drivers::load_observed(&mut env, &snapshot).map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        match run(t, &data)? {
            Some(fail) => {
                any = true;
                println!(
                    "REPRODUCED {}: {} ({}) at {} [id {}]",
                    f.display(),
                    fail.exception,
                    fail.message,
                    fail.top_frame(),
                    finding_id(&fail)
                );
                println!("{}", fail.stack_text);
                if libfuzzer_output {
                    let kind = crate::findings::Kind::of_failure(&fail);
                    crate::findings::print_libfuzzer_report(kind, &fail, &finding_id(&fail));
                }
            }
            None => println!("ok {}: no finding", f.display()),
        }
    }
    Ok(any)
}

/// Shrinks `file` while it fails with the same finding id (delta debugging on byte chunks).
pub fn minimize(t: &Target, file: &Path, out: &Path, runs: u64) -> Result<()> {
    let mut data = std::fs::read(file).with_context(|| format!("cannot read input {}", file.display()))?;
    let Some(first) = run(t, &data)? else {
        bail!("{} does not fail: nothing to minimise", file.display());
    };
    let id = finding_id(&first);
    let mut budget = runs;
    let mut chunk = (data.len() / 2).max(1);
    while chunk >= 1 && budget > 0 && !data.is_empty() {
        let mut i = 0;
        let mut progressed = false;
        while i < data.len() && budget > 0 {
            let end = (i + chunk).min(data.len());
            let mut cand = data[..i].to_vec();
            cand.extend_from_slice(&data[end..]);
            budget -= 1;
            if run(t, &cand)?.is_some_and(|f| finding_id(&f) == id) {
                data = cand;
                progressed = true;
            } else {
                i += chunk;
            }
        }
        if !progressed {
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }
    std::fs::write(out, &data).with_context(|| format!("cannot write {}", out.display()))?;
    println!(
        "minimized {} -> {} ({} bytes, finding {id}: {})",
        file.display(),
        out.display(),
        data.len(),
        first.exception
    );
    Ok(())
}

/// The inputs of a corpus folder, sorted: its files, but LibAFL's dot-named metadata.
fn inputs_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read corpus folder {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    v.sort();
    Ok(v)
}

/// Keeps, smallest first, each input that covers a probe no kept input covers. With `merge`
/// (libFuzzer's -merge=1), `out` may hold inputs already: they count as kept, and only inputs
/// that add coverage to theirs are copied in.
pub fn cmin(t: &Target, corpora: &[PathBuf], out: &Path, merge: bool) -> Result<(usize, usize)> {
    let inputs = |dir: &Path| -> Result<Vec<(u64, PathBuf)>> {
        Ok(inputs_in(dir)?.into_iter().map(|p| (std::fs::metadata(&p).map_or(0, |m| m.len()), p)).collect())
    };
    let mut files = Vec::new();
    for dir in corpora.iter().filter(|d| !(merge && d.as_path() == out)) {
        files.extend(inputs(dir)?);
    }
    files.sort();
    let existing = if merge && out.is_dir() { inputs(out)? } else { Vec::new() };
    if !merge && out.exists() && std::fs::read_dir(out).map(|mut d| d.next().is_some()).unwrap_or(true) {
        bail!("--out {} exists and is not empty: choose a new directory (or --merge to add to it)", out.display());
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut seen = std::collections::HashSet::new();
    for (_, f) in &existing {
        if run(t, &std::fs::read(f)?)?.is_none() {
            seen.extend(crate::coverage_map::map().covered());
        }
    }
    let mut kept = 0;
    for (_, f) in &files {
        let data = std::fs::read(f)?;
        if run(t, &data)?.is_some() {
            println!("skipping failing input {}", f.display());
            continue;
        }
        let cov = crate::coverage_map::map().covered();
        let before = seen.len();
        seen.extend(cov);
        if seen.len() > before {
            kept += 1;
            let mut name = f.file_name().map(PathBuf::from).unwrap_or_else(|| PathBuf::from(format!("input-{kept}")));
            if out.join(&name).exists() {
                // Two folders can hold files of the same name: the content names the copy.
                name = PathBuf::from(sha1_smol::Sha1::from(std::fs::read(f)?).digest().to_string());
            }
            std::fs::copy(f, out.join(name))?;
        }
    }
    println!("cmin: kept {kept} of {} inputs ({} probes covered) in {}", files.len(), seen.len(), out.display());
    Ok((kept, files.len()))
}

/// Runs every input (files, and the files of folders) and writes the probes they reached as
/// reports, through the profiler's analysis. The fuzzer's probes are its own plan's (entry and
/// branch arms, no flow probes), so lines around exceptions are approximate; branches exact.
/// What `--coverage-report` replays after a campaign: the corpus, the seed corpora, and the
/// findings' inputs but those that hang, exhaust memory or crash the JVM (replaying them would
/// end the replay).
pub fn campaign_inputs(corpus: &Path, seed_corpora: &[PathBuf], findings: &Path) -> Vec<PathBuf> {
    let mut inputs = vec![corpus.to_path_buf()];
    inputs.extend(seed_corpora.iter().cloned());
    if let (Ok(dirs), Ok(store)) = (std::fs::read_dir(findings), crate::findings::FindingStore::open(findings, 0.0)) {
        let replayable = |id: &str| {
            store
                .entry(id)
                .is_some_and(|e| !matches!(e.exception.as_str(), "timeout" | "out-of-memory" | "native crash"))
        };
        let mut found: Vec<PathBuf> = dirs
            .filter_map(|e| e.ok())
            .filter(|e| replayable(&e.file_name().to_string_lossy()))
            .map(|e| e.path().join("input"))
            .filter(|p| p.is_file())
            .collect();
        found.sort();
        inputs.extend(found);
    }
    inputs
}

pub fn coverage(t: &Target, inputs: &[PathBuf], report: &Path, sources: &[PathBuf]) -> Result<()> {
    let mut files = Vec::new();
    for i in inputs {
        if i.is_dir() {
            files.extend(inputs_in(i)?);
        } else if i.is_file() {
            files.push(i.clone());
        } else {
            bail!("{}: no such file or folder", i.display());
        }
    }
    let mut cells = std::collections::HashSet::new();
    let mut failing = 0usize;
    for f in &files {
        let data = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        if run(t, &data)?.is_some() {
            failing += 1;
        }
        cells.extend(crate::coverage_map::map().covered());
    }
    let summary = crate::reports::write(cells, report, sources, &format!("fuzz-coverage-{}", std::process::id()))?;
    let classes = summary.classes;
    print!("{}", summary.table);
    println!(
        "coverage: {} inputs ({failing} failing), {} classes, reports in {}",
        files.len(),
        classes,
        report.display()
    );
    Ok(())
}
