//! `report.html`: one self-contained page about a campaign folder, written at the end of every
//! `fuzz` run and by `fuzz report DIR`. It reads only files: `stats.csv` (plots of coverage,
//! exec/s and corpus over campaign time, sessions marked), `findings/summary.json` with each
//! finding's `stack.txt` (the findings table), and a JaCoCo XML report if the campaign has one
//! (per-class coverage). Inline CSS and SVG only: no script, no network, so it opens from disk
//! anywhere and a test can check it as text or in a browser.
//!
//! A finding's time on the campaign axis: `summary.json` has the seconds since the start of
//! the session that found it (`first_seen_secs`); the session is the last one that had started
//! when the finding's `input` file was written (its modification time against the sessions'
//! wall-clock starts, from the `unix_time` column), and that session's time offset is added.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::jacoco_xml::{self, ClassCoverage, Counter};
use super::stats_csv::{self, Row};
use super::svg::{self, esc, Marker, Plot, Series};
use super::{CampaignError, REPORT_FILE, STATS_FILE};
use crate::findings::SummaryEntry;

/// What to read and where to write.
#[derive(Debug, Clone)]
pub struct ReportOptions {
    /// The campaign folder (holding `stats.csv`; the corpus's parent).
    pub dir: PathBuf,
    pub findings: PathBuf,
    /// A JaCoCo XML file or a folder holding `jacoco.xml`; None: the newest `DIR/*/jacoco.xml`.
    pub coverage: Option<PathBuf>,
    pub out: PathBuf,
}

impl ReportOptions {
    /// The defaults of `fuzz report DIR`.
    pub fn for_dir(dir: &Path) -> ReportOptions {
        ReportOptions {
            dir: dir.to_path_buf(),
            findings: dir.join("findings"),
            coverage: None,
            out: dir.join(REPORT_FILE),
        }
    }
}

/// What was written.
#[derive(Debug, Clone)]
pub struct Written {
    pub path: PathBuf,
    pub rows: usize,
    pub sessions: usize,
    pub findings: usize,
    /// Classes in the coverage table, or None without a coverage report.
    pub classes: Option<usize>,
}

/// Checks the folders, gathers the campaign and writes the page.
pub fn write(opts: &ReportOptions) -> Result<Written, CampaignError> {
    if !opts.dir.is_dir() {
        return Err(CampaignError::Usage(format!(
            "{}: no such folder (give the campaign folder: the one holding the corpus folder and stats.csv)",
            opts.dir.display()
        )));
    }
    let stats = opts.dir.join(STATS_FILE);
    let summary = opts.findings.join("summary.json");
    if !stats.is_file() && !summary.is_file() {
        return Err(CampaignError::Usage(format!(
            "{}: not a campaign folder: no {STATS_FILE} (fuzz writes it next to --corpus) and no {} (give --findings if the findings are elsewhere)",
            opts.dir.display(),
            summary.display()
        )));
    }
    let coverage_file = find_coverage(&opts.dir, opts.coverage.as_deref())?;
    let campaign = Gathered::read(opts, coverage_file)?;
    let html = campaign.render();
    let tmp = opts.out.with_extension(format!("html.tmp{}", std::process::id()));
    std::fs::write(&tmp, html).map_err(|e| CampaignError::io(&tmp, e))?;
    std::fs::rename(&tmp, &opts.out).map_err(|e| CampaignError::io(&opts.out, e))?;
    Ok(Written {
        path: opts.out.clone(),
        rows: campaign.rows.len(),
        sessions: campaign.sessions.len(),
        findings: campaign.findings.len(),
        classes: campaign.coverage.as_ref().and_then(|c| c.classes.as_ref().ok()).map(Vec::len),
    })
}

