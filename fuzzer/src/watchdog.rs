//! Per-execution timeout watchdog. The harness arms it before each call and disarms it after;
//! a background thread (attached to the JVM as a daemon) notices an execution that runs past
//! `--timeout`, takes a dump of every Java thread's stack through the shim, and hands it to the
//! `on_timeout` callback (which saves the finding). It does not stop the stuck thread (Java
//! cannot, safely): in `fuzz` LibAFL's own executor timeout, set a little later, then restarts
//! the process with its state; `repro`/`minimize` exit after reporting.
//!
//! Arming is one atomic store and no clock read (it runs on every execution, millions of times
//! a second on a fast harness): the watchdog thread notes when it first saw an execution
//! number armed and fires once the same number has stayed armed for `timeout`. An execution is
//! therefore reported between `timeout` and `timeout` + two ticks after it started, never
//! before.
//!
//! With a memory limit (`--rss-limit-mb`, libFuzzer's `-rss_limit_mb`) the same thread reads
//! the process's resident set size each tick while an execution runs, and reports the first
//! execution that pushes it past the limit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jni::JavaVM;

pub struct Watchdog {
    /// Execution number being timed (0 = idle). Numbers must not repeat.
    armed: AtomicU64,
    /// Set when the target is closed: the thread ends.
    stopped: AtomicBool,
}

/// Why the watchdog fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stall {
    /// The execution ran past the timeout.
    Timeout,
    /// The process's resident memory passed the limit (both in MiB) during the execution.
    Memory { rss_mb: u64, limit_mb: u64 },
}

/// The process's resident set size in MiB (None where /proc cannot tell).
pub fn rss_mb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok().filter(|&p| p > 0)?;
    Some(pages * page / (1 << 20))
}

impl Watchdog {
    /// Starts the watchdog thread. `on_stall(vm_env, exec, why)` runs on that thread, attached.
    pub fn start<F>(vm: JavaVM, timeout: Duration, rss_limit_mb: Option<u64>, on_stall: F) -> Arc<Watchdog>
    where
        F: Fn(&mut jni::JNIEnv, u64, Stall) + Send + 'static,
    {
        let w = Arc::new(Watchdog { armed: AtomicU64::new(0), stopped: AtomicBool::new(false) });
        let me = Arc::clone(&w);
        let tick = (timeout / 20).clamp(Duration::from_millis(5), Duration::from_millis(100));
        let _ = std::thread::Builder::new().name("jvmfuzz-watchdog".into()).spawn(move || {
            let mut fired_for = 0u64;
            // The armed execution number and when this thread first saw it.
            let mut seen: (u64, Instant) = (0, Instant::now());
            loop {
                std::thread::sleep(tick);
                if me.stopped.load(Ordering::Acquire) {
                    return;
                }
                let exec = me.armed.load(Ordering::Acquire);
                if exec == 0 || exec == fired_for {
                    continue;
                }
                if let Some(limit_mb) = rss_limit_mb {
                    if let Some(rss_mb) = rss_mb().filter(|&r| r > limit_mb) {
                        fired_for = exec;
                        if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                            on_stall(&mut guard, exec, Stall::Memory { rss_mb, limit_mb });
                        }
                        continue;
                    }
                }
                if exec != seen.0 {
                    seen = (exec, Instant::now());
                    continue;
                }
                if seen.1.elapsed() < timeout {
                    continue;
                }
                fired_for = exec;
                if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                    on_stall(&mut guard, exec, Stall::Timeout);
                }
            }
        });
        w
    }

    /// Starts timing execution number `exec` (non-zero, larger than any armed before).
    pub fn arm(&self, exec: u64) {
        self.armed.store(exec.max(1), Ordering::Release);
    }

    /// The execution being timed (0 = none).
    pub fn armed(&self) -> u64 {
        self.armed.load(Ordering::Acquire)
    }

    pub fn disarm(&self) {
        self.armed.store(0, Ordering::Release);
    }

    /// Ends the watchdog thread (within a tick); nothing is reported after.
    pub fn stop(&self) {
        self.disarm();
        self.stopped.store(true, Ordering::Release);
    }
}
