//! jvmfuzz agent: everything that turns class bytes into instrumented class bytes,
//! and probe hits back into coverage reports.
//!
//! Layers, bottom up (each only uses the ones above it in this list):
//! - [`classfile`]: a thin reader/writer that round-trips class files byte for byte.
//! - [`bytecode`]: instruction decoding/encoding over a method's `code` array.
//! - [`instrument`]: probe planning (where probes go) and the rewriter (how they get there).
//! - [`coverage`]: JaCoCo-compatible analysis: probe hits -> instruction/line/branch counters,
//!   with every counting rule and filter in one place.
//! - [`report`]: JaCoCo XML, HTML, LCOV and the terminal summary.
//! - [`options`] and [`jvmti`]: the `-agentpath` entry points.

pub mod bytecode;
pub mod classfile;
pub mod coverage;
pub mod instrument;
pub mod jvmti;
pub mod options;
pub mod report;
