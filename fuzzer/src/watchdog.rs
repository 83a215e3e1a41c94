//! Per-execution timeout watchdog. The harness arms it before each call and disarms it after;
//! a background thread (attached to the JVM as a daemon) notices an execution that runs past
//! `--timeout`, takes a dump of every Java thread's stack through the shim, and hands it to the
//! `on_timeout` callback (which saves the finding). It does not stop the stuck thread (Java
//! cannot, safely): in `fuzz` LibAFL's own executor timeout, set a little later, then restarts
//! the process with its state; `repro`/`minimize` exit after reporting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jni::JavaVM;

pub struct Watchdog {
    /// Execution number being timed (0 = idle).
    armed: AtomicU64,
    /// Nanoseconds since `epoch` at which the armed execution times out.
    deadline_ns: AtomicU64,
    epoch: Instant,
    timeout: Duration,
}

impl Watchdog {
    /// Starts the watchdog thread. `on_timeout(vm_env, exec)` runs on that thread, attached.
    pub fn start<F>(vm: JavaVM, timeout: Duration, on_timeout: F) -> Arc<Watchdog>
    where
        F: Fn(&mut jni::JNIEnv, u64) + Send + 'static,
    {
        let w = Arc::new(Watchdog {
            armed: AtomicU64::new(0),
            deadline_ns: AtomicU64::new(u64::MAX),
            epoch: Instant::now(),
            timeout,
        });
        let me = Arc::clone(&w);
        let tick = (timeout / 20).clamp(Duration::from_millis(5), Duration::from_millis(100));
        let _ = std::thread::Builder::new().name("jvmfuzz-watchdog".into()).spawn(move || {
            let mut fired_for = 0u64;
            loop {
                std::thread::sleep(tick);
                let exec = me.armed.load(Ordering::Acquire);
                if exec == 0 || exec == fired_for {
                    continue;
                }
                if me.now_ns() < me.deadline_ns.load(Ordering::Acquire) {
                    continue;
                }
                fired_for = exec;
                if let Ok(mut guard) = vm.attach_current_thread_as_daemon() {
                    on_timeout(&mut guard, exec);
                }
            }
        });
        w
    }

    fn now_ns(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// Starts timing execution number `exec` (non-zero).
    pub fn arm(&self, exec: u64) {
        let deadline = self.now_ns().saturating_add(u64::try_from(self.timeout.as_nanos()).unwrap_or(u64::MAX));
        self.deadline_ns.store(deadline, Ordering::Release);
        self.armed.store(exec.max(1), Ordering::Release);
    }

    pub fn disarm(&self) {
        self.armed.store(0, Ordering::Release);
    }
}
