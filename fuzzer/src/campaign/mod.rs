//! A campaign: the folder that holds `--corpus` (and, by default, `findings/`), seen across
//! every `fuzz` run on it. Three parts:
//! - [`stats_csv`]: `stats.csv` in that folder, one row per interval, appended by a LibAFL
//!   `Monitor` wrapped around the progress display (the monitor sees the aggregated client
//!   stats in whichever process runs it, and survives client restarts);
//! - [`resume`]: a run on a folder that already has `stats.csv` is the next *session* of the
//!   same campaign: its rows continue the time axis and the execution count;
//! - [`report`]: `report.html`, one self-contained page (inline SVG drawn here, no script)
//!   with the plots over time, the findings and per-class coverage; written at the end of every
//!   run and by `fuzz report DIR`.

pub mod jacoco_xml;
pub mod report;
pub mod resume;
pub mod stats_csv;
pub mod svg;

use std::path::{Path, PathBuf};

pub use resume::Campaign;
pub use stats_csv::{Recorder, Row, StatsCsv};

/// What can go wrong reading or writing a campaign's files.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A `stats.csv` this version cannot continue (another tool's file, a hand edit).
    #[error("{}:{line}: {msg}; move the file away to start a new campaign time line", path.display())]
    Stats { path: PathBuf, line: usize, msg: String },
    /// A wrong folder or file given on the command line.
    #[error("{0}")]
    Usage(String),
}

impl CampaignError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        CampaignError::Io { path: path.to_path_buf(), source }
    }
}

/// The name of the stats file in the campaign folder.
pub const STATS_FILE: &str = "stats.csv";
/// The name of the report in the campaign folder.
pub const REPORT_FILE: &str = "report.html";

/// The campaign folder of `corpus`: its parent (`corpus` itself when it has none, `/`).
pub fn dir_of_corpus(corpus: &Path) -> PathBuf {
    let abs = std::fs::canonicalize(corpus).unwrap_or_else(|_| corpus.to_path_buf());
    match abs.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Bug findings in `findings/summary.json` (contract exceptions of generated drivers are
/// recorded there but are not findings). None when the file is absent or unreadable.
pub fn count_findings(findings: &Path) -> Option<u64> {
    let bytes = std::fs::read(findings.join("summary.json")).ok()?;
    let entries: Vec<crate::findings::SummaryEntry> = serde_json::from_slice(&bytes).ok()?;
    Some(entries.iter().filter(|e| e.kind != "contract").count() as u64)
}

/// Seconds since the Unix epoch, as the CSV's `unix_time` and a file's modification time.
pub(crate) fn unix_now() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_campaign_folder_is_the_corpus_parent() {
        let base = std::env::temp_dir().join(format!("jvmfuzz-campaign-dir-{}", std::process::id()));
        let corpus = base.join("corpus");
        std::fs::create_dir_all(&corpus).unwrap();
        let dir = dir_of_corpus(&corpus);
        assert_eq!(dir, std::fs::canonicalize(&base).unwrap());
        assert_eq!(dir_of_corpus(Path::new("/")), PathBuf::from("."));
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn contract_exceptions_are_not_counted_as_findings() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-campaign-count-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(count_findings(&dir), None);
        let json = r#"[{"id":"a","exception":"E","message":"","top_frame":"","input":"","reproducer":"",
            "first_seen_secs":1.0,"execs":5,"kind":"bug"},
           {"id":"b","exception":"F","message":"","top_frame":"","input":"","reproducer":"",
            "first_seen_secs":2.0,"execs":9,"kind":"contract","reason":"declared"}]"#;
        std::fs::write(dir.join("summary.json"), json).unwrap();
        assert_eq!(count_findings(&dir), Some(1));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
