//! Coverage reports (JaCoCo XML, HTML, LCOV, through `jvmfuzz-coverage`) from the coverage-map
//! cells a set of executions covered: `fuzz coverage` replays inputs into them, a JUnit fuzz
//! run (embedded.rs) keeps what each campaign's feedback saw. A cell is a probe (an entry or a
//! branch arm), so a covered cell is a probe that fired at least once.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

pub struct Written {
    /// The per-counter summary table, as text.
    pub table: String,
    pub classes: usize,
}

/// Writes the reports of every instrumented class into `report`, counting the probes of
/// `cells` as covered.
pub fn write(
    cells: impl IntoIterator<Item = usize>,
    report: &Path,
    sources: &[PathBuf],
    session: &str,
) -> Result<Written> {
    let map = crate::coverage_map::map();
    let probes = map.probes_of_cells();
    let mut hits = vec![0u64; map.probes()];
    for c in cells {
        if let Some(Some(id)) = probes.get(c) {
            if let Some(h) = hits.get_mut(*id as usize) {
                *h = 1;
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut classes = Vec::new();
    for rec in jvmfuzz_runtime::classes() {
        if !seen.insert(rec.name.clone()) {
            continue;
        }
        let methods: Vec<jvmfuzz_coverage::MethodProbes<'_>> = rec
            .methods
            .iter()
            .map(|m| jvmfuzz_coverage::MethodProbes {
                name: &m.name,
                descriptor: &m.descriptor,
                first_probe: m.first_probe,
                probe_count: m.probe_count,
            })
            .collect();
        let input = jvmfuzz_coverage::ClassInput { bytes: &rec.original, methods: &methods };
        let count = |id: u32| hits.get(id as usize).copied().unwrap_or(0);
        match jvmfuzz_coverage::analyze_class_with(&input, &count, jvmfuzz_coverage::ProbeLayout::Full) {
            Ok(Some(c)) => classes.push(c),
            Ok(None) => {}
            Err(e) => crate::say!("coverage: {} not analysed: {e}", rec.name),
        }
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
    let cfg = jvmfuzz_coverage::report::ReportConfig {
        dir: report.to_path_buf(),
        formats: jvmfuzz_coverage::report::Formats::default(),
        sources: sources.to_vec(),
        name: "jvmfuzz".into(),
        sessions: vec![jvmfuzz_coverage::report::SessionInfo { id: session.to_string(), start_ms: now, dump_ms: now }],
    };
    let summary = jvmfuzz_coverage::report::write_reports(&cfg, &classes).context("cannot write the reports")?;
    Ok(Written { table: summary.table(), classes: classes.len() })
}
