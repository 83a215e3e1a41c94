//! Per driver method: how many runs it had, how long they took, and how long its next run may
//! take before the watchdog stops it (package mode's per-method timeout).
//!
//! Why per method: one library's methods differ by orders of magnitude. A `leftPad` asked for a
//! billion spaces would hold the whole campaign for `--timeout` while the other methods run in
//! microseconds. Each method's limit starts low and follows the mean of its runs that ended by
//! themselves: a run that takes far longer than the method usually needs is stopped early (not
//! a finding). Every [`STOPS_PER_DOUBLING`] stops double the method's limit, so a method that
//! hangs on many inputs still reaches `--timeout` and is reported as a timeout there; one that
//! hangs only on a rare input is not (its runs are stopped and counted in `stats.txt`).
//!
//! Once a method's run has gone all the way to `--timeout` (a timeout finding, saved), its
//! limit starts low again and climbs eight times slower (sixty-four times after a second
//! timeout, no slower after more): the hang is known, and each later
//! input that meets it would otherwise hold the campaign for `--timeout` again (org.json's
//! NUL-delimited CSV took half of a ten-minute package run). A second hang of the same method
//! still climbs to `--timeout` in the end. Such a run is no completed run either: its time
//! would lift the mean, and with it the limit, to `--timeout` for good.
//!
//! The mean and not the slowest run: a method's slowest completed run is often one huge
//! boundary value that took seconds, and a limit of fifty times that is no limit. The caller
//! times a sample of the runs (two clock reads per run cost a fast driver a tenth of its run):
//! the mean, the slowest and the time spent are the sample's, the time spent scaled to all runs.

use std::time::Duration;

/// The smallest per-method limit: below it JIT compilation and GC pauses alone would stop runs.
pub const FLOOR: Duration = Duration::from_millis(250);

/// A run may take this many times the method's mean run before it is stopped.
pub const SLACK: u32 = 50;

/// Stops of one method that double its limit.
pub const STOPS_PER_DOUBLING: u64 = 8;

/// The driver method an input runs: the dispatcher's first choice, decoded exactly as
/// `TypedValues.choice(n)` does (two big-endian bytes above 256 methods, else one, missing bytes
/// read as zero).
pub fn method_of(data: &[u8], n: usize) -> usize {
    let byte = |i: usize| usize::from(data.get(i).copied().unwrap_or(0));
    match n {
        0 | 1 => 0,
        2..=256 => byte(0) % n,
        _ => ((byte(0) << 8) | byte(1)) % n,
    }
}

#[derive(Debug, Clone)]
pub struct MethodClock {
    timeout: Duration,
    runs: Vec<u64>,
    slowest_ns: Vec<u64>,
    /// Timed runs that ended by themselves, and their time.
    completed: Vec<u64>,
    completed_ns: Vec<u64>,
    /// Time of the stopped runs.
    stopped_ns: Vec<u64>,
    /// Runs stopped at the method's limit (before `--timeout`).
    stops: Vec<u64>,
    /// Runs that went on to `--timeout` (or past the memory limit), and `stops` at the last one.
    timeouts: Vec<u64>,
    stops_at_timeout: Vec<u64>,
}

impl MethodClock {
    pub fn new(methods: usize, timeout: Duration) -> MethodClock {
        MethodClock {
            timeout,
            runs: vec![0; methods],
            slowest_ns: vec![0; methods],
            completed: vec![0; methods],
            completed_ns: vec![0; methods],
            stopped_ns: vec![0; methods],
            stops: vec![0; methods],
            timeouts: vec![0; methods],
            stops_at_timeout: vec![0; methods],
        }
    }

    pub fn methods(&self) -> usize {
        self.runs.len()
    }

    /// How long a run of method `m` may take before it is stopped: `SLACK` times its mean
    /// completed run, at least [`FLOOR`], doubled per [`STOPS_PER_DOUBLING`] stops (eight
    /// times as many per timeout the method had, up to two), at most `--timeout` (where the
    /// run is a timeout finding instead).
    pub fn limit(&self, m: usize) -> Duration {
        let Some(&done) = self.completed.get(m) else { return self.timeout };
        let mean = self.completed_ns[m].checked_div(done).unwrap_or(0);
        let base = Duration::from_nanos(mean).saturating_mul(SLACK).max(FLOOR);
        let per_doubling = STOPS_PER_DOUBLING << (3 * self.timeouts[m].min(2));
        let since = self.stops[m] - self.stops_at_timeout[m];
        let doublings = u32::try_from(since / per_doubling).unwrap_or(u32::MAX).min(20);
        base.saturating_mul(1u32 << doublings).min(self.timeout)
    }

