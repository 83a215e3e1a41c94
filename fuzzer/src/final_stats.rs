//! libFuzzer's final statistics (`-print_final_stats=1`, `--print-final-stats`): the five
//! `stat::` lines ClusterFuzz reads from a fuzzer's log at the end of a run, in libFuzzer's
//! format (`FuzzerLoop.cpp`, `PrintFinalStats`), for this run (not the whole campaign).

use std::path::Path;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalStats {
    pub executed_units: u64,
    pub exec_per_sec: u64,
    pub new_units_added: u64,
    pub slowest_unit_time_sec: u64,
    pub peak_rss_mb: u64,
}

impl FinalStats {
    pub fn lines(&self) -> String {
        format!(
            "stat::number_of_executed_units: {}\nstat::average_exec_per_sec:     {}\nstat::new_units_added:          {}\nstat::slowest_unit_time_sec:    {}\nstat::peak_rss_mb:              {}\n",
            self.executed_units, self.exec_per_sec, self.new_units_added, self.slowest_unit_time_sec, self.peak_rss_mb
        )
    }
}

/// Inputs in a corpus folder (its files; LibAFL's dot files left out). 0 for a folder not there.
pub fn corpus_files(dir: &Path) -> u64 {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()) && !e.file_name().to_string_lossy().starts_with('.'))
            .count() as u64
    })
}

/// The peak resident set of this process and of the clients it waited for, in MiB (the JVM
/// runs in a client process, or in this one without a restarter).
pub fn peak_rss_mb() -> u64 {
    let peak = |who| {
        // SAFETY: getrusage writes into the zeroed struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut usage) } == 0 {
            u64::try_from(usage.ru_maxrss).unwrap_or(0)
        } else {
            0
        }
    };
    peak(libc::RUSAGE_SELF).max(peak(libc::RUSAGE_CHILDREN)) / 1024
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_are_libfuzzers() {
        let s = FinalStats {
            executed_units: 1234,
            exec_per_sec: 56,
            new_units_added: 7,
            slowest_unit_time_sec: 0,
            peak_rss_mb: 890,
        };
        assert_eq!(
            s.lines(),
            "stat::number_of_executed_units: 1234\nstat::average_exec_per_sec:     56\nstat::new_units_added:          7\nstat::slowest_unit_time_sec:    0\nstat::peak_rss_mb:              890\n"
        );
    }

    #[test]
    fn a_corpus_counts_its_inputs_not_its_dot_files_or_folders() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-final-stats-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".libafl")).unwrap();
        std::fs::write(dir.join("a"), b"1").unwrap();
        std::fs::write(dir.join("b"), b"2").unwrap();
        std::fs::write(dir.join(".a.metadata"), b"").unwrap();
        assert_eq!(corpus_files(&dir), 2);
        assert_eq!(corpus_files(&dir.join("missing")), 0);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(peak_rss_mb() > 0);
    }
}
