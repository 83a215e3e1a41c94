//! `stats.csv`: the campaign's figures over time, one row per interval.
//!
//! The rows come from [`StatsCsv`], a LibAFL `Monitor` wrapped around the progress display
//! (plain lines or the TUI). A monitor is where LibAFL aggregates every client's figures, and
//! it lives where the event manager handles events: in the client process for `--jobs 1`
//! (`SimpleRestartingEventManager`, whose client stats and start time a restarted client gets
//! back) and in the broker for `--jobs N`. Either way its own fields start afresh in each
//! process, so everything that must survive (session, offsets) is decided by the parent
//! before the launch ([`super::resume`]) and the file is only ever appended to.
//!
//! The monitor does not see the end of the run: the client leaves through `exit`, the broker is
//! killed by the supervising parent. So besides its rows the recorder keeps the latest figures
//! in `.stats-pending.csv` (rewritten at most once a second, and by the `--jobs 1` client
//! once more as it ends, [`flush_pending`]), and the parent appends them as the session's last
//! row when the run is over ([`super::Campaign::end`]). They are those of the last event the
//! monitor saw: at most one progress report (1 s) old.
//!
//! Columns (`HEADER`): `session` (1 for the first run on the folder, then one more per
//! resumed run), `unix_time` (wall clock, seconds; maps a finding's file time to the time
//! axis), `time_s` (campaign time: fuzzing time of every session so far), `execs` (campaign
//! total), `execs_per_s` (since the previous row; LibAFL's average since the client started
//! for a process's first row), `corpus` (the largest client's corpus), `edges` (probes covered:
//! entry and branch-arm probes are the map's edges), `probes` (probes instrumented so far:
//! classes load lazily, so this grows), `kpaths` and `kpaths_possible` (grammar mode only),
//! `findings` (bug findings in `summary.json`, every session's). An empty cell is a figure
//! not reported yet.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use libafl::monitors::stats::{ClientStats, ClientStatsManager};
use libafl::monitors::Monitor;
use libafl::Error;
use libafl_bolts::ClientId;

use super::CampaignError;

pub const HEADER: &str =
    "session,unix_time,time_s,execs,execs_per_s,corpus,edges,probes,kpaths,kpaths_possible,findings";

/// The file the latest figures wait in for the parent (see the module comment).
pub const PENDING_FILE: &str = ".stats-pending.csv";

/// Default seconds between rows (`--stats-interval`).
pub const DEFAULT_INTERVAL_SECS: u64 = 10;

/// One row of `stats.csv`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Row {
    pub session: u32,
    pub unix_time: f64,
    pub time_s: f64,
    pub execs: u64,
    pub execs_per_s: f64,
    pub corpus: u64,
    pub edges: Option<u64>,
    pub probes: Option<u64>,
    pub kpaths: Option<u64>,
    pub kpaths_possible: Option<u64>,
    pub findings: Option<u64>,
}

fn opt(v: Option<u64>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

impl Row {
    pub fn to_csv(&self) -> String {
        format!(
            "{},{:.3},{:.3},{},{:.1},{},{},{},{},{},{}",
            self.session,
            self.unix_time,
            self.time_s,
            self.execs,
            self.execs_per_s,
            self.corpus,
            opt(self.edges),
            opt(self.probes),
            opt(self.kpaths),
            opt(self.kpaths_possible),
            opt(self.findings)
        )
    }

    /// One data line; the error says which column is wrong.
    pub fn parse(line: &str) -> Result<Row, String> {
        let cells: Vec<&str> = line.trim_end_matches('\r').split(',').collect();
        let names: Vec<&str> = HEADER.split(',').collect();
        if cells.len() != names.len() {
            return Err(format!("{} columns, expected {} ({HEADER})", cells.len(), names.len()));
        }
        let bad = |i: usize| format!("column {} `{}`: not a number", names[i], cells[i]);
        let f = |i: usize| cells[i].parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(|| bad(i));
        let n = |i: usize| cells[i].parse::<u64>().map_err(|_| bad(i));
        let o = |i: usize| if cells[i].is_empty() { Ok(None) } else { n(i).map(Some) };
        Ok(Row {
            session: cells[0].parse::<u32>().ok().filter(|s| *s >= 1).ok_or_else(|| bad(0))?,
            unix_time: f(1)?,
            time_s: f(2)?,
            execs: n(3)?,
            execs_per_s: f(4)?,
            corpus: n(5)?,
            edges: o(6)?,
            probes: o(7)?,
            kpaths: o(8)?,
            kpaths_possible: o(9)?,
            findings: o(10)?,
        })
    }
}

/// The rows of `path`; an absent file has none. A last line without its newline is a row cut
/// short by a killed process and is left out; any other bad line is an error.
pub fn read(path: &Path) -> Result<Vec<Row>, CampaignError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CampaignError::io(path, e)),
    };
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut rows = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let err = |msg: String| CampaignError::Stats { path: path.to_path_buf(), line: i + 1, msg };
        if i == 0 {
            if line.trim_end_matches('\r') != HEADER {
                return Err(err(format!("not a jvmfuzz stats file (expected the header `{HEADER}`)")));
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        match Row::parse(line) {
            Ok(r) => rows.push(r),
            Err(_) if i + 1 == lines.len() && !complete => {}
            Err(m) => return Err(err(m)),
        }
    }
    Ok(rows)
}

