//! jvmfuzz inside a JVM: everything that talks to JVMTI or JNI on the class-load path, shared
//! by the `-agentpath` agent and by `fuzz`.
//!
//! - [`env`]: the JVMTI environment (capabilities, events, JVMTI memory) and the hook's raw
//!   arguments;
//! - [`shim`]: the embedded shim jar (`java-shim/`, built by `build.rs`) and where it is put;
//! - [`filter`]: which classes are rewritten;
//! - [`load`]: THE class-load pipeline, with its modes (`profile`, `fuzz`);
//! - [`pending`]: the exception a failed JNI call left, taken and described;
//! - [`flag_probes`] and [`field_holders`]: where the profiler's flag probes store, made ready
//!   before a class that uses them runs, and read at exit.

pub mod env;
pub mod field_holders;
pub mod filter;
pub mod flag_probes;
pub mod load;
pub mod pending;
pub mod shim;

pub use shim::{install_jazzer_runtime_jar, install_shim_jar, JAZZER_RUNTIME_JAR, JUNIT_CLASSES_JAR, SHIM_JAR};
