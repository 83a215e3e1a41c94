//! What LibAFL observes of each execution, beyond time and the comparison log: the coverage
//! maps of coverage_map.rs as LibAFL map observers, and [`JavaStackObserver`], which turns a Java
//! finding's stack into the hash `NewHashFeedback` deduplicates objectives by, and saves native
//! crashes (the one kind of finding only LibAFL's crash handler sees).

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use libafl::executors::ExitKind;
use libafl::inputs::{BytesInput, HasTargetBytes};
use libafl::observers::{HitcountsMapObserver, Observer, ObserverWithHashField, VariableMapObserver};
use libafl::state::HasExecutions;
use libafl::Error;
use libafl_bolts::{Named, ToSlice};
use serde::{Deserialize, Serialize};

use crate::coverage_map;
use crate::findings::{finding_id, FindingSink, Kind};
use crate::harness::Failure;

/// The per-probe coverage map, hit counts bucketed as AFL does.
pub fn edges() -> HitcountsMapObserver<VariableMapObserver<'static, u8>> {
    let map = coverage_map::map();
    // SAFETY: the map and its length word live for the whole process (a static).
    let edges =
        unsafe { VariableMapObserver::from_mut_ptr("edges", map.as_mut_ptr(), coverage_map::CAPACITY, map.len_ptr()) };
    map.sync_len();
    HitcountsMapObserver::new(edges)
}

/// The value profile: one cell per logged comparison site, the most equal bits seen.
pub fn values() -> VariableMapObserver<'static, u8> {
    let vmap = coverage_map::value_map();
    // SAFETY: as above, a static map and length word.
    let values = unsafe {
        VariableMapObserver::from_mut_ptr("cmp_values", vmap.as_mut_ptr(), coverage_map::VALUE_CAPACITY, vmap.len_ptr())
    };
    vmap.sync_len();
    values
}

/// Hash of the current execution's Java finding (0 = none). A static because the harness
/// closure, which sees the finding, and the observer, which the executor owns, cannot share
/// anything else.
static LAST_FINDING_HASH: AtomicU64 = AtomicU64::new(0);

/// Called by the harness closure when the execution ended in a Java finding with id `id`.
pub fn note_java_finding(id: &str) {
    LAST_FINDING_HASH.store(id_hash(id), Ordering::Relaxed);
}

fn id_hash(id: &str) -> u64 {
    u64::from_str_radix(id, 16).unwrap_or(1).max(1)
}

/// Exposes the finding id of the last execution to LibAFL's `NewHashFeedback`, so the
/// objective keeps one input per distinct Java stack (like `BacktraceObserver` for native code).
///
/// It also records *native* crashes: when the JVM process dies on a signal, LibAFL's crash
/// handler runs the observers with `ExitKind::Crash` before restarting the client, and no Java
/// finding is pending. All native crashes share one id (the JVM's own hs_err log, written to
/// findings/.libafl, tells them apart).
#[derive(Debug, Serialize, Deserialize)]
pub struct JavaStackObserver {
    name: Cow<'static, str>,
    hash: Option<u64>,
    /// Filled once the target runs (the observer exists before the JVM does). Not serialised:
    /// an observer another client deserialises never executes.
    #[serde(skip)]
    sink: Arc<OnceLock<FindingSink>>,
}

impl JavaStackObserver {
    pub fn new(name: &'static str, sink: Arc<OnceLock<FindingSink>>) -> Self {
        Self { name: Cow::Borrowed(name), hash: None, sink }
    }

    fn record_native_crash(&mut self, input: &[u8], execs: u64) {
        let Some(sink) = self.sink.get() else { return };
        let f = Failure {
            exception: "native crash".into(),
            message: "the JVM process died on a signal (see hs_err_pid*.log)".into(),
            stack_text: format!(
                "The process running the JVM crashed outside Java (a signal HotSpot did not handle).\n\
                 HotSpot's crash log, if it wrote one, is in {}/.libafl/hs_err_pid*.log.\n",
                sink.dir().display()
            ),
            frames: Vec::new(),
            contract: None,
        };
        self.hash = Some(id_hash(&finding_id(&f)));
        sink.save(Kind::NativeCrash, &f, input, execs);
    }
}

impl Named for JavaStackObserver {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl ObserverWithHashField for JavaStackObserver {
    fn hash(&self) -> Option<u64> {
        self.hash
    }
}

impl<S: HasExecutions> Observer<BytesInput, S> for JavaStackObserver {
    fn pre_exec(&mut self, _state: &mut S, _input: &BytesInput) -> Result<(), Error> {
        LAST_FINDING_HASH.store(0, Ordering::Relaxed);
        self.hash = None;
        Ok(())
    }

    fn post_exec(&mut self, state: &mut S, input: &BytesInput, exit_kind: &ExitKind) -> Result<(), Error> {
        let h = LAST_FINDING_HASH.load(Ordering::Relaxed);
        self.hash = (h != 0).then_some(h);
        if h == 0 && *exit_kind == ExitKind::Crash {
            self.record_native_crash(input.target_bytes().to_slice(), *state.executions());
        }
        Ok(())
    }
}
