//! Per-execution timeout watchdog. The harness arms it before each call and disarms it after;
//! a background thread (attached to the JVM as a daemon) notices an execution that runs past
//! `--timeout` and hands it to the `on_stall` callback, which describes it through the shim (a
//! few samples of the stuck thread's stack, whose shared frames end at the loop, the hang's
//! identity; a dump of every Java thread's stack) and saves the finding.
//!
//! Then it stops the run: given a `stop` function (JVMTI `StopThread` with the shim's
//! `Stopped` error), it throws into the harness thread, again every tick while the run goes on
//! (a target may catch what it is thrown), and the JVM carries on with the next input. A run
//! that cannot be stopped (a thread blocked in native code) is left to LibAFL's executor
//! timeout, set a little later, which restarts the process with its state; `repro`/`minimize`
//! exit after reporting.
//!
//! A stop forced into the JDK's code (after a run stayed there for `FORCE_AFTER` ticks) may
//! leave the JDK's shared state half-updated; the target notes it, and the fuzz loop then
//! restarts the JVM with its state (`target::request_restart`, engine.rs).
//!
//! An execution may also be armed with a shorter limit of its own (a generated driver method's,
//! see drivers/clock.rs): past it the run is stopped the same way, as [`Stall::Limit`], which is
//! not a finding.
//!
//! Arming is two plain atomic stores and no clock read (it runs on every execution, millions of times
//! a second on a fast harness): the watchdog thread notes when it first saw an execution
//! number armed and fires once the same number has stayed armed for its limit. An execution is
//! therefore reported between `timeout` and `timeout` + two ticks after it started, never
//! before.
//!
//! A stop must never reach the next execution. The watchdog announces a stop (`stopping`)
//! before it checks that the execution is still armed, and sends it under `stop_lock`; the
//! harness thread disarms before it reads `stopping`, and if it sees its own number it waits
//! for the lock, then lets a stop that has not arrived yet arrive (`Stopped.absorb`) before the
//! next input. Both sides use sequentially consistent atomics, so one of them always sees the
//! other.
//!
//! With a memory limit (`--rss-limit-mb`, libFuzzer's `-rss_limit_mb`) the same thread reads
//! the process's resident set size each tick while an execution runs, and reports the first
//! execution that pushes it past the limit.
//!
//! The last line of defence is for the fuzzing thread itself: when the armed number (an
//! execution's, or 0 between them) has not changed for [`stuck_after`] the timeout, the
//! thread is somewhere no stop reaches (a blocking native call; a static initializer, where
//! no stop is ever sent; work between executions that runs target code, such as a traced
//! run). LibAFL's executor timeout covers executions only, so the watchdog hands it to the
//! `on_stuck` callback, which says where the thread is, once per stuck number. Past the
//! campaign's end ([`Watchdog::end_by`]) the callback ends the client, so `--max-total-time`
//! holds even then.

use std::sync::atomic::{
    AtomicBool, AtomicU64, AtomicU8,
    Ordering::{Relaxed, Release, SeqCst},
};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jni::JavaVM;

/// Throws the stop into the harness thread; with `false` it may decline (the thread is in
/// code a stop could leave broken: see `target::stopper`), and says whether it threw. Called
/// on the watchdog thread, attached to the JVM (JVMTI refuses calls from unattached threads).
pub type StopFn = Box<dyn Fn(bool) -> bool + Send>;

/// The bit of `limit_ms` that marks a quiet execution (see [`Watchdog::arm_quiet`]).
const QUIET: u64 = 1 << 63;

/// Ticks a stop may be declined before it is forced (about two seconds at the usual tick).
const FORCE_AFTER: u32 = 40;

pub struct Watchdog {
    /// Execution number being timed (0 = idle). Numbers must not repeat.
    armed: AtomicU64,
    /// The armed execution's own limit in milliseconds (0: `--timeout`), with [`QUIET`] set
    /// when it is never reported (a traced run: its input ran untraced). One word, one store
    /// per execution.
    limit_ms: AtomicU64,
    /// The execution a stop was sent to, and why (1 = limit, 2 = timeout).
    stopping: AtomicU64,
    stop_level: AtomicU8,
    stop_lock: Mutex<()>,
    /// Set when the target is closed: the thread ends.
    stopped: AtomicBool,
    /// When the campaign should be over (`--max-total-time`), if it has an end.
    end: Mutex<Option<Instant>>,
    /// `end` has passed (read by the fuzzing thread before each execution: no clock read there).
    ended: AtomicBool,
}

