//! Sessions of a campaign. `fuzz` on a corpus folder whose campaign folder already holds
//! `stats.csv` continues that campaign rather than starting over:
//! - the corpus is read back as seeds and known findings are not saved again (the engine and
//!   `findings.rs` already work that way for any existing folder);
//! - this module makes the stats continue: the new session's number is the last row's plus
//!   one (the `session` column is what tells sessions apart: the first row of a session is
//!   written at its first event), and its rows start from the last row's campaign time and
//!   execution count. The wall-clock gap between two runs is not campaign time.
//!
//! The parent decides all of this before the launch ([`Campaign::begin`]) and hands it to the
//! recorder every client or broker process gets a copy of; after the run it appends the last
//! figures the recorder left ([`Campaign::end`]). A pending row that a killed run never got to
//! append is recovered by the next `begin`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::stats_csv::{self, Recorder, Row, PENDING_FILE};
use super::{CampaignError, STATS_FILE};

/// This run's place in its campaign.
#[derive(Debug, Clone)]
pub struct Campaign {
    /// The campaign folder (the corpus's parent).
    pub dir: PathBuf,
    pub findings: PathBuf,
    pub session: u32,
    /// Campaign time and executions when this session started.
    pub time_offset: f64,
    pub execs_offset: u64,
    pub interval: Duration,
}

impl Campaign {
    /// Reads the campaign's `stats.csv` (a file this version cannot continue is an error),
    /// appends a previous session's lost last row, and numbers this session.
    pub fn begin(corpus: &Path, findings: &Path, interval: Duration) -> Result<Campaign, CampaignError> {
        let dir = super::dir_of_corpus(corpus);
        let stats = dir.join(STATS_FILE);
        let mut rows = stats_csv::read(&stats)?;
        if let Some(lost) = Self::unrecorded(&dir, &rows, findings) {
            stats_csv::append(&stats, &lost)?;
            rows.push(lost);
        }
        let _ = std::fs::remove_file(dir.join(PENDING_FILE));
        let last = rows.last();
        Ok(Campaign {
            dir,
            findings: findings.to_path_buf(),
            session: last.map_or(1, |r| r.session + 1),
            time_offset: last.map_or(0.0, |r| r.time_s),
            execs_offset: last.map_or(0, |r| r.execs),
            interval,
        })
    }

    pub fn stats_file(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    /// A resumed campaign (an earlier session left rows).
    pub fn resumed(&self) -> bool {
        self.session > 1
    }

    /// What the monitor of each client or broker process records with.
    pub fn recorder(&self) -> Recorder {
        Recorder::new(
            self.stats_file(),
            self.dir.join(PENDING_FILE),
            self.findings.clone(),
            self.session,
            self.time_offset,
            self.execs_offset,
            self.interval,
        )
    }

    /// After the run, which took `session_time`: appends the last figures the monitor saw as
    /// the session's final row (with the findings counted now) and returns it; None when this
    /// session recorded nothing at all (set-up failed).
    ///
    /// A client that stopped answering (a fuzzing thread the watchdog ended past the budget)
    /// sent the monitor no figures for its last seconds, so its last row's time is the
    /// session's wall time when that is later by a second or more.
    pub fn end(&self, session_time: Duration) -> Result<Option<Row>, CampaignError> {
        let rows = stats_csv::read(&self.stats_file())?;
        let (mut last, mut append) = match Self::unrecorded(&self.dir, &rows, &self.findings) {
            Some(r) if r.session == self.session => (Some(r), true),
            _ => (rows.into_iter().rev().find(|r| r.session == self.session), false),
        };
        if let Some(r) = last.as_mut() {
            let wall = self.time_offset + session_time.as_secs_f64();
            if wall - r.time_s >= 1.0 {
                r.time_s = wall;
                r.unix_time = super::unix_now();
                r.findings = super::count_findings(&self.findings).or(r.findings);
                append = true;
            }
        }
        if let (Some(r), true) = (&last, append) {
            stats_csv::append(&self.stats_file(), r)?;
        }
        let _ = std::fs::remove_file(self.dir.join(PENDING_FILE));
        Ok(last)
    }

    /// The pending row if it is newer than the file's last row, with the findings counted now.
    fn unrecorded(dir: &Path, rows: &[Row], findings: &Path) -> Option<Row> {
        let mut pending = stats_csv::read_pending(&dir.join(PENDING_FILE))?;
        // Newer, and with something new: a pending row written just after the interval's row,
        // with the same executions, would only repeat it.
        let newer = rows.last().is_none_or(|last| {
            pending.session >= last.session
                && (pending.session, pending.time_s) > (last.session, last.time_s)
                && (pending.session > last.session || pending.execs > last.execs)
        });
        if !newer {
            return None;
        }
        pending.findings = super::count_findings(findings).or(pending.findings);
        Some(pending)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jvmfuzz-resume-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("corpus")).unwrap();
        std::fs::canonicalize(&d).unwrap()
    }

