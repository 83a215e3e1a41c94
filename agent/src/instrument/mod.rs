//! Instrumentation: probe planning and the rewriter.
pub mod plan;
