//! Instrumentation: probe planning (`plan`, where probes go) and the rewriter (how they
//! get there: `rewrite` per method, `class` per class file, with `layout`, `frames`,
//! `interp` and `remap` as its parts; `probe_fields` and `probe_shape` for the profiler's probe
//! shapes). `cmplog` adds the fuzzer's comparison-operand logging.
pub mod class;
pub mod cmplog;
pub mod frames;
pub mod interp;
pub mod layout;
pub mod plan;
pub mod probe_fields;
pub mod probe_shape;
pub mod reduce;
pub mod remap;
pub mod rewrite;

pub use class::{
    instrument_class, instrument_class_cmp, ClassCounts, FlagFields, InstrumentConfig, InstrumentError, Instrumented, JacocoPlanner, MethodOutcome,
    MethodRecord, Planner, SkipReason,
};
pub use cmplog::{CmpKind, CmpSite, CmpSites};
pub use rewrite::{instrument_decoded_cmp, instrument_method, MethodSig, ProbeCall, RewriteError};