    fn row(session: u32, time_s: f64, execs: u64) -> Row {
        Row { session, unix_time: 5000.0 + time_s, time_s, execs, ..Row::default() }
    }

    #[test]
    fn a_new_folder_is_session_one_from_zero() {
        let d = scratch("new");
        let c = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap();
        assert_eq!((c.session, c.time_offset, c.execs_offset, c.resumed()), (1, 0.0, 0, false));
        assert_eq!(c.dir, d);
        assert_eq!(c.end(Duration::ZERO).unwrap(), None, "nothing recorded, no final row");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_second_run_continues_time_and_executions_from_the_last_row() {
        let d = scratch("continue");
        let stats = d.join(STATS_FILE);
        stats_csv::append(&stats, &row(1, 0.2, 0)).unwrap();
        stats_csv::append(&stats, &row(1, 30.0, 9000)).unwrap();
        let c = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap();
        assert_eq!((c.session, c.time_offset, c.execs_offset, c.resumed()), (2, 30.0, 9000, true));
        let r = c.recorder();
        assert_eq!((r.session, r.time_offset, r.execs_offset), (2, 30.0, 9000));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn end_appends_the_pending_figures_once_and_begin_recovers_a_lost_one() {
        let d = scratch("end");
        std::fs::create_dir_all(d.join("findings")).unwrap();
        std::fs::write(d.join("findings/summary.json"), "[]").unwrap();
        let stats = d.join(STATS_FILE);
        let c = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap();
        stats_csv::append(&stats, &row(1, 0.1, 0)).unwrap();
        stats_csv::write_pending(&d.join(PENDING_FILE), &row(1, 4.0, 800)).unwrap();
        let last = c.end(Duration::ZERO).unwrap().expect("a final row");
        assert_eq!((last.time_s, last.execs, last.findings), (4.0, 800, Some(0)));
        assert_eq!(c.end(Duration::ZERO).unwrap().map(|r| r.execs), Some(800), "the same last row, not appended twice");
        assert_eq!(stats_csv::read(&stats).unwrap().len(), 2);
        // Figures a moment after the last row, with no execution since: not a row of their own.
        stats_csv::write_pending(&d.join(PENDING_FILE), &row(1, 4.001, 800)).unwrap();
        assert_eq!(c.end(Duration::ZERO).unwrap().map(|r| r.time_s), Some(4.0));
        assert_eq!(stats_csv::read(&stats).unwrap().len(), 2);

        // A session longer than its figures say (a client that stopped answering): its wall
        // time, in a row of its own.
        let last = c.end(Duration::from_secs(30)).unwrap().expect("a final row");
        assert_eq!((last.time_s, last.execs), (30.0, 800));
        assert_eq!(stats_csv::read(&stats).unwrap().len(), 3);

        // A run killed before its end left its pending row: the next run appends it first.
        let c2 = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap();
        stats_csv::write_pending(&d.join(PENDING_FILE), &row(2, 9.0, 1500)).unwrap();
        drop(c2);
        let c3 = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap();
        assert_eq!((c3.session, c3.time_offset, c3.execs_offset), (3, 9.0, 1500));
        assert!(!d.join(PENDING_FILE).exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn an_unreadable_stats_file_is_an_error_that_says_what_to_do() {
        let d = scratch("bad");
        std::fs::write(d.join(STATS_FILE), "something else\n").unwrap();
        let e = Campaign::begin(&d.join("corpus"), &d.join("findings"), Duration::from_secs(10)).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("stats.csv:1:") && msg.contains("move the file away"), "{msg}");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