/// The coverage XML: the one given (a file, or a folder with `jacoco.xml`), else the newest
/// `jacoco.xml` in the campaign folder or one level below (`--coverage-report DIR/coverage`).
fn find_coverage(dir: &Path, explicit: Option<&Path>) -> Result<Option<PathBuf>, CampaignError> {
    if let Some(p) = explicit {
        let file = if p.is_dir() { p.join("jacoco.xml") } else { p.to_path_buf() };
        if !file.is_file() {
            return Err(CampaignError::Usage(format!(
                "--coverage {}: no such file (give a JaCoCo XML file or the folder --coverage-report wrote)",
                file.display()
            )));
        }
        return Ok(Some(file));
    }
    let mut candidates = vec![dir.join("jacoco.xml")];
    if let Ok(entries) = std::fs::read_dir(dir) {
        candidates.extend(entries.filter_map(Result::ok).map(|e| e.path().join("jacoco.xml")));
    }
    Ok(candidates
        .into_iter()
        .filter_map(|p| Some((std::fs::metadata(&p).ok().filter(|m| m.is_file())?.modified().ok()?, p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p))
}

/// One session's span on both clocks.
#[derive(Debug, Clone, PartialEq)]
struct Span {
    number: u32,
    /// Campaign time and wall clock at the session's start.
    t0: f64,
    u0: f64,
    t_end: f64,
    execs0: u64,
    execs_end: u64,
}

fn spans(rows: &[Row]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    for r in rows {
        match out.last_mut() {
            Some(s) if s.number == r.session => {
                s.t_end = s.t_end.max(r.time_s);
                s.execs_end = s.execs_end.max(r.execs);
            }
            _ => {
                let (t0, execs0) = out.last().map_or((0.0, 0), |p| (p.t_end, p.execs_end));
                out.push(Span {
                    number: r.session,
                    t0,
                    u0: r.unix_time - (r.time_s - t0).max(0.0),
                    t_end: r.time_s,
                    execs0,
                    execs_end: r.execs,
                });
            }
        }
    }
    out
}

/// A finding as the page shows it.
struct Finding {
    entry: SummaryEntry,
    /// Campaign time it was first seen, and the session (None: not placed on the time line).
    at: f64,
    session: Option<u32>,
    stack: Option<String>,
}

/// The campaign time of a finding first seen `first_seen_secs` into the session that was
/// running at wall-clock `written` (see the module comment).
fn place(first_seen_secs: f64, written: Option<f64>, spans: &[Span]) -> (f64, Option<u32>) {
    // A second of slack: the input file and the session's first row are written moments apart.
    match written.and_then(|u| spans.iter().rev().find(|s| s.u0 <= u + 1.0)) {
        Some(s) => (s.t0 + first_seen_secs, Some(s.number)),
        None => (first_seen_secs, None),
    }
}

struct Coverage {
    file: PathBuf,
    classes: Result<Vec<ClassCoverage>, String>,
}

struct Gathered {
    dir: PathBuf,
    findings_dir: PathBuf,
    out: PathBuf,
    rows: Vec<Row>,
    sessions: Vec<Span>,
    findings: Vec<Finding>,
    findings_note: Option<String>,
    coverage: Option<Coverage>,
}

/// Longest stack shown per finding (the whole one is in its folder).
const STACK_LINES: usize = 120;

impl Gathered {
    fn read(opts: &ReportOptions, coverage_file: Option<PathBuf>) -> Result<Gathered, CampaignError> {
        let rows = stats_csv::read(&opts.dir.join(STATS_FILE))?;
        let sessions = spans(&rows);
        let summary = opts.findings.join("summary.json");
        let (entries, findings_note) = match std::fs::read(&summary) {
            Ok(b) => match serde_json::from_slice::<Vec<SummaryEntry>>(&b) {
                Ok(v) => (v, None),
                Err(e) => (Vec::new(), Some(format!("{} could not be read: {e}", summary.display()))),
            },
            Err(_) => (Vec::new(), None),
        };
        let mut findings: Vec<Finding> = entries
            .into_iter()
            .map(|entry| {
                let folder = opts.findings.join(&entry.id);
                let written = std::fs::metadata(folder.join("input"))
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map(|d| d.as_secs_f64());
                let (at, session) = place(entry.first_seen_secs, written, &sessions);
                let stack = std::fs::read_to_string(folder.join("stack.txt")).ok().map(|s| {
                    let lines: Vec<&str> = s.lines().collect();
                    let mut text = lines.iter().take(STACK_LINES).copied().collect::<Vec<_>>().join("\n");
                    if lines.len() > STACK_LINES {
                        let _ = write!(text, "\n... {} more lines in stack.txt", lines.len() - STACK_LINES);
                    }
                    text
                });
                Finding { entry, at, session, stack }
            })
            .collect();
        findings.sort_by(|a, b| a.at.total_cmp(&b.at));
        let coverage = coverage_file.map(|file| {
            let classes = jacoco_xml::read(&file).map_err(|e| e.to_string());
            Coverage { file, classes }
        });
        Ok(Gathered {
            dir: opts.dir.clone(),
            findings_dir: opts.findings.clone(),
            out: opts.out.clone(),
            rows,
            sessions,
            findings,
            findings_note,
            coverage,
        })
    }

    /// A line per session of `value`'s figures.
    fn series(&self, name: &str, color: &'static str, value: impl Fn(&Row) -> Option<f64>) -> Series {
        let mut segments: Vec<Vec<(f64, f64)>> = Vec::new();
        let mut session = None;
        for r in &self.rows {
            if session != Some(r.session) {
                session = Some(r.session);
                segments.push(Vec::new());
            }
            if let (Some(v), Some(seg)) = (value(r), segments.last_mut()) {
                seg.push((r.time_s, v));
            }
        }
        segments.retain(|s| !s.is_empty());
        Series { name: name.to_string(), color, segments }
    }

    fn plot(&self, id: &str, title: &str, y_label: &str, series: Vec<Series>, markers: bool) -> String {
        let markers = if markers {
            self.findings
                .iter()
                .filter(|f| f.entry.kind != "contract")
                .map(|f| Marker {
                    x: f.at,
                    label: format!("{} {} at {}", f.entry.id, f.entry.exception, svg::duration(f.at)),
                    color: "#c62828",
                })
                .collect()
        } else {
            Vec::new()
        };
        Plot {
            id: id.into(),
            title: title.into(),
            y_label: y_label.into(),
            series,
            sessions: self.sessions.iter().skip(1).map(|s| (s.t0, s.number)).collect(),
            markers,
        }
        .render()
    }

    /// A path for a link from the page to `p`: relative when under the page's folder (the
    /// campaign folder moves as a whole), else absolute.
    fn href(&self, p: &Path) -> String {
        let canon = |q: &Path| std::fs::canonicalize(q).unwrap_or_else(|_| q.to_path_buf());
        let base = canon(match self.out.parent() {
            Some(b) if !b.as_os_str().is_empty() => b,
            _ => Path::new("."),
        });
        let p = canon(p);
        let rel = p.strip_prefix(&base).map(Path::to_path_buf).unwrap_or(p);
        rel.display().to_string().split('/').map(percent).collect::<Vec<_>>().join("/")
    }

    fn render(&self) -> String {
        let mut o = String::with_capacity(64 << 10);
        let title = format!("jvmfuzz campaign: {}", self.dir.display());
        let _ = writeln!(
            o,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{}</title><style>{STYLE}</style></head><body>",
            esc(&title)
        );
        let _ = writeln!(
            o,
            "<h1>jvmfuzz campaign</h1><p class=\"meta\"><code>{}</code> &middot; report written {}</p>",
            esc(&self.dir.display().to_string()),
            utc(super::unix_now())
        );
        self.summary(&mut o);
        o.push_str("<section id=\"over-time\"><h2>Over time</h2>\n");
        if self.rows.is_empty() {
            let _ = write!(o, "<p class=\"note\">No rows in {STATS_FILE} yet: the plots are empty.</p>");
        }
        o.push_str(&self.plot(
            "coverage",
            "Coverage (edges: probes covered); findings marked",
            "edges",
            vec![self.series("edges", "#1565c0", |r| r.edges.map(|v| v as f64))],
            true,
        ));
        if self.rows.iter().any(|r| r.kpaths.is_some()) {
            o.push_str(&self.plot(
                "kpaths",
                "Grammar k-paths covered",
                "k-paths",
                vec![self.series("k-paths", "#6a1b9a", |r| r.kpaths.map(|v| v as f64))],
                false,
            ));
        }
        o.push_str(&self.plot(
            "execs",
            "Executions per second",
            "exec/s",
            vec![self.series("exec/s", "#2e7d32", |r| Some(r.execs_per_s))],
            false,
        ));
        o.push_str(&self.plot(
            "corpus",
            "Corpus size",
            "entries",
            vec![self.series("corpus", "#ef6c00", |r| Some(r.corpus as f64))],
            false,
        ));
        o.push_str("</section>\n");
        self.findings_section(&mut o);
        self.coverage_section(&mut o);
        o.push_str("</body></html>\n");
        o
    }

    fn summary(&self, o: &mut String) {
        let last = self.rows.last();
        let bugs = self.findings.iter().filter(|f| f.entry.kind != "contract").count();
        let contracts = self.findings.len() - bugs;
        o.push_str("<section id=\"summary\"><table class=\"kv\">");
        let mut kv = |k: &str, v: String| {
            let _ = write!(o, "<tr><th>{}</th><td>{}</td></tr>", esc(k), v);
        };
        kv("Campaign time", last.map_or("-".into(), |r| svg::duration(r.time_s)));
        kv("Sessions", self.sessions.len().to_string());
        kv("Executions", last.map_or("-".into(), |r| group(r.execs)));
        kv("Corpus", last.map_or("-".into(), |r| group(r.corpus)));
        let edges = self.rows.iter().rev().find_map(|r| r.edges.map(|e| (e, r.probes)));
        kv(
            "Edges",
            edges.map_or("-".into(), |(e, p)| match p {
                Some(p) => format!("{} of {} probes instrumented", group(e), group(p)),
                None => group(e),
            }),
        );
        if let Some(r) = self.rows.iter().rev().find(|r| r.kpaths.is_some()) {
            kv(
                "k-paths",
                format!("{} of {}", group(r.kpaths.unwrap_or(0)), r.kpaths_possible.map_or("?".into(), group)),
            );
        }
        kv(
            "Findings",
            if contracts > 0 { format!("{bugs} (and {contracts} contract exceptions)") } else { bugs.to_string() },
        );
        o.push_str("</table>");
        if !self.sessions.is_empty() {
            o.push_str("<table id=\"sessions\"><thead><tr><th>Session</th><th>Started (UTC)</th><th>Campaign time</th><th>Executions</th></tr></thead><tbody>");
            for s in &self.sessions {
                let _ = write!(
                    o,
                    "<tr><td>{}</td><td>{}</td><td>{} &ndash; {}</td><td>{} &ndash; {}</td></tr>",
                    s.number,
                    utc(s.u0),
                    svg::duration(s.t0),
                    svg::duration(s.t_end),
                    group(s.execs0),
                    group(s.execs_end)
                );
            }
            o.push_str("</tbody></table>");
        }
        o.push_str("</section>\n");
    }

    fn findings_section(&self, o: &mut String) {
        let _ = writeln!(o, "<section id=\"findings-section\"><h2>Findings ({})</h2>", self.findings.len());
        if let Some(n) = &self.findings_note {
            let _ = write!(o, "<p class=\"note\">{}</p>", esc(n));
        }
        if self.findings.is_empty() {
            let _ = writeln!(
                o,
                "<p class=\"note\" id=\"no-findings\">No findings in <code>{}</code>.</p></section>",
                esc(&self.findings_dir.display().to_string())
            );
            return;
        }
        o.push_str("<table id=\"findings\"><thead><tr><th>Id</th><th>Exception</th><th>Message</th><th>Kind</th><th>First seen</th><th>Stack</th></tr></thead><tbody>\n");
        for f in &self.findings {
            let e = &f.entry;
            let folder = self.findings_dir.join(&e.id);
            let mut kind = esc(&e.kind);
            if let Some(d) = &e.detector {
                let _ = write!(kind, "<br><span class=\"sub\">{}", esc(d));
                if let (Some(s), Some(c)) = (&e.severity, &e.cwe) {
                    let _ = write!(kind, ", {}, {}", esc(s), esc(c));
                }
                kind.push_str("</span>");
            }
            if let Some(r) = &e.reason {
                let _ = write!(kind, "<br><span class=\"sub\">{}</span>", esc(r));
            }
            let when = match f.session {
                Some(s) => format!(
                    "{}<br><span class=\"sub\">session {s}, {} execs</span>",
                    svg::duration(f.at),
                    group(e.execs)
                ),
                None => format!("{}<br><span class=\"sub\">{} execs</span>", svg::duration(f.at), group(e.execs)),
            };
            let stack = match &f.stack {
                Some(s) => format!("<details><summary>{}</summary><pre>{}</pre></details>", esc(&e.top_frame), esc(s)),
                None => format!("{} <span class=\"sub\">(no stack.txt)</span>", esc(&e.top_frame)),
            };
            let _ = writeln!(
                o,
                "<tr class=\"finding kind-{}\"><td><a href=\"{}\"><code>{}</code></a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&e.kind),
                esc(&self.href(&folder)),
                esc(&e.id),
                esc(&e.exception),
                esc(&shorten(&e.message, 300)),
                kind,
                when,
                stack
            );
        }
        o.push_str("</tbody></table></section>\n");
    }

    fn coverage_section(&self, o: &mut String) {
        o.push_str("<section id=\"coverage-section\"><h2>Per-class coverage</h2>\n");
        let Some(c) = &self.coverage else {
            o.push_str("<p class=\"note\" id=\"coverage-absent\">No coverage report in this campaign folder. Run <code>fuzz</code> with <code>--coverage-report DIR/coverage</code> (or <code>fuzz coverage --report DIR/coverage DIR/corpus</code>), then <code>fuzz report DIR</code>.</p></section>\n");
            return;
        };
        let _ = write!(
            o,
            "<p class=\"meta\">From <a href=\"{}\"><code>{}</code></a> (the corpus and findings replayed; JaCoCo counters).</p>",
            esc(&self.href(&c.file)),
            esc(&c.file.display().to_string())
        );
        let classes = match &c.classes {
            Ok(v) => v,
            Err(e) => {
                let _ = writeln!(o, "<p class=\"note\" id=\"coverage-absent\">{}</p></section>", esc(e));
                return;
            }
        };
        let mut sorted: Vec<&ClassCoverage> = classes.iter().collect();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        let mut total = ClassCoverage { name: "Total".into(), ..ClassCoverage::default() };
        for k in &sorted {
            for (sum, v) in [
                (&mut total.instructions, k.instructions),
                (&mut total.branches, k.branches),
                (&mut total.lines, k.lines),
                (&mut total.methods, k.methods),
            ] {
                sum.missed += v.missed;
                sum.covered += v.covered;
            }
        }
        o.push_str("<table id=\"classes\"><thead><tr><th>Class</th><th>Instructions</th><th>Branches</th><th>Lines</th><th>Methods</th></tr></thead><tbody>\n");
        for k in &sorted {
            class_row(o, k, "class");
        }
        o.push_str("</tbody><tfoot>");
        class_row(o, &total, "total");
        o.push_str("</tfoot></table></section>\n");
    }
}

fn class_row(o: &mut String, c: &ClassCoverage, class: &str) {
    let _ = writeln!(
        o,
        "<tr class=\"{class}\"><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        esc(&c.name),
        cell(c.instructions, true),
        cell(c.branches, false),
        cell(c.lines, false),
        cell(c.methods, false)
    );
}

/// `covered/total` with a bar (or `-` when there is nothing to count).
fn cell(c: Counter, bar: bool) -> String {
    if c.total() == 0 {
        return "<span class=\"sub\">-</span>".into();
    }
    let pct = c.covered as f64 * 100.0 / c.total() as f64;
    let mut s = String::new();
    if bar {
        let _ = write!(
            s,
            "<svg class=\"bar\" width=\"80\" height=\"10\" viewBox=\"0 0 80 10\"><rect width=\"80\" height=\"10\" fill=\"#e57373\"/><rect width=\"{:.1}\" height=\"10\" fill=\"#66bb6a\"/></svg> ",
            pct * 0.8
        );
    }
    let _ = write!(s, "{pct:.0}% <span class=\"sub\">{}/{}</span>", group(c.covered), group(c.total()));
    s
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max).collect();
    t.push('…');
    t
}

/// `1234567` -> `1,234,567`.
fn group(n: u64) -> String {
    let s = n.to_string();
    let mut o = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            o.push(',');
        }
        o.push(c);
    }
    o
}

