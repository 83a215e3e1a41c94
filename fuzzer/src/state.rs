//! The LibAFL state of a fuzzing client, as one type: the engine builds it, `launch` restores it
//! after a restart, and `determinism`'s stage edits it. It lives here, apart from the engine,
//! so those modules depend on the type and not on each other.

use libafl::corpus::{CachedOnDiskCorpus, OnDiskCorpus};
use libafl::inputs::BytesInput;
use libafl::state::StdState;
use libafl_bolts::rands::StdRand;

/// Where a client keeps its corpus (`--corpus`, cached in memory).
pub type ClientCorpus = CachedOnDiskCorpus<BytesInput>;

/// Where a client keeps LibAFL's copy of each objective (`findings/.libafl`).
pub type ClientObjectives = OnDiskCorpus<BytesInput>;

/// What LibAFL serialises across a client's restarts.
pub type State = StdState<ClientCorpus, BytesInput, StdRand, ClientObjectives>;

/// A state for unit tests: a fixed seed, corpus and objectives in a fresh temporary folder.
#[cfg(test)]
pub fn test_state() -> State {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "jvmfuzz-test-state-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let corpus = crate::corpus::client_corpus(&dir.join("corpus"), 0).expect("corpus");
    let objectives = crate::corpus::client_objectives(&dir.join("objectives"), 0).expect("objectives");
    StdState::new(StdRand::with_seed(7), corpus, objectives, &mut (), &mut ()).expect("state")
}