/// Appends `row`, with the header first if the file is new or empty. A last line a killed
/// writer left unfinished is cut off first, so the file stays readable (one writer at a time:
/// the monitor during a run, the parent after it).
pub fn append(path: &Path, row: &Row) -> Result<(), CampaignError> {
    let io = |e| CampaignError::io(path, e);
    let mut f = std::fs::OpenOptions::new().append(true).create(true).read(true).open(path).map_err(io)?;
    let mut len = f.metadata().map_err(io)?.len();
    if len > 0 {
        let whole = complete_length(&mut f).map_err(io)?;
        if whole != len {
            f.set_len(whole).map_err(io)?;
            len = whole;
        }
    }
    let mut text = String::new();
    if len == 0 {
        text.push_str(HEADER);
        text.push('\n');
    }
    text.push_str(&row.to_csv());
    text.push('\n');
    // One write (O_APPEND, after the cut): a reader (the report, a resumed run) sees whole lines.
    f.write_all(text.as_bytes()).map_err(io)
}

/// The length of the file up to and with its last line break (rows are short: the search
/// reads at most the last few KB).
fn complete_length(f: &mut std::fs::File) -> std::io::Result<u64> {
    use std::io::{Read, Seek, SeekFrom};
    let len = f.metadata()?.len();
    let from = len.saturating_sub(4096);
    f.seek(SeekFrom::Start(from))?;
    let mut tail = Vec::new();
    f.read_to_end(&mut tail)?;
    Ok(match tail.iter().rposition(|&b| b == b'\n') {
        Some(i) => from + i as u64 + 1,
        None if from == 0 => 0,
        None => len,
    })
}

/// Writes the pending row (the latest figures) atomically.
pub fn write_pending(path: &Path, row: &Row) -> Result<(), CampaignError> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, format!("{HEADER}\n{}\n", row.to_csv())).map_err(|e| CampaignError::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| CampaignError::io(path, e))
}

/// The pending row, if there is a readable one.
pub fn read_pending(path: &Path) -> Option<Row> {
    read(path).ok()?.pop()
}

/// The latest figures the recorder of this process saw, and where its pending file is.
static LATEST: Mutex<Option<(PathBuf, Row)>> = Mutex::new(None);

/// Writes this process's latest figures to the pending file: the `--jobs 1` client calls it as
/// it leaves, after the monitor saw its last event.
pub fn flush_pending() {
    let latest = LATEST.lock().ok().and_then(|g| g.clone());
    if let Some((path, row)) = latest {
        if let Err(e) = write_pending(&path, &row) {
            crate::say!("jvmfuzz: warning: cannot record campaign stats: {e}");
        }
    }
}

/// What every process that records rows must know: decided once by the parent.
#[derive(Debug, Clone)]
pub struct Recorder {
    pub stats: PathBuf,
    pub pending: PathBuf,
    pub findings: PathBuf,
    pub session: u32,
    /// Campaign time and executions before this session (the last row of the previous one).
    pub time_offset: f64,
    pub execs_offset: u64,
    pub interval: Duration,
    last_row: Option<Instant>,
    last_pending: Option<Instant>,
    /// Campaign time, executions and rate of the last row this process wrote, for the rate.
    last_written: Option<(f64, u64, f64)>,
    warned: bool,
}

/// How often the pending row is rewritten: as often as progress is reported.
const PENDING_EVERY: Duration = Duration::from_secs(1);

impl Recorder {
    pub fn new(
        stats: PathBuf,
        pending: PathBuf,
        findings: PathBuf,
        session: u32,
        time_offset: f64,
        execs_offset: u64,
        interval: Duration,
    ) -> Recorder {
        Recorder {
            stats,
            pending,
            findings,
            session,
            time_offset,
            execs_offset,
            interval,
            last_row: None,
            last_pending: None,
            last_written: None,
            warned: false,
        }
    }

