//! `--kpath-feedback`: an input whose tree covers a k-path no earlier tree did is kept in the
//! corpus even when the code coverage is the same (an experiment the grammar-fuzzing seed
//! suggests; code coverage stays the main feedback, and the benchmark says whether this helps).
//!
//! The grammar mutator counts a tree's k-paths when it makes the input (mutator.rs), one input
//! per execution, so the flag it raises belongs to the execution this feedback judges.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

use libafl::feedbacks::{Feedback, StateInitializer};
use libafl::Error;
use libafl_bolts::Named;

static NEW_KPATH: AtomicBool = AtomicBool::new(false);

/// The input about to run covers a new full-length k-path.
pub fn note_new_kpath() {
    NEW_KPATH.store(true, Ordering::Relaxed);
}

/// Forgets a flag no execution took.
pub fn clear_new_kpath() {
    NEW_KPATH.store(false, Ordering::Relaxed);
}

#[derive(Debug, Clone, Copy)]
pub struct KPathFeedback {
    on: bool,
}

impl KPathFeedback {
    pub fn new(on: bool) -> Self {
        Self { on }
    }
}

impl Named for KPathFeedback {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("kpath");
        &NAME
    }
}

impl<S> StateInitializer<S> for KPathFeedback {}

impl<EM, I, OT, S> Feedback<EM, I, OT, S> for KPathFeedback {
    fn is_interesting(
        &mut self,
        _state: &mut S,
        _mgr: &mut EM,
        _input: &I,
        _observers: &OT,
        _exit: &libafl::executors::ExitKind,
    ) -> Result<bool, Error> {
        // Taken in every execution, so a flag never outlives its input.
        let new = NEW_KPATH.swap(false, Ordering::Relaxed);
        Ok(self.on && new)
    }
}
