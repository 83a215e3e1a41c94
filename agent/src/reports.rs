//! The end of a profiling run: the coverage analysis of every loaded class (reusing the
//! background thread's where the fired probes are unchanged) and the report writer, set up for
//! the `counts=` mode the classes were rewritten in.

use std::sync::Arc;

use jvmfuzz_coverage::exec::{class_id, write_exec, ExecClass};
use jvmfuzz_coverage::report::{Formats, ReportConfig, SessionInfo};
use jvmfuzz_coverage::ProbeLayout;
use jvmfuzz_runtime::ClassRecord;

use crate::analysis::{self, AnalysisCache};
use crate::options::{AgentOptions, CountMode, ReportFormat};

/// The coverage analysis's name for the plan `jvmfuzz_jvm::load::profile::planner` makes for `mode`.
pub fn probe_layout(mode: CountMode) -> ProbeLayout {
    match mode {
        CountMode::Covered => ProbeLayout::JacocoReduced,
        CountMode::Jacoco => ProbeLayout::JacocoOnly,
        CountMode::Exact => ProbeLayout::Full,
    }
}

/// Writes the coverage reports; returns the terminal summary table and notes for verbose mode.
///
/// `cache` holds analyses the background thread made during the run (see `analysis`): those
/// of classes whose fired probes are unchanged are reused.
pub fn write_reports(
    opts: &AgentOptions,
    classes: &[Arc<ClassRecord>],
    hits: &[u64],
    session: &SessionInfo,
    cache: Option<&mut AnalysisCache>,
) -> Result<(String, Vec<String>), String> {
    // classfiles=: the classes never loaded join as records without probes (all missed).
    let loaded: std::collections::HashSet<&str> = classes.iter().map(|c| c.name.as_str()).collect();
    let (unloaded, mut file_notes) = crate::classfiles::never_loaded(&opts.classfiles, &opts.filter, &loaded);
    let all: Vec<Arc<ClassRecord>> = classes.iter().cloned().chain(unloaded).collect();
    let (groups, mut notes) = analysis::group(&all);
    notes.append(&mut file_notes);
    let t_analysis = std::time::Instant::now();
    let (results, reused) = analysis::analyse_all(&groups, hits, probe_layout(opts.counts), cache);
    let mut coverage = Vec::with_capacity(groups.len());
    // (class id, index into `coverage`) of the classes that go into the .exec file.
    let mut exec_ids = Vec::new();
    for (r, g) in results.into_iter().zip(&groups) {
        match r {
            Ok(Some(c)) => {
                // As JaCoCo's agent: a class none of whose probes ran (or with none) has no
                // entry; JaCoCo's report counts it as missed all the same.
                if opts.destfile.is_some() && c.jacoco_probes.as_ref().is_some_and(|p| p.contains(&true)) {
                    exec_ids.push((class_id(&g[0].original), coverage.len()));
                }
                coverage.push(c)
            }
            Ok(None) => {}
            Err(e) => notes.push(e),
        }
    }
    let analysis_ms = t_analysis.elapsed().as_millis();
    let cfg = ReportConfig {
        dir: opts.report_dir.clone(),
        formats: Formats {
            xml: opts.formats.contains(&ReportFormat::Xml),
            html: opts.formats.contains(&ReportFormat::Html),
            lcov: opts.formats.contains(&ReportFormat::Lcov),
        },
        sources: opts.sources.clone(),
        name: "jvmfuzz".to_string(),
        sessions: vec![session.clone()],
    };
    let t_reports = std::time::Instant::now();
    // The reports first: a destfile that cannot be written must not cost them.
    let reports = if opts.formats.is_empty() {
        Ok(String::new())
    } else {
        jvmfuzz_coverage::report::write_reports(&cfg, &coverage).map(|s| s.table()).map_err(|e| e.to_string())
    };
    if let Some(dest) = &opts.destfile {
        let classes: Vec<ExecClass<'_>> = exec_ids
            .iter()
            .filter_map(|&(id, i)| {
                let c = &coverage[i];
                Some(ExecClass { id, name: &c.name, probes: c.jacoco_probes.as_deref()? })
            })
            .collect();
        if let Err(e) = write_exec_file(dest, opts.append, session, &classes) {
            jvmfuzz_jvm::load::log(&format!("cannot write destfile {}: {e}", dest.display()));
        }
    }
    let table = reports?;
    notes.push(format!(
        "analysed {} classes in {analysis_ms} ms ({reused} analysed during the run and unchanged since), wrote the reports in {} ms",
        groups.len(),
        t_reports.elapsed().as_millis()
    ));
    Ok((table, notes))
}

/// JaCoCo's `destfile`: appended to (`append=true`, JaCoCo's default: a new header and session
/// after what is there, which JaCoCo's readers merge) or replaced.
fn write_exec_file(
    path: &std::path::Path,
    append: bool,
    session: &SessionInfo,
    classes: &[ExecClass<'_>],
) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let file = std::fs::OpenOptions::new().create(true).write(true).append(append).truncate(!append).open(path)?;
    let mut out = std::io::BufWriter::new(file);
    let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    write_exec(&mut out, &session.id, ms(session.start_ms), ms(session.dump_ms), classes)?;
    std::io::Write::flush(&mut out)
}