/// The fuzzing thread has not come back for a while (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stuck {
    /// The armed execution it is stuck in (0: between executions).
    pub exec: u64,
    /// How long the armed number has not changed.
    pub for_secs: u64,
    /// The campaign's end has passed: the client must go.
    pub overdue: bool,
}

/// How long the fuzzing thread may stay in one place before the watchdog says so: long past
/// anything that stops a run (`--timeout`, LibAFL's executor timeout a little later, a traced
/// run's limit of half the timeout), so that only a thread nothing can stop is reported.
pub fn stuck_after(timeout: Duration) -> Duration {
    timeout.saturating_mul(2) + Duration::from_secs(30)
}

/// Why the watchdog fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stall {
    /// The execution ran past the timeout.
    Timeout,
    /// The execution ran past its own, shorter limit: stopped, not a finding.
    Limit,
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
    /// Starts the watchdog thread. `on_stall(vm_env, exec, why, still)` runs on that thread,
    /// attached (`still()`: `exec` is still the execution running);
    /// after a timeout or a limit, `stop` (if any) ends the run.
    /// `on_stuck` runs there too, attached, for a fuzzing thread that has not come back.
    pub fn start<F, G>(
        vm: JavaVM,
        timeout: Duration,
        rss_limit_mb: Option<u64>,
        on_stall: F,
        on_stuck: G,
        stop: Option<StopFn>,
    ) -> Arc<Watchdog>
    where
        F: Fn(&mut jni::JNIEnv, u64, Stall, &dyn Fn() -> bool) + Send + 'static,
        G: Fn(&mut jni::JNIEnv, Stuck) + Send + 'static,
    {
        let w = Arc::new(Watchdog {
            armed: AtomicU64::new(0),
            limit_ms: AtomicU64::new(0),
            stopping: AtomicU64::new(0),
            stop_level: AtomicU8::new(0),
            stop_lock: Mutex::new(()),
            stopped: AtomicBool::new(false),
            end: Mutex::new(None),
            ended: AtomicBool::new(false),
        });
        let me = Arc::clone(&w);
        let tick = (timeout / 20).clamp(Duration::from_millis(5), Duration::from_millis(50));
        let _ = std::thread::Builder::new().name("jvmfuzz-watchdog".into()).spawn(move || {
            // The execution fired for and how far (1 = limit, 2 = timeout or memory).
            let mut fired: (u64, u8) = (0, 0);
            // The armed execution number and when this thread first saw it.
            let mut seen: (u64, Instant) = (0, Instant::now());
            // Stops sent to (or declined for) the execution fired for.
            let mut tries: u32 = 0;
            // The armed number as last seen changing, when, and whether it was reported stuck.
            let mut still: (u64, Instant, bool) = (0, Instant::now(), false);
            let stuck_limit = stuck_after(timeout);
            loop {
                std::thread::sleep(tick);
                if me.stopped.load(SeqCst) {
                    return;
                }
                if !me.ended.load(Relaxed)
                    && me.end.lock().unwrap_or_else(|e| e.into_inner()).is_some_and(|end| Instant::now() >= end)
                {
                    me.ended.store(true, Relaxed);
                }
                let exec = me.armed.load(SeqCst);
                if exec != still.0 {
                    still = (exec, Instant::now(), false);
                } else if still.1.elapsed() >= stuck_limit {
                    let overdue =
                        me.end.lock().unwrap_or_else(|e| e.into_inner()).is_some_and(|end| Instant::now() >= end);
                    if overdue || !still.2 {
                        still.2 = true;
                        if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                            on_stuck(&mut guard, Stuck { exec, for_secs: still.1.elapsed().as_secs(), overdue });
                        }
                    }
                }
                if exec == 0 {
                    continue;
                }
                if exec == fired.0 && fired.1 == 2 {
                    // Stopped at the timeout and still running: throw again.
                    if let (Some(stop), Ok(_attached)) = (&stop, vm.attach_current_thread_as_daemon()) {
                        tries += 1;
                        me.send_stop(exec, 2, stop, tries > FORCE_AFTER);
                    }
                    continue;
                }
                if let Some(limit_mb) = rss_limit_mb.filter(|_| exec != fired.0) {
                    if let Some(rss_mb) = rss_mb().filter(|&r| r > limit_mb) {
                        fired = (exec, 3);
                        if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                            let still = || me.armed.load(SeqCst) == exec;
                            on_stall(&mut guard, exec, Stall::Memory { rss_mb, limit_mb }, &still);
                        }
                        continue;
                    }
                }
                if exec != seen.0 {
                    seen = (exec, Instant::now());
                    continue;
                }
                let elapsed = seen.1.elapsed();
                let limit = me.limit_ms.load(SeqCst);
                let own = Duration::from_millis(limit & !QUIET);
                let level = if elapsed >= timeout && limit & QUIET == 0 {
                    2
                } else if !own.is_zero() && (own < timeout || limit & QUIET != 0) && elapsed >= own {
                    1
                } else {
                    0
                };
                if level == 0 || (exec == fired.0 && level <= fired.1) {
                    if exec == fired.0 && fired.1 == 1 {
                        if let (Some(stop), Ok(_attached)) = (&stop, vm.attach_current_thread_as_daemon()) {
                            tries += 1;
                            me.send_stop(exec, 1, stop, tries > FORCE_AFTER);
                        }
                    }
                    continue;
                }
                if fired.0 != exec {
                    tries = 0;
                }
                fired = (exec, level);
                if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                    let still = || me.armed.load(SeqCst) == exec;
                    on_stall(&mut guard, exec, if level == 2 { Stall::Timeout } else { Stall::Limit }, &still);
                    if let Some(stop) = &stop {
                        tries += 1;
                        me.send_stop(exec, level, stop, tries > FORCE_AFTER);
                    }
                }
            }
        });
        w
    }

    /// Announces a stop of `exec`, then sends it if `exec` is still armed (see the module
    /// comment for why in this order).
    fn send_stop(&self, exec: u64, level: u8, stop: &StopFn, force: bool) {
        let _g = self.stop_lock.lock().unwrap_or_else(|e| e.into_inner());
        self.stop_level.store(level, SeqCst);
        self.stopping.store(exec, SeqCst);
        if self.armed.load(SeqCst) == exec {
            // Declined (the thread was in shared code) or not: the run counts as stopped, and
            // the next tick tries again while it still runs.
            let _ = stop(force);
        }
    }

    /// Starts timing execution number `exec` with `limit`, past which it is stopped and never
    /// reported, however long it goes on (a traced run of an input that already ran).
    pub fn arm_quiet(&self, exec: u64, limit: Duration) {
        self.arm_as(exec, Some(limit), QUIET);
    }

    /// Starts timing execution number `exec` (non-zero, larger than any armed before), with a
    /// limit of its own when shorter than `--timeout`.
    pub fn arm(&self, exec: u64, limit: Option<Duration>) {
        self.arm_as(exec, limit, 0);
    }

    fn arm_as(&self, exec: u64, limit: Option<Duration>, flags: u64) {
        let ms = limit.map_or(0, |l| u64::try_from(l.as_millis()).unwrap_or(u64::MAX).clamp(1, !QUIET));
        // Plain stores (a release publishes the limit with the number): only disarming takes
        // part in the stop protocol, and this runs on every execution.
        self.limit_ms.store(ms | flags, Relaxed);
        self.armed.store(exec.max(1), Release);
    }

    /// The execution being timed (0 = none).
    pub fn armed(&self) -> u64 {
        self.armed.load(SeqCst)
    }

    pub fn disarm(&self) {
        self.armed.store(0, SeqCst);
    }

    /// Ends the timing of `exec`; if a stop was sent to it, waits until the watchdog is done
    /// sending and says why it was stopped (the caller must then let a late stop arrive).
    pub fn disarm_after(&self, exec: u64) -> Option<Stall> {
        self.armed.store(0, SeqCst);
        if self.stopping.load(SeqCst) != exec {
            return None;
        }
        let _g = self.stop_lock.lock().unwrap_or_else(|e| e.into_inner());
        Some(if self.stop_level.load(SeqCst) == 1 { Stall::Limit } else { Stall::Timeout })
    }

    /// The campaign ends at `end`: a fuzzing thread still stuck after it is reported overdue
    /// (see [`Stuck`]).
    pub fn end_by(&self, end: Instant) {
        *self.end.lock().unwrap_or_else(|e| e.into_inner()) = Some(end);
    }

    /// The campaign's end ([`Watchdog::end_by`]) has passed, as of the last tick.
    pub fn campaign_over(&self) -> bool {
        self.ended.load(Relaxed)
    }

    /// Ends the watchdog thread (within a tick); nothing is reported after.
    pub fn stop(&self) {
        self.disarm();
        self.stopped.store(true, SeqCst);
    }
}
