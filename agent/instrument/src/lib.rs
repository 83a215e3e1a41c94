//! Instrumentation: what a class becomes when it loads.
//!
//! - Where probes go: `plan` (per method: the fuzzer's plan, the full profile plan and the
//!   JaCoCo-only plan) and `reduce` (the JaCoCo-only plan less the probes others imply). The
//!   plan is the contract with the coverage analysis, which re-plans the original bytes.
//! - How they get there: `rewrite` per method, `class` per class file, with `layout`,
//!   `frames`, `interp` and `remap` as its parts; `probe_fields` and `test_classes` choose the
//!   profiler's probe shape.
//! - What only the fuzzer adds: `cmplog` (comparison-operand logging), `redirect` (call-site
//!   redirects to the shim's hooks), `hooks` (Jazzer's `@MethodHook`s, applied at call sites
//!   through bridge methods), `tokens` (dictionary tokens from the class) and `regex` (the
//!   one change to JDK code: roadblock calls in `java.util.regex`'s matching nodes).
//! - What only the solver adds: `trace` (trace mode: the shadow machine's calls, for a second
//!   copy of the target's classes).
pub mod class;
pub mod cmplog;
pub mod frames;
pub mod hooks;
pub mod interp;
pub mod layout;
pub mod plan;
pub mod probe_fields;
pub mod redirect;
pub mod reduce;
pub mod regex;
pub mod remap;
pub mod rewrite;
pub mod test_classes;
pub mod tokens;
pub mod trace;

pub use class::{
    instrument_class, instrument_class_cmp, ClassCounts, FlagFields, InstrumentConfig, InstrumentError, Instrumented,
    JacocoPlanner, MethodOutcome, MethodRecord, Planner, SkipReason,
};
pub use cmplog::{CmpKind, CmpSite, CmpSites};
pub use rewrite::{
    instrument_decoded_cmp, instrument_decoded_with, instrument_method, Inserts, MethodSig, ProbeCall, RewriteError,
};
