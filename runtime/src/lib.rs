//! jvmfuzz runtime: what probes feed at run time. No JVMTI and no LibAFL in here, so both the
//! `-agentpath` agent and the in-process fuzzer link the same code.
//!
//! - [`registry`]: probe ids (atomic allocation) and what each instrumented class contains.
//! - [`counts`]: one `u64` hit counter per probe id, in chunks that never move.
//! - [`ring`] and [`rings`]: per-thread SPSC event rings in native memory, written by the Java
//!   shim (`com.jvmfuzz.shim.Ring`), drained here.
//! - [`sink`]: how drained events become counts (or go to the fuzzer's map).
//! - [`global`]: the process-wide instance the natives and the agent use.
//! - [`natives`]: the JNI natives of `com.jvmfuzz.shim.Probes`, bound with RegisterNatives.

pub mod counts;
pub mod global;
pub mod natives;
pub mod registry;
pub mod ring;
pub mod rings;
pub mod sink;

pub use counts::HitCounts;
pub use global::{
    classes, counting_sink, drain_all, hit_count, hit_counts, on_thread_end, probe_count, register_class, reserve,
    reset_coverage, set_sink_override, stats, Stats,
};
pub use natives::{register_natives, register_probes_natives, PROBES_CLASS};
pub use registry::{ClassRecord, MethodRecord, ProbeRegistry};
pub use ring::RingKind;
pub use ring::{Producer, Ring};
pub use rings::RingSet;
pub use sink::{Collector, EventSink};

/// Errors of the runtime. None of them is fatal to the JVM: callers degrade (drop a class's
/// instrumentation, a thread's probes) and count.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RuntimeError {
    #[error("probe id space exhausted: cannot reserve {requested} more ids after {used}")]
    IdSpaceExhausted { requested: u32, used: u64 },
    #[error("out of memory allocating {what} ({bytes} bytes)")]
    OutOfMemory { what: &'static str, bytes: usize },
    #[error("too many event rings (limit {limit})")]
    TooManyRings { limit: u32 },
    #[error("an event sink override is already installed")]
    SinkAlreadySet,
    #[error("JNI: {0}")]
    Jni(String),
}
