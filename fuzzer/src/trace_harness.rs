//! The harness's trace copy (the solver's, `docs/solver.md`): the shim's `TraceRunner` loads the
//! harness class a second time through a `TraceLoader` (so the class-load pipeline traces it and
//! every target class it reaches) and runs single inputs through it with the shadow machine on,
//! returning each input's trace. Called on the fuzzing thread, between executions.

use jni::objects::{GlobalRef, JByteArray, JClass, JObject, JStaticMethodID, JValue};
use jni::signature::ReturnType;
use jni::sys::jvalue;
use jni::JNIEnv;

const TRACE_RUNNER: &str = "com/jvmfuzz/shim/sym/TraceRunner";

/// The loaded trace copy of one harness.
pub struct TraceHarness {
    runner: GlobalRef,
    class: GlobalRef,
    run: JStaticMethodID,
}

/// Why the trace copy could not be loaded or run.
#[derive(Debug)]
pub struct TraceError(pub String);

impl From<jni::errors::Error> for TraceError {
    fn from(e: jni::errors::Error) -> Self {
        TraceError(e.to_string())
    }
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn described(env: &mut JNIEnv, what: &str, e: jni::errors::Error) -> TraceError {
    let detail = crate::harness::pending_text(env);
    TraceError(if detail.is_empty() { format!("{what}: {e}") } else { format!("{what}: {detail}") })
}

impl TraceHarness {
    /// Loads the trace copy of `class_name` over the JVM's class path and runs its
    /// fuzzerInitialize. Call once trace mode is on (`jvmfuzz_jvm::load::trace::enable`).
    pub fn open(env: &mut JNIEnv, class_name: &str) -> Result<TraceHarness, TraceError> {
        env.with_local_frame(16, |env| -> Result<TraceHarness, TraceError> {
            let runner = env.find_class(TRACE_RUNNER).map_err(|e| described(env, TRACE_RUNNER, e))?;
            let key = env.new_string("java.class.path").map_err(|e| described(env, "class path", e))?;
            let cp = env
                .call_static_method(
                    "java/lang/System",
                    "getProperty",
                    "(Ljava/lang/String;)Ljava/lang/String;",
                    &[JValue::Object(&key)],
                )
                .and_then(|v| v.l())
                .map_err(|e| described(env, "class path", e))?;
            let name = env.new_string(class_name).map_err(|e| described(env, "harness name", e))?;
            let class = env
                .call_static_method(
                    &runner,
                    "harness",
                    "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;",
                    &[JValue::Object(&name), JValue::Object(&cp)],
                )
                .and_then(|v| v.l())
                .map_err(|e| described(env, &format!("loading the trace copy of {class_name}"), e))?;
            let run = env
                .get_static_method_id(&runner, "run", "(Ljava/lang/Class;[B)[B")
                .map_err(|e| described(env, "TraceRunner.run", e))?;
            Ok(TraceHarness { runner: env.new_global_ref(&runner)?, class: env.new_global_ref(&class)?, run })
        })
    }

    /// Runs `input` traced; the trace's bytes.
    pub fn run(&self, env: &mut JNIEnv, input: &[u8]) -> Result<Vec<u8>, TraceError> {
        env.with_local_frame(16, |env| -> Result<Vec<u8>, TraceError> {
            let arr = env.byte_array_from_slice(input).map_err(|e| described(env, "input", e))?;
            // SAFETY: the cached id of TraceRunner.run(Class, byte[])byte[], with those arguments.
            let r = unsafe {
                env.call_static_method_unchecked(
                    <&JClass>::from(self.runner.as_obj()),
                    self.run,
                    ReturnType::Object,
                    &[jvalue { l: self.class.as_obj().as_raw() }, jvalue { l: arr.as_raw() }],
                )
            };
            let trace: JObject = r.and_then(|v| v.l()).map_err(|e| described(env, "TraceRunner.run", e))?;
            if trace.is_null() {
                return Err(TraceError("TraceRunner.run returned no trace".into()));
            }
            env.convert_byte_array(JByteArray::from(trace)).map_err(|e| described(env, "trace bytes", e))
        })
    }
}
