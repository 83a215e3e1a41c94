//! The `fuzz` engine as a library: everything but the command line's edge (`main.rs`). The
//! `fuzz` binary and the JUnit integration's native library (`fuzzer/junit`) both use it; the
//! second runs the same loop inside a JVM it did not create ([`embedded`]).

pub mod campaign;
pub mod class_hierarchy;
pub mod classpath;
pub mod cli;
pub mod cmp_values;
pub mod corpus;
pub mod corpus_sync;
pub mod coverage_map;
pub mod custom_hooks;
pub mod depth;
pub mod detectors;
pub mod determinism;
pub mod drivers;
pub mod embedded;
pub mod engine;
pub mod findings;
pub mod fuzz_test;
pub mod grammar;
pub mod grow;
pub mod harness;
pub mod hook;
pub mod jazzer_cli;
pub mod junit_jar;
pub mod jvm;
pub mod launch;
pub mod length;
pub mod nodes;
pub mod observers;
pub mod output;
pub mod recent;
pub mod reports;
pub mod sarif;
pub mod seeds;
pub mod signals;
pub mod solver;
pub mod stackless;
pub mod state;
pub mod status;
pub mod stops;
pub mod target;
pub mod tokens;
pub mod tools;
pub mod trace_harness;
pub mod watchdog;
