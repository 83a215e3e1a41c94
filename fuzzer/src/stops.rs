//! What the fuzz loop does about runs the watchdog stopped (target.rs, watchdog.rs): the JVM
//! goes on, so the loop itself must keep those runs from misleading it.
//!
//! - A stopped run's coverage is where it was cut, not what the input does: [`NotStopped`]
//!   gates the corpus feedbacks, so such a run never joins the corpus or moves their history.
//! - After a stop, the rest of the round (one `fuzz_one`: the entry's other stages and its
//!   mutants, often with the same huge value in them) would run into the same stop one by one:
//!   [`skip_rest_of_round`] tells the runner not to run them, as the restart after a timeout
//!   used to. (Their maps stay empty, so nothing keeps them.)
//! - Once `--max-total-time` is up, the round's other inputs are not run either: a slow target's
//!   round (hundreds of mutants) would overrun the budget by seconds.
//! - Calibration runs an entry with no per-method limit ([`Calibration`]). An entry whose run
//!   fires no probe makes LibAFL's calibration fail ("does not trigger any edges") and would end
//!   the loop. With generated drivers that is no instrumentation fault: a driver method's seed
//!   may fail in JDK code before the library is reached, and the method scheduler picks every
//!   method's entries; so may a run stopped at `--timeout` before any probe fired. Such an
//!   entry gets the corpus's mean time (or the timeout) and is fuzzed all the same.
//!
//! The harness thread alone runs inputs, so the flags are thread-locals that the runner sets.

use std::borrow::Cow;
use std::cell::Cell;

use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl::schedulers::powersched::SchedulerMetadata;
use libafl::stages::{Restartable, Stage};
use libafl::state::HasCurrentTestcase;
use libafl::Error;
use libafl::HasMetadata;
use libafl_bolts::Named;

use crate::state::State;

thread_local! {
    static CALIBRATING: Cell<bool> = const { Cell::new(false) };
    static LAST_RUN_STOPPED: Cell<bool> = const { Cell::new(false) };
    static ROUND_STOPPED: Cell<bool> = const { Cell::new(false) };
}

/// Records how the last run ended: stopped by the watchdog or not.
pub fn note_run(stopped: bool) {
    LAST_RUN_STOPPED.with(|c| c.set(stopped));
    if stopped {
        ROUND_STOPPED.with(|c| c.set(true));
    }
}

/// A run of this round was stopped: the round's other inputs are not run.
pub fn skip_rest_of_round() -> bool {
    ROUND_STOPPED.with(Cell::get)
}

/// The rest of this round is not run (the campaign's time is up).
pub fn skip_round() {
    ROUND_STOPPED.with(|c| c.set(true));
}

/// A new round (one `fuzz_one`) begins.
pub fn new_round() {
    ROUND_STOPPED.with(|c| c.set(false));
}

/// Whether the run about to start is a calibration run (no per-method limit for it).
pub fn calibrating() -> bool {
    CALIBRATING.with(Cell::get)
}

/// LibAFL's calibration stage, run without per-method limits and kept from failing the loop on
/// a run the watchdog stopped (see the module comment).
pub struct Calibration<C> {
    inner: C,
    timeout: std::time::Duration,
}

impl<C> Calibration<C> {
    pub fn new(inner: C, timeout: std::time::Duration) -> Calibration<C> {
        Calibration { inner, timeout }
    }
}

impl<C: Restartable<State>> Restartable<State> for Calibration<C> {
    fn should_restart(&mut self, state: &mut State) -> Result<bool, Error> {
        self.inner.should_restart(state)
    }

    fn clear_progress(&mut self, state: &mut State) -> Result<(), Error> {
        self.inner.clear_progress(state)
    }
}

impl<E, EM, Z, C: Stage<E, EM, State, Z>> Stage<E, EM, State, Z> for Calibration<C> {
    fn perform(&mut self, fuzzer: &mut Z, executor: &mut E, state: &mut State, manager: &mut EM) -> Result<(), Error> {
        CALIBRATING.with(|c| c.set(true));
        let result = self.inner.perform(fuzzer, executor, state, manager);
        CALIBRATING.with(|c| c.set(false));
        match result {
            Err(Error::InvalidCorpus(..)) => {
                let time = if ROUND_STOPPED.with(Cell::get) {
                    self.timeout
                } else {
                    // The power schedule weighs an entry by its time against the mean.
                    state
                        .metadata::<SchedulerMetadata>()
                        .ok()
                        .and_then(|m| u32::try_from(m.cycles()).ok().filter(|&c| c > 0).map(|c| m.exec_time() / c))
                        .unwrap_or(std::time::Duration::from_micros(100))
                };
                state.current_testcase_mut()?.set_exec_time(time);
                Ok(())
            }
            other => other,
        }
    }
}

/// A feedback that is false for a run the watchdog stopped (and true otherwise); placed first
/// in a `feedback_and_fast!`, the feedbacks after it never see such a run.
#[derive(Debug, Clone, Copy, Default)]
pub struct NotStopped;

impl Named for NotStopped {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("not_stopped");
        &NAME
    }
}

impl<S> StateInitializer<S> for NotStopped {}

impl<EM, I, OT, S> Feedback<EM, I, OT, S> for NotStopped {
    fn is_interesting(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _input: &I,
        _observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        Ok(!LAST_RUN_STOPPED.with(Cell::get))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_skips_the_rest_of_its_round_only() {
        new_round();
        note_run(false);
        assert!(!skip_rest_of_round());
        note_run(true);
        assert!(skip_rest_of_round());
        note_run(false);
        assert!(skip_rest_of_round(), "until the round ends");
        new_round();
        assert!(!skip_rest_of_round());
    }

    #[test]
    fn stopped_runs_are_not_interesting() {
        let mut f = NotStopped;
        let yes = |f: &mut NotStopped| {
            Feedback::<(), (), (), ()>::is_interesting(f, &mut (), &mut (), &(), &(), &ExitKind::Ok).unwrap()
        };
        note_run(false);
        assert!(yes(&mut f));
        note_run(true);
        assert!(!yes(&mut f));
    }
}
