//! The agent's class-file module compiled on its own for fuzzing: it depends only on
//! ahash and thiserror, so the fuzz build skips the rest of the agent (JNI, runtime,
//! Java shim) and instruments only the code under test.

#[path = "../../src/classfile/mod.rs"]
pub mod classfile;