    /// Called on every event the monitor sees (many per second at the start of a campaign):
    /// the figures kept in memory, and a row or the pending file written when one is due.
    pub fn observe(&mut self, mgr: &mut ClientStatsManager) {
        let now = Instant::now();
        let mut row = self.figures(mgr);
        // try_lock: an event fired from LibAFL's crash handler must never wait on this lock.
        if let Ok(mut latest) = LATEST.try_lock() {
            *latest = Some((self.pending.clone(), row.clone()));
        }
        let row_due = self.last_row.is_none_or(|t| now.duration_since(t) >= self.interval);
        let pending_due = self.last_pending.is_none_or(|t| now.duration_since(t) >= PENDING_EVERY);
        if !row_due && !pending_due {
            return;
        }
        let mut result = Ok(());
        if row_due {
            self.last_row = Some(now);
            self.last_written = Some((row.time_s, row.execs, row.execs_per_s));
            row.findings = super::count_findings(&self.findings);
            result = append(&self.stats, &row);
        }
        self.last_pending = Some(now);
        let pending = write_pending(&self.pending, &row);
        if let Err(e) = result.and(pending) {
            // The campaign goes on without its stats; say so once per process.
            if !self.warned {
                self.warned = true;
                crate::say!("jvmfuzz: warning: cannot record campaign stats: {e}");
            }
        }
    }

    /// The row of the figures the monitor holds now (without `findings`, which is read from
    /// disk only when a row is written).
    pub fn figures(&self, mgr: &mut ClientStatsManager) -> Row {
        let g = mgr.global_stats();
        let (run_time, execs, eps) = (g.run_time, g.total_execs, g.execs_per_sec);
        let mut row = Row {
            session: self.session,
            unix_time: super::unix_now(),
            time_s: self.time_offset + run_time.as_secs_f64(),
            execs: self.execs_offset + execs,
            execs_per_s: if eps.is_finite() { eps.max(0.0) } else { 0.0 },
            ..Row::default()
        };
        // LibAFL's figure is the average since the client started; the rate since this
        // process's last row is what the interval ran at (right after a row, too short to
        // measure, that row's rate).
        if let Some((t, e, rate)) = self.last_written {
            row.execs_per_s =
                if row.time_s - t >= 0.5 { row.execs.saturating_sub(e) as f64 / (row.time_s - t) } else { rate };
        }
        // With --jobs N every client has its own map cells and a corpus that holds the others'
        // entries too: the largest client's figure, not the sum, is the campaign's.
        for c in mgr.client_stats().values().filter(|c| c.enabled()) {
            row.corpus = row.corpus.max(c.corpus_size());
            max_into(&mut row.edges, ratio(c, "edges").map(|r| r.0));
            max_into(&mut row.probes, ratio(c, "probes").map(|r| r.1));
            if let Some((covered, possible)) = ratio(c, "k-paths") {
                max_into(&mut row.kpaths, Some(covered));
                max_into(&mut row.kpaths_possible, Some(possible));
            }
        }
        row
    }
}

fn ratio(c: &ClientStats, name: &str) -> Option<(u64, u64)> {
    c.get_user_stats(name)?.value().as_ratio()
}

fn max_into(slot: &mut Option<u64>, v: Option<u64>) {
    if let Some(v) = v {
        *slot = Some(slot.map_or(v, |s| s.max(v)));
    }
}

/// The progress display `M` with [`Recorder`] in front of it.
#[derive(Debug, Clone)]
pub struct StatsCsv<M> {
    inner: M,
    recorder: Recorder,
}

impl<M> StatsCsv<M> {
    pub fn new(inner: M, recorder: Recorder) -> Self {
        StatsCsv { inner, recorder }
    }
}