/// A path segment for an `href`: everything but unreserved characters percent-encoded.
fn percent(seg: &str) -> String {
    let mut o = String::new();
    for b in seg.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            o.push(b as char);
        } else {
            let _ = write!(o, "%{b:02X}");
        }
    }
    o
}

/// Unix seconds as `YYYY-MM-DD HH:MM:SS` UTC (days to civil date: H. Hinnant's algorithm).
pub fn utc(unix: f64) -> String {
    let secs = unix.max(0.0) as i64;
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", rem / 3600, (rem % 3600) / 60, rem % 60)
}

const STYLE: &str = "\
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#212121}\
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}\
.meta,.sub{color:#666;font-size:12px}.note{background:#fff8e1;border:1px solid #ffe082;padding:8px 12px;border-radius:4px}\
table{border-collapse:collapse;margin:8px 0}th,td{text-align:left;padding:4px 10px;border-bottom:1px solid #eee;vertical-align:top}\
thead th{background:#f5f5f5}table.kv th{font-weight:600;color:#555;width:160px}#sessions{margin-top:12px}\
tfoot td{font-weight:600;border-top:2px solid #ccc}tr.kind-contract{color:#777}\
code{font:12px/1.4 'DejaVu Sans Mono',Menlo,Consolas,monospace}pre{font:11px/1.35 'DejaVu Sans Mono',Menlo,Consolas,monospace;\
white-space:pre-wrap;max-width:520px;max-height:320px;overflow:auto;background:#fafafa;border:1px solid #eee;padding:6px;margin:4px 0}\
details summary{cursor:pointer;font:12px 'DejaVu Sans Mono',monospace}\
svg.plot{display:block;margin:10px 0 18px;background:#fff;border:1px solid #e0e0e0;border-radius:4px;max-width:100%;height:auto}\
svg.plot .title{font-size:13px;font-weight:600;fill:#333}svg.plot .tick,svg.plot .legend{font-size:11px;fill:#555}\
svg.plot .axis{font-size:11px;fill:#777}svg.plot .grid{stroke:#eee;stroke-width:1}svg.plot .frame{fill:none;stroke:#bbb}\
svg.plot .line{fill:none;stroke-width:2;stroke-linejoin:round}svg.plot .session line{stroke:#888;stroke-dasharray:4 3}\
svg.plot .session text{font-size:10px;fill:#666}svg.plot .marker line{stroke-width:1;stroke-dasharray:2 2}\
svg.plot .empty{font-size:13px;fill:#999}svg.bar{vertical-align:middle}\
";

