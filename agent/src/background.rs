//! The background analysis thread (`analysis=background`, the default when reports are written
//! with `counts=covered`).
//!
//! Every [`PERIOD`] it reads the probe flags, and analyses each class whose fired probes held
//! still since its previous look into the [`AnalysisCache`] (see `analysis` for why the reports
//! stay exactly the same). It runs under `SCHED_IDLE`: it gets a core only when the program's
//! threads and the JIT leave one idle, so it moves exit work into idle time instead of adding
//! to the program's.
//!
//! It is attached to the JVM (as a daemon named `jvmfuzz-analysis`) only while it reads the
//! flags through JNI, and detached while it sleeps and analyses. HotSpot's exit waits up to
//! 300 ms at its final safepoint for every attached thread that is in native code
//! (`VM_Exit::wait_for_threads_in_native_to_block`); attached for good, this thread, asleep in
//! native, added those 300 ms to every run. Attaching with a name also leaves the program's
//! `Thread-N` numbering alone. At VM death [`Background::close`] takes the cache and closes the
//! gate that every attach, JNI call and cache update of the thread passes under the same lock;
//! the thread then ends without touching the JVM again.

use std::ffi::{c_void, CStr};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use jni::sys::{JavaVMAttachArgs, JNI_OK, JNI_VERSION_1_8};
use jni::{JNIEnv, JavaVM};

use crate::analysis::{self, AnalysisCache, Verdict};
use jvmfuzz_coverage::ProbeLayout;
use jvmfuzz_jvm::flag_probes::FlagProbes;

/// Between two looks at the flags.
pub const PERIOD: Duration = Duration::from_millis(300);

#[derive(Default)]
struct State {
    /// Set by [`Background::start`], cleared for good by [`Background::close`].
    open: bool,
    cache: AnalysisCache,
    passes: u64,
    analysed: u64,
    /// CPU time the thread used, as of its last look or analysis.
    cpu: Duration,
}

/// See the module docs. One per agent.
#[derive(Default)]
pub struct Background {
    state: Mutex<State>,
}

/// What the thread did, for `verbose`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Closed {
    pub passes: u64,
    pub analysed: u64,
    pub cpu: Duration,
}

impl Background {
    /// Starts the thread. `flags` must be set up (VMInit).
    pub fn start(&'static self, vm: JavaVM, flags: &'static FlagProbes, layout: ProbeLayout) -> std::io::Result<()> {
        self.lock().open = true;
        let spawned =
            std::thread::Builder::new().name("jvmfuzz-analysis".into()).spawn(move || self.run(&vm, flags, layout));
        if spawned.is_err() {
            self.lock().open = false;
        }
        spawned.map(|_| ())
    }

    /// Stops the thread for good and hands over what it analysed (empty if it never ran).
    pub fn close(&self) -> (AnalysisCache, Closed) {
        let mut st = self.lock();
        st.open = false;
        let closed = Closed { passes: st.passes, analysed: st.analysed, cpu: st.cpu };
        (std::mem::take(&mut st.cache), closed)
    }

    fn run(&self, vm: &JavaVM, flags: &FlagProbes, layout: ProbeLayout) {
        idle_priority();
        // A panic ends the thread's work, not the program: the exit analyses everything. The
        // thread is detached by then (`Attached` detaches when dropped, unwinding included).
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.passes(vm, flags, layout)));
    }

    fn passes(&self, vm: &JavaVM, flags: &FlagProbes, layout: ProbeLayout) {
        loop {
            std::thread::sleep(PERIOD);
            let fired = {
                let mut st = self.lock();
                if !st.open {
                    return;
                }
                st.passes += 1;
                st.cpu = thread_cpu_time();
                // Attached and detached under the lock, so never after `close`.
                let Some(mut attached) = Attached::new(vm) else { return };
                let Some(mut env) = attached.env() else { return };
                match flags.collect(&mut env, jvmfuzz_runtime::probe_count()) {
                    Ok(f) => f,
                    Err(_) => return,
                }
            };
            let count = |id: u64| u64::from(fired.get(id as usize).copied().unwrap_or(0));
            let classes = jvmfuzz_runtime::classes();
            let (groups, _) = analysis::group(&classes);
            for g in &groups {
                let bits = analysis::fired_bits(g, &count);
                let verdict = {
                    let mut st = self.lock();
                    if !st.open {
                        return;
                    }
                    st.cache.consider(g, &bits)
                };
                if verdict != Verdict::Analyse {
                    continue;
                }
                let result = analysis::analyse_group(g, &count, layout);
                let mut st = self.lock();
                if !st.open {
                    return;
                }
                st.analysed += 1;
                st.cpu = thread_cpu_time();
                st.cache.store(g, bits, result);
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The calling thread's attachment to the JVM, as a daemon named `jvmfuzz-analysis`; dropping
/// it detaches the thread. Raw JNI rather than the `jni` crate's attach, which passes no name
/// (HotSpot then names the thread `Thread-N`, taking a number from the program) and whose
/// daemon attach lasts until the thread exits (its scoped attach, which detaches, is not a daemon).
struct Attached {
    vm: *mut jni::sys::JavaVM,
    env: *mut jni::sys::JNIEnv,
}

impl Attached {
    const NAME: &'static CStr = c"jvmfuzz-analysis";

    fn new(vm: &JavaVM) -> Option<Self> {
        let raw = vm.get_java_vm_pointer();
        let mut args = JavaVMAttachArgs {
            version: JNI_VERSION_1_8,
            name: Self::NAME.as_ptr().cast_mut(),
            group: std::ptr::null_mut(),
        };
        let mut env: *mut c_void = std::ptr::null_mut();
        // SAFETY: `raw` is the live JavaVM (the caller holds the gate, so the VM has not died);
        // `args.name` is a NUL-terminated string that HotSpot copies.
        let rc = unsafe {
            let attach = (**raw).AttachCurrentThreadAsDaemon?;
            attach(raw, &mut env, (&mut args as *mut JavaVMAttachArgs).cast())
        };
        (rc == JNI_OK).then_some(Attached { vm: raw, env: env.cast() })
    }

    /// This thread's JNIEnv, valid while `self` lives.
    fn env(&mut self) -> Option<JNIEnv<'_>> {
        // SAFETY: the JNIEnv AttachCurrentThreadAsDaemon returned for this thread; the borrow
        // of `self` keeps it from outliving the detach in `drop`.
        unsafe { JNIEnv::from_raw(self.env) }.ok()
    }
}

impl Drop for Attached {
    fn drop(&mut self) {
        // SAFETY: this thread attached itself in `new`; no JNIEnv of it outlives `self`.
        unsafe {
            if let Some(detach) = (**self.vm).DetachCurrentThread {
                detach(self.vm);
            }
        }
    }
}

/// CPU time of the calling thread (zero where it cannot be read).
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid timespec to write into.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec.max(0) as u64, ts.tv_nsec.clamp(0, 999_999_999) as u32)
}

/// `SCHED_IDLE` for the calling thread, else nice 19 (on Linux both are per thread); best effort.
fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: pid 0 is the calling thread; `param` is a valid sched_param.
        if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } != 0 {
            // SAFETY: who = 0 is the calling thread.
            unsafe {
                libc::setpriority(libc::PRIO_PROCESS, 0, 19);
            }
        }
    }
}
