//! The fuzzing client runs in a child process (LibAFL's restarting manager forks it, and forks
//! it again after a timeout or a JVM crash), so its results reach the parent, which chooses the
//! exit status, through a small append-only file: one line per event.
//!   `finding <id>`    a finding (new or already on disk) was hit in this session
//!   `setup <message>` the client could not start (bad harness, JVM error): exit status 2
//!   `done`            the client stopped normally
//!   `execs <n>`       the client's execution count when it hit a finding (the last one is
//!                     how far a fuzz test's JVM got before a finding ended it)
//!   `fatal <id>`      that finding was a timeout, the memory limit or a native crash: one
//!                     that may end the process

use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Status {
    pub findings: Vec<String>,
    pub setup_error: Option<String>,
    /// Clients that stopped normally (one per job).
    pub done: usize,
    /// The highest execution count a finding was hit at.
    pub execs: u64,
    /// The last finding hit, and whether it was of a kind that may end the process.
    pub last_finding: Option<String>,
    pub last_fatal: bool,
    /// The longest execution of any client, in milliseconds, once one took a second or more.
    pub slowest_ms: u64,
}

impl Status {
    /// Whether the last thing the process did was to save a finding that may end it (a
    /// fuzz test's JVM that ended without its own word on the outcome was ended by it).
    pub fn ended_by_finding(&self) -> bool {
        self.last_finding.is_some() && self.last_fatal
    }
}

/// A fresh status file for this session.
pub fn create(findings_dir: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(findings_dir)?;
    let p = of_process(findings_dir, std::process::id());
    std::fs::write(&p, b"")?;
    Ok(p)
}

/// The status file process `pid` creates in `findings_dir` (a fuzz test's JVM leaves it behind
/// when a finding ends it, which is how `fuzz --fuzz-test` learns what that JVM found).
pub fn of_process(findings_dir: &Path, pid: u32) -> PathBuf {
    findings_dir.join(format!(".session-{pid}"))
}

/// Appends `line` in one `write` (with `O_APPEND`, whole): `writeln!` would write the text and
/// its newline apart, and the lines of clients that end together could interleave.
pub fn append(path: &Path, line: &str) {
    if let Ok(mut f) = std::fs::OpenOptions::new().append(true).create(true).open(path) {
        let mut one_line = line.replace('\n', " | ");
        one_line.push('\n');
        let _ = f.write_all(one_line.as_bytes());
    }
}

pub fn read(path: &Path) -> Status {
    let mut s = Status::default();
    for line in std::fs::read_to_string(path).unwrap_or_default().lines() {
        if let Some(id) = line.strip_prefix("finding ") {
            if !s.findings.iter().any(|f| f == id) {
                s.findings.push(id.to_string());
            }
            s.last_finding = Some(id.to_string());
            s.last_fatal = false;
        } else if let Some(id) = line.strip_prefix("fatal ") {
            s.last_fatal = s.last_finding.as_deref() == Some(id);
        } else if let Some(m) = line.strip_prefix("setup ") {
            s.setup_error.get_or_insert_with(|| m.replace(" | ", "\n"));
        } else if line == "done" {
            s.done += 1;
        } else if let Some(n) = line.strip_prefix("execs ").and_then(|n| n.parse::<u64>().ok()) {
            s.execs = s.execs.max(n);
        } else if let Some(n) = line.strip_prefix("slowest_ms ").and_then(|n| n.parse::<u64>().ok()) {
            s.slowest_ms = s.slowest_ms.max(n);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-status-{}", std::process::id()));
        let p = create(&dir).unwrap();
        append(&p, "finding abc");
        append(&p, "finding abc");
        append(&p, "setup class not found\nhint");
        append(&p, "done");
        append(&p, "execs 12");
        append(&p, "execs 7");
        append(&p, "slowest_ms 2500");
        append(&p, "slowest_ms 1200");
        let s = read(&p);
        assert_eq!(s.execs, 12);
        assert_eq!(s.slowest_ms, 2500);
        assert!(!s.ended_by_finding());
        append(&p, "finding def");
        append(&p, "fatal def");
        assert!(read(&p).ended_by_finding(), "a timeout was the last finding");
        append(&p, "finding abc");
        assert!(!read(&p).ended_by_finding(), "an exception came after it");
        assert_eq!(s.findings, vec!["abc"]);
        assert_eq!(s.setup_error.as_deref(), Some("class not found\nhint"));
        assert_eq!(s.done, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Clients of `--jobs N` end together and append to one file: a line written in two
    /// pieces could interleave with another's ("donedone"), and the parent would wait for a
    /// `done` that never comes.
    #[test]
    fn lines_appended_at_once_by_many_writers_stay_whole() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-status-race-{}", std::process::id()));
        let p = create(&dir).unwrap();
        let writers: Vec<_> = (0..8)
            .map(|_| {
                let p = p.clone();
                std::thread::spawn(move || (0..2000).for_each(|_| append(&p, "done")))
            })
            .collect();
        writers.into_iter().for_each(|w| w.join().unwrap());
        assert_eq!(read(&p).done, 8 * 2000);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