#[cfg(test)]
mod tests {
    use super::*;

    fn row(session: u32, unix: f64, time_s: f64, execs: u64, edges: u64) -> Row {
        Row {
            session,
            unix_time: unix,
            time_s,
            execs,
            execs_per_s: 1000.0,
            corpus: edges / 2,
            edges: Some(edges),
            probes: Some(100),
            ..Row::default()
        }
    }

    #[test]
    fn sessions_are_spans_on_both_clocks() {
        // Session 2 began an hour after session 1 ended, and continues its time line.
        let rows = [row(1, 1000.0, 0.5, 0, 1), row(1, 1030.0, 30.5, 900, 9), row(2, 4600.5, 31.0, 900, 2)];
        let s = spans(&rows);
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].t0, s[0].u0, s[0].t_end), (0.0, 999.5, 30.5));
        assert_eq!((s[1].number, s[1].t0, s[1].u0, s[1].execs0), (2, 30.5, 4600.0, 900));
        // A finding written during session 2, 3 s into it.
        assert_eq!(place(3.0, Some(4603.0), &s), (33.5, Some(2)));
        assert_eq!(place(3.0, Some(1003.0), &s), (3.0, Some(1)));
        assert_eq!(place(3.0, None, &s), (3.0, None));
        assert_eq!(place(3.0, Some(10.0), &s), (3.0, None), "older than every session");
    }

    #[test]
    fn numbers_dates_and_links_are_formatted() {
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(group(12), "12");
        assert_eq!(utc(0.0), "1970-01-01 00:00:00");
        assert_eq!(utc(1_764_145_800.0), "2025-11-26 08:30:00");
        assert_eq!(percent("a b$c"), "a%20b%24c");
        assert_eq!(shorten("abcdef", 3), "abc…");
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-report-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_campaign_folder_becomes_one_page() {
        let d = scratch("page");
        for r in [row(1, 1000.0, 0.5, 0, 3), row(1, 1010.0, 10.5, 5000, 12), row(2, 9000.0, 11.0, 5000, 4)] {
            stats_csv::append(&d.join(STATS_FILE), &r).unwrap();
        }
        let f = d.join("findings");
        std::fs::create_dir_all(f.join("00aa")).unwrap();
        std::fs::write(f.join("00aa/input"), b"x").unwrap();
        std::fs::write(f.join("00aa/stack.txt"), "== jvmfuzz finding 00aa\n\tat a.B.c(B.java:3)\n").unwrap();
        std::fs::write(
            f.join("summary.json"),
            r#"[{"id":"00aa","exception":"java.lang.IllegalStateException","message":"bad <tag>","top_frame":"a.B.c(B.java:3)",
                "input":"","reproducer":"","first_seen_secs":2.5,"execs":77,"kind":"bug"}]"#,
        )
        .unwrap();
        let w = write(&ReportOptions::for_dir(&d)).unwrap();
        assert_eq!((w.rows, w.sessions, w.findings, w.classes), (3, 2, 1, None));
        let html = std::fs::read_to_string(d.join(REPORT_FILE)).unwrap();
        for needle in [
            "id=\"plot-coverage\"",
            "id=\"plot-execs\"",
            "id=\"plot-corpus\"",
            "session 2",
            "<table id=\"findings\">",
            "java.lang.IllegalStateException",
            "bad &lt;tag&gt;",
            "at a.B.c(B.java:3)",
            "href=\"findings/00aa\"",
            "id=\"coverage-absent\"",
        ] {
            assert!(html.contains(needle), "no {needle} in the page");
        }
        assert!(!html.contains("<script"), "no script");
        assert!(!html.contains("plot-kpaths"), "no grammar, no k-path plot");

        // With a coverage report one level down, the class table.
        std::fs::create_dir_all(d.join("coverage")).unwrap();
        std::fs::write(
            d.join("coverage/jacoco.xml"),
            r#"<report name="r"><package name="a"><class name="a/B"><counter type="INSTRUCTION" missed="1" covered="3"/></class></package></report>"#,
        )
        .unwrap();
        let w = write(&ReportOptions::for_dir(&d)).unwrap();
        assert_eq!(w.classes, Some(1));
        let html = std::fs::read_to_string(d.join(REPORT_FILE)).unwrap();
        assert!(html.contains("<table id=\"classes\">") && html.contains("<code>a.B</code>") && html.contains("75%"));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_folder_without_a_campaign_is_a_usage_error() {
        let d = scratch("empty");
        let e = write(&ReportOptions::for_dir(&d)).unwrap_err();
        assert!(matches!(e, CampaignError::Usage(_)) && e.to_string().contains("not a campaign folder"), "{e}");
        let e = write(&ReportOptions::for_dir(&d.join("missing"))).unwrap_err();
        assert!(e.to_string().contains("no such folder"), "{e}");
        let mut o = ReportOptions::for_dir(&d);
        std::fs::write(d.join(STATS_FILE), format!("{}\n", stats_csv::HEADER)).unwrap();
        o.coverage = Some(d.join("nope.xml"));
        assert!(write(&o).unwrap_err().to_string().contains("--coverage"));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