    /// A run of method `m` that ended by itself (normally or by an exception), after `took`
    /// when it was timed.
    pub fn finished(&mut self, m: usize, took: Option<Duration>) {
        if m >= self.runs.len() {
            return;
        }
        self.runs[m] += 1;
        if let Some(took) = took {
            let ns = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
            self.slowest_ns[m] = self.slowest_ns[m].max(ns);
            self.completed[m] += 1;
            self.completed_ns[m] = self.completed_ns[m].saturating_add(ns);
        }
    }

    /// A run of method `m` stopped at its limit after `took`.
    pub fn stopped(&mut self, m: usize, took: Duration) {
        if self.cut_short(m, took) {
            self.stops[m] += 1;
        }
    }

    /// A run of method `m` that went on to `--timeout` or past the memory limit (a finding),
    /// after `took`.
    pub fn timed_out(&mut self, m: usize, took: Duration) {
        if self.cut_short(m, took) {
            self.timeouts[m] += 1;
            self.stops_at_timeout[m] = self.stops[m];
        }
    }

    /// Counts a run of method `m` that did not end by itself; false for an unknown method.
    fn cut_short(&mut self, m: usize, took: Duration) -> bool {
        if m >= self.runs.len() {
            return false;
        }
        self.runs[m] += 1;
        self.stopped_ns[m] = self.stopped_ns[m].saturating_add(u64::try_from(took.as_nanos()).unwrap_or(u64::MAX));
        true
    }

    /// Time spent in method `m`'s runs: the stopped ones, and the others at the sample's mean.
    fn spent_ns(&self, m: usize) -> u64 {
        let done = self.runs[m] - self.stops[m] - self.timeouts[m];
        let mean = self.completed_ns[m].checked_div(self.completed[m]).unwrap_or(0);
        self.stopped_ns[m].saturating_add(mean.saturating_mul(done))
    }

    /// One line per method: "runs total-ms slowest-ms stops limit-ms".
    pub fn text(&self) -> String {
        let mut out = String::new();
        for m in 0..self.runs.len() {
            out.push_str(&format!(
                "{} {} {} {} {}\n",
                self.runs[m],
                self.spent_ns(m) / 1_000_000,
                self.slowest_ns[m] / 1_000_000,
                self.stops[m],
                self.limit(m).as_millis()
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_of_matches_the_dispatchers_choice() {
        assert_eq!(method_of(&[], 570), 0);
        assert_eq!(method_of(&[2, 0x3a, 9], 570), 0x23a % 570);
        assert_eq!(method_of(&[1], 570), 256);
        assert_eq!(method_of(&[200, 1], 16), 200 % 16);
        assert_eq!(method_of(&[200], 1), 0);
    }

    #[test]
    fn the_limit_follows_the_mean_run_and_doubles_per_stops() {
        let mut c = MethodClock::new(2, Duration::from_secs(10));
        assert_eq!(c.limit(0), FLOOR);
        c.finished(0, Duration::from_millis(10).into());
        c.finished(0, None);
        c.finished(0, Duration::from_millis(70).into());
        assert_eq!(c.limit(0), Duration::from_secs(2), "50 times the mean of 40 ms (of the timed runs)");
        for _ in 0..STOPS_PER_DOUBLING {
            c.stopped(0, Duration::from_secs(2));
        }
        assert_eq!(c.limit(0), Duration::from_secs(4), "stops do not move the mean");
        for _ in 0..2 * STOPS_PER_DOUBLING {
            c.stopped(0, Duration::from_secs(4));
        }
        assert_eq!(c.limit(0), Duration::from_secs(10), "never past --timeout");
        assert_eq!(c.limit(1), FLOOR, "methods are apart");
        assert_eq!(c.limit(7), Duration::from_secs(10), "an unknown method gets --timeout");
        // 27 runs: 24 stopped (80 s), 3 ended by themselves at the sample's mean of 40 ms.
        assert!(c.text().starts_with("27 80120 70 24 10000\n"), "{}", c.text());
    }

    #[test]
    fn after_a_timeout_the_limit_starts_low_again_and_climbs_slower() {
        let mut c = MethodClock::new(1, Duration::from_secs(10));
        c.finished(0, Duration::from_millis(1).into());
        for _ in 0..6 * STOPS_PER_DOUBLING {
            c.stopped(0, c.limit(0));
        }
        assert_eq!(c.limit(0), Duration::from_secs(10), "a hang climbs to --timeout");
        c.timed_out(0, Duration::from_secs(10));
        assert_eq!(c.limit(0), FLOOR, "the known hang costs little now; the mean is still 1 ms");
        for _ in 0..STOPS_PER_DOUBLING {
            c.stopped(0, FLOOR);
        }
        assert_eq!(c.limit(0), FLOOR, "eight times as many stops per doubling");
        for _ in 0..7 * STOPS_PER_DOUBLING {
            c.stopped(0, FLOOR);
        }
        assert_eq!(c.limit(0), 2 * FLOOR);
        // 1 + 48 + 1 + 64 runs; 112 stopped, 1 timeout, 1 completed.
        assert!(c.text().starts_with("114 "), "{}", c.text());
    }
}
