//! Coverage reports: JaCoCo XML (`jacoco.xml`), browsable HTML (`index.html` + pages),
//! LCOV (`lcov.info`) and a terminal summary table.
//!
//! All writers take the same [`BundleCoverage`] (classes grouped into packages and source
//! files, see `coverage::bundle`) so their numbers agree with each other and with JaCoCo.

mod html;
mod lcov;
mod summary;
mod text;
mod xml;

use std::path::{Path, PathBuf};

use crate::{bundle, ClassCoverage};

pub use summary::{Summary, SummaryRow};

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

/// Which files to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Formats {
    pub xml: bool,
    pub html: bool,
    pub lcov: bool,
}

impl Default for Formats {
    fn default() -> Self {
        Formats { xml: true, html: true, lcov: true }
    }
}

/// One run of the profiled program (JaCoCo's `<sessioninfo>`); times in ms since the epoch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    pub id: String,
    pub start_ms: u64,
    pub dump_ms: u64,
}

#[derive(Debug, Clone)]
pub struct ReportConfig {
    /// Output directory (created if missing).
    pub dir: PathBuf,
    pub formats: Formats,
    /// Source roots: `root/<package>/<File>.java` (or `root/<File>.java`) is looked up for
    /// the HTML source view and the LCOV `SF:` paths.
    pub sources: Vec<PathBuf>,
    /// Report title (JaCoCo's report `name`, LCOV's `TN:`).
    pub name: String,
    pub sessions: Vec<SessionInfo>,
}

/// Writes the configured reports and returns the summary (also for printing).
///
/// The agent does this at VM death, on the profiled program's clock, so the three formats are
/// rendered and written side by side, on three threads.
pub fn write_reports(cfg: &ReportConfig, classes: &[ClassCoverage]) -> Result<Summary, ReportError> {
    // Coverage of inlined Kotlin code goes to the inline functions' classes first, as in
    // JaCoCo's CoverageBuilder (a copy only when there is any).
    let with_fragments: Vec<ClassCoverage>;
    let classes = if classes.iter().any(|c| !c.fragments.is_empty()) {
        let mut v = classes.to_vec();
        crate::fragments::apply(&mut v);
        with_fragments = v;
        &with_fragments
    } else {
        classes
    };
    let b = bundle(&cfg.name, classes);
    create_dir(&cfg.dir)?;
    std::thread::scope(|s| {
        let mut jobs: Vec<std::thread::ScopedJoinHandle<'_, Result<(), ReportError>>> = Vec::new();
        if cfg.formats.xml {
            jobs.push(s.spawn(|| write(&cfg.dir.join("jacoco.xml"), xml::render(&b, &cfg.sessions).as_bytes())));
        }
        if cfg.formats.lcov {
            jobs.push(s.spawn(|| write(&cfg.dir.join("lcov.info"), lcov::render(&b, &cfg.sources).as_bytes())));
        }
        // The HTML on this thread meanwhile: a page per package (and per source file found).
        let html = if cfg.formats.html { write_html(cfg, &b) } else { Ok(()) };
        // Every job is joined (so none outlives the scope) before the first error is returned.
        let results: Vec<Result<(), ReportError>> = jobs
            .into_iter()
            .map(|j| {
                j.join().unwrap_or_else(|_| {
                    Err(ReportError::Io {
                        path: cfg.dir.clone(),
                        source: std::io::Error::other("a report writer thread panicked"),
                    })
                })
            })
            .collect();
        std::iter::once(html).chain(results).collect::<Result<(), ReportError>>()
    })?;
    Ok(Summary::of(&b))
}

fn write_html(cfg: &ReportConfig, b: &crate::BundleCoverage<'_>) -> Result<(), ReportError> {
    let pages = html::render(b, &cfg.sources);
    // Few distinct directories: made once here, not per page.
    let dirs: std::collections::BTreeSet<&Path> = pages.iter().filter_map(|(rel, _)| rel.parent()).collect();
    for d in dirs {
        create_dir(&cfg.dir.join(d))?;
    }
    for (rel, page) in &pages {
        write(&cfg.dir.join(rel), page.as_bytes())?;
    }
    Ok(())
}

fn create_dir(p: &Path) -> Result<(), ReportError> {
    std::fs::create_dir_all(p).map_err(|source| ReportError::Io { path: p.to_path_buf(), source })
}

fn write(p: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    std::fs::write(p, bytes).map_err(|source| ReportError::Io { path: p.to_path_buf(), source })
}

/// Finds a source file under the configured roots: `root/pkg/File` first, then `root/File`.
pub(crate) fn find_source(sources: &[PathBuf], package: &str, file: &str) -> Option<PathBuf> {
    for root in sources {
        let with_pkg = if package.is_empty() { root.join(file) } else { root.join(package).join(file) };
        if with_pkg.is_file() {
            return Some(with_pkg);
        }
        let flat = root.join(file);
        if flat.is_file() {
            return Some(flat);
        }
    }
    None
}

#[cfg(test)]
mod tests;