impl<M: Monitor> Monitor for StatsCsv<M> {
    fn display(&mut self, mgr: &mut ClientStatsManager, event_msg: &str, sender_id: ClientId) -> Result<(), Error> {
        self.recorder.observe(mgr);
        self.inner.display(mgr, event_msg, sender_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libafl::monitors::stats::{AggregatorOps, UserStats, UserStatsValue};
    use std::borrow::Cow;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-stats-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn row(session: u32, time_s: f64, execs: u64) -> Row {
        Row { session, unix_time: 1000.0 + time_s, time_s, execs, edges: Some(3), ..Row::default() }
    }

    #[test]
    fn a_row_survives_the_round_trip_with_its_empty_cells() {
        let r = Row {
            session: 2,
            unix_time: 1_764_000_000.5,
            time_s: 12.25,
            execs: 4567,
            execs_per_s: 123.4,
            corpus: 9,
            edges: Some(40),
            probes: Some(100),
            kpaths: None,
            kpaths_possible: None,
            findings: Some(1),
        };
        let line = r.to_csv();
        assert_eq!(line, "2,1764000000.500,12.250,4567,123.4,9,40,100,,,1");
        assert_eq!(Row::parse(&line).unwrap(), r);
        assert_eq!(line.split(',').count(), HEADER.split(',').count());
    }

    #[test]
    fn a_bad_cell_is_named() {
        let e = Row::parse("1,2,3,x,5,6,,,,,").unwrap_err();
        assert!(e.contains("execs") && e.contains("`x`"), "{e}");
        assert!(Row::parse("1,2,3").unwrap_err().contains("3 columns"));
        assert!(Row::parse("0,2,3,4,5,6,,,,,").unwrap_err().contains("session"));
    }

    #[test]
    fn append_writes_the_header_once_and_read_gets_the_rows_back() {
        let d = scratch("append");
        let p = d.join("stats.csv");
        assert!(read(&p).unwrap().is_empty());
        append(&p, &row(1, 0.5, 10)).unwrap();
        append(&p, &row(1, 10.5, 2000)).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(text.matches(HEADER).count(), 1, "{text}");
        assert_eq!(read(&p).unwrap(), vec![row(1, 0.5, 10), row(1, 10.5, 2000)]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_line_cut_short_is_skipped_and_cut_off_by_the_next_append() {
        let d = scratch("torn");
        let p = d.join("stats.csv");
        append(&p, &row(1, 1.0, 10)).unwrap();
        let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"1,1000.0,2.0,2").unwrap();
        drop(f);
        assert_eq!(read(&p).unwrap(), vec![row(1, 1.0, 10)]);
        append(&p, &row(2, 3.0, 30)).unwrap();
        assert_eq!(read(&p).unwrap(), vec![row(1, 1.0, 10), row(2, 3.0, 30)]);
        // A garbled complete line is an error that names its line.
        let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"1,1000.0,2.0,2\n").unwrap();
        drop(f);
        let e = read(&p).unwrap_err().to_string();
        assert!(e.contains("stats.csv:4:") && e.contains("4 columns"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn another_file_is_refused_with_its_name() {
        let d = scratch("foreign");
        let p = d.join("stats.csv");
        std::fs::write(&p, "time,value\n1,2\n").unwrap();
        let e = read(&p).unwrap_err().to_string();
        assert!(e.contains("stats.csv:1:") && e.contains("not a jvmfuzz stats file"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    fn stat(mgr: &mut ClientStatsManager, client: u32, name: &'static str, v: (u64, u64)) {
        let id = ClientId(client);
        mgr.client_stats_insert(id).unwrap();
        mgr.update_client_stats_for(id, |c| {
            c.update_user_stats(
                Cow::Borrowed(name),
                UserStats::new(UserStatsValue::Ratio(v.0, v.1), AggregatorOps::Avg),
            );
        })
        .unwrap();
    }

    #[test]
    fn figures_add_executions_and_take_the_largest_client_coverage() {
        let d = scratch("figures");
        let mut rec = Recorder::new(
            d.join("stats.csv"),
            d.join(PENDING_FILE),
            d.join("findings"),
            3,
            100.0,
            5000,
            Duration::from_secs(10),
        );
        let mut mgr = ClientStatsManager::default();
        for (client, execs, corpus, edges) in [(1, 300u64, 7u64, 20u64), (2, 200, 9, 25)] {
            stat(&mut mgr, client, "edges", (edges, 30));
            stat(&mut mgr, client, "probes", (edges, 80 + u64::from(client)));
            mgr.update_client_stats_for(ClientId(client), |c| {
                c.update_corpus_size(corpus);
                c.update_executions(execs, libafl_bolts::current_time());
            })
            .unwrap();
        }
        let r = rec.figures(&mut mgr);
        assert_eq!((r.session, r.execs, r.corpus, r.edges, r.probes), (3, 5500, 9, Some(25), Some(82)));
        assert!(r.time_s >= 100.0);
        assert_eq!((r.kpaths, r.kpaths_possible), (None, None));

        // The first event writes a row and the pending file; the next one, right after, neither.
        rec.observe(&mut mgr);
        rec.observe(&mut mgr);
        let rows = read(&d.join("stats.csv")).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].findings, None, "no summary.json, no count");
        assert_eq!(read_pending(&d.join(PENDING_FILE)).map(|r| r.execs), Some(5500));

        // Events between two writes are kept in memory; the client's last flush writes them.
        mgr.update_client_stats_for(ClientId(2), |c| c.update_executions(700, libafl_bolts::current_time())).unwrap();
        rec.observe(&mut mgr);
        assert_eq!(read_pending(&d.join(PENDING_FILE)).map(|r| r.execs), Some(5500), "not due yet");
        flush_pending();
        assert_eq!(read_pending(&d.join(PENDING_FILE)).map(|r| r.execs), Some(6000));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
