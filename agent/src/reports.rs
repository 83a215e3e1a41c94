//! The end of a profiling run: the coverage analysis of every loaded class (reusing the
//! background thread's where the fired probes are unchanged) and the report writer, set up for
//! the `counts=` mode the classes were rewritten in.

use std::sync::Arc;

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
    let (groups, mut notes) = analysis::group(classes);
    let t_analysis = std::time::Instant::now();
    let (results, reused) = analysis::analyse_all(&groups, hits, probe_layout(opts.counts), cache);
    let mut coverage = Vec::with_capacity(groups.len());
    for r in results {
        match r {
            Ok(Some(c)) => coverage.push(c),
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
    let summary = jvmfuzz_coverage::report::write_reports(&cfg, &coverage).map_err(|e| e.to_string())?;
    notes.push(format!(
        "analysed {} classes in {analysis_ms} ms ({reused} analysed during the run and unchanged since), wrote the reports in {} ms",
        groups.len(),
        t_reports.elapsed().as_millis()
    ));
    Ok((summary.table(), notes))
}
