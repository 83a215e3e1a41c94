//! The Z3 side of `--solver` (docs/solver.md): jFuzz's "negate and solve" over one recorded trace.
//!
//! Why a crate of its own: it is the only part of the fuzzer that links Z3, and it is fed bytes
//! written by the traced JVM, which are untrusted. Keeping it separate keeps Z3 out of every other
//! build and keeps the trust boundary in one place: [`Trace::decode`] parses *and type-checks* a
//! trace, so nothing after it can build an ill-sorted Z3 term (the `z3` crate panics on those).
//!
//! The pieces: [`trace`] (format, checks), [`builder`] (the encoder tests use), `slice` (which
//! earlier conditions a query needs), `linear` (multiply-add chains as flat sums), `translate`
//! (nodes to Z3 terms), [`solver`] (the
//! generational search, keys, statistics).

pub mod builder;
mod linear;
mod slice;
pub mod solver;
pub mod trace;
mod translate;

#[cfg(test)]
mod tests;

pub use builder::TraceBuilder;
pub use slice::slice_of;
pub use solver::{branch_key, case_key, default_key, ShortSpan, Solver, SolverError, SolverStats, SHORT_SPAN_MAX};
pub use trace::{BinOp, Cond, Node, Trace, TraceError, UnOp, MAX_SITE};
