//! Signal dispositions around a fuzzing loop run inside a JVM that was already running (a
//! JUnit run's test JVM).
//!
//! LibAFL's in-process executor installs its crash and timeout handlers when it is built. In a
//! JVM that `fuzz` creates afterwards, HotSpot installs its own over them and chains to
//! LibAFL's (the order engine.rs keeps). In a JVM already running, LibAFL's would replace
//! HotSpot's, and HotSpot needs SIGSEGV (implicit null checks, safepoint polls), SIGBUS, SIGFPE,
//! SIGILL, SIGTRAP and SIGUSR2 (thread suspension) for itself. So: [`Saved::take`] before the
//! executor is built, [`Saved::give_back_jvm`] right after (LibAFL keeps SIGALRM, its timer, and
//! SIGABRT, which HotSpot raises when it dies), [`Saved::restore_all`] once the loop is over.

/// Signals HotSpot handles itself, given back right after LibAFL's executor is built.
const JVM_SIGNALS: [libc::c_int; 6] =
    [libc::SIGSEGV, libc::SIGBUS, libc::SIGFPE, libc::SIGILL, libc::SIGTRAP, libc::SIGUSR2];

/// Signals LibAFL's executor installs handlers for (its `common_signals`, SIGPIPE aside).
const LIBAFL_SIGNALS: [libc::c_int; 8] = [
    libc::SIGALRM,
    libc::SIGUSR2,
    libc::SIGABRT,
    libc::SIGBUS,
    libc::SIGFPE,
    libc::SIGILL,
    libc::SIGSEGV,
    libc::SIGTRAP,
];

/// The dispositions of LibAFL's signals as they were before.
pub struct Saved(Vec<(libc::c_int, libc::sigaction)>);

impl Saved {
    pub fn take() -> Saved {
        let mut v = Vec::new();
        for sig in LIBAFL_SIGNALS {
            // SAFETY: a zeroed sigaction is a valid out-parameter; a null new action only reads.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) == 0 {
                    v.push((sig, old));
                }
            }
        }
        Saved(v)
    }

    fn restore(&self, which: impl Fn(libc::c_int) -> bool) {
        for (sig, act) in &self.0 {
            if which(*sig) {
                // SAFETY: re-installing a disposition read from the kernel for this signal.
                unsafe { libc::sigaction(*sig, act, std::ptr::null_mut()) };
            }
        }
    }

    /// HotSpot's handlers back; LibAFL keeps its timer and SIGABRT.
    pub fn give_back_jvm(&self) {
        self.restore(|s| JVM_SIGNALS.contains(&s));
    }

    /// Everything as before the loop, except that a SIGALRM that would end the process is
    /// ignored: LibAFL's executor timer (a POSIX timer it never deletes) may still fire once
    /// after the loop, and the next loop's executor installs its own handler again.
    pub fn restore_all(&self) {
        self.restore(|s| s != libc::SIGALRM);
        if let Some((_, act)) = self.0.iter().find(|(s, _)| *s == libc::SIGALRM) {
            let mut act = *act;
            if act.sa_sigaction == libc::SIG_DFL {
                act.sa_sigaction = libc::SIG_IGN;
            }
            // SAFETY: a disposition for SIGALRM, which the JVM does not use.
            unsafe { libc::sigaction(libc::SIGALRM, &act, std::ptr::null_mut()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" fn marker(_: libc::c_int) {}

    #[test]
    fn give_back_restores_only_the_jvm_signals() {
        // SAFETY: installing a handler for signals this test process does not otherwise use.
        let set = |sig: libc::c_int, h: libc::sighandler_t| unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = h;
            libc::sigaction(sig, &act, std::ptr::null_mut());
        };
        let get = |sig: libc::c_int| unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, std::ptr::null(), &mut old);
            old.sa_sigaction
        };
        set(libc::SIGUSR2, libc::SIG_IGN);
        set(libc::SIGALRM, libc::SIG_IGN);
        let saved = Saved::take();
        set(libc::SIGUSR2, marker as *const () as libc::sighandler_t);
        set(libc::SIGALRM, marker as *const () as libc::sighandler_t);
        saved.give_back_jvm();
        assert_eq!(get(libc::SIGUSR2), libc::SIG_IGN);
        assert_eq!(get(libc::SIGALRM), marker as *const () as libc::sighandler_t);
        set(libc::SIGALRM, libc::SIG_DFL);
        let saved = Saved::take();
        set(libc::SIGALRM, marker as *const () as libc::sighandler_t);
        set(libc::SIGUSR2, marker as *const () as libc::sighandler_t);
        saved.restore_all();
        // Back to the default, but for SIGALRM, which LibAFL's leftover timer may still raise.
        assert_eq!(get(libc::SIGALRM), libc::SIG_IGN);
        assert_eq!(get(libc::SIGUSR2), libc::SIG_IGN);
    }
}
