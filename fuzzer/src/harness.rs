//! Calling the target: looks up the harness class and its `fuzzerTestOneInput`, caches the
//! method ids, and runs one input per call. A Throwable escaping the harness comes back as a
//! [`Failure`] (class, message, stack text, frames), already filtered by `--ignore-exception`
//! and the System.exit hook by the shim's `Runner.check`.
//!
//! Must be used on the thread that created the JVM (it stays attached); every call runs in its
//! own JNI local frame so no local reference outlives an execution.

use jni::objects::{GlobalRef, JClass, JObject, JStaticFieldID, JStaticMethodID, JString, JValue};
use jni::signature::{Primitive, ReturnType};
use jni::sys::jvalue;
use jni::JNIEnv;

pub const RUNNER: &str = "com/jvmfuzz/shim/fuzz/Runner";
/// `Runner.CONTRACT`: the first line of a contract exception's description.
const CONTRACT: &str = "#contract ";

/// `Runner.HEAP_FULL`: the first line of a failure that left the Java heap full.
const HEAP_FULL: &str = "#heap-full\n";
/// `Expected.DRIVER_STALL`.
const DRIVER_STALL: &str = "driver stall: ";
const HOOKS: &str = "com/jvmfuzz/shim/fuzz/Hooks";

#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// The user's set-up is wrong (class or method missing): exit status 2.
    #[error("{0}")]
    Setup(String),
    /// fuzzerInitialize threw.
    #[error("fuzzerInitialize failed:\n{0}")]
    Init(String),
    #[error("JNI: {0}")]
    Jni(String),
}

fn jni_err(e: jni::errors::Error) -> HarnessError {
    HarnessError::Jni(e.to_string())
}

impl From<jni::errors::Error> for HarnessError {
    fn from(e: jni::errors::Error) -> Self {
        jni_err(e)
    }
}

/// What escaped the harness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub exception: String,
    pub message: String,
    /// printStackTrace output (with causes).
    pub stack_text: String,
    /// `class.method(File:line)` of the top-level Throwable, innermost first (for generated
    /// drivers, only its throwing site: findings are told apart by type and site).
    pub frames: Vec<String>,
    /// Generated drivers: why this is the contract of the method under test (thrown by design
    /// on the arguments it was given), not a bug; see the shim's `Expected`.
    pub contract: Option<String>,
}

impl Failure {
    /// A timeout of a generated driver caught in the driver's or the shim's own code, not the
    /// library's (the shim's `Expected.DRIVER_STALL`): no finding.
    pub fn is_driver_stall(&self) -> bool {
        self.contract.as_deref().is_some_and(|c| c.starts_with(DRIVER_STALL))
    }

    /// Parses `Runner.describe`'s format (after `Runner.check`'s contract line, if any).
    pub fn parse(s: &str) -> Option<Failure> {
        let (contract, s) = match s.strip_prefix(CONTRACT) {
            Some(tail) => {
                let (reason, rest) = tail.split_once('\n')?;
                (Some(reason.to_string()), rest)
            }
            None => (None, s),
        };
        let mut rest = s;
        let mut line = || -> Option<&str> {
            let (l, r) = rest.split_once('\n')?;
            rest = r;
            Some(l)
        };
        let exception = line()?.to_string();
        let message = line()?.to_string();
        let len: usize = line()?.parse().ok()?;
        // `len` counts UTF-16 chars (Java String length): walk chars to find the byte index.
        let mut units = 0usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            if units >= len {
                end = i;
                break;
            }
            units += c.len_utf16();
        }
        let stack_text = rest[..end].to_string();
        let frames = rest[end..].lines().filter(|l| !l.is_empty()).map(str::to_string).collect();
        Some(Failure { exception, message, stack_text, frames, contract })
    }

    /// `Runner.describe`'s format, which [`Failure::parse`] reads back: how a child process
    /// hands its failure to the fuzzer (`crate::stackless`).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if let Some(c) = &self.contract {
            s.push_str(CONTRACT);
            s.push_str(&c.replace('\n', " "));
            s.push('\n');
        }
        let one_line = |t: &str| t.replace(['\n', '\r'], " ");
        s.push_str(&one_line(&self.exception));
        s.push('\n');
        s.push_str(&one_line(&self.message));
        s.push('\n');
        s.push_str(&self.stack_text.encode_utf16().count().to_string());
        s.push('\n');
        s.push_str(&self.stack_text);
        for f in &self.frames {
            s.push_str(f);
            s.push('\n');
        }
        s
    }

    /// The innermost frame outside jvmfuzz's own shim (e.g. the target's System.exit call
    /// rather than the hook that replaced it).
    pub fn top_frame(&self) -> &str {
        self.frames
            .iter()
            .find(|f| !f.starts_with("com.jvmfuzz.shim."))
            .or(self.frames.first())
            .map_or("(no frames)", String::as_str)
    }
}

/// How the harness is called (decided by `Runner.setup` from the method's parameter type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Bytes,
    /// Our FuzzedDataProvider or Jazzer's interface (built by `Runner.runInput`, or by
    /// `Runner.argument(byte[])` off the fast path).
    Provider,
}

pub struct Harness {
    env: *mut jni::sys::JNIEnv,
    class: GlobalRef,
    runner: GlobalRef,
    method: JStaticMethodID,
    argument: JStaticMethodID,
    check: JStaticMethodID,
    dump: JStaticMethodID,
    sample: JStaticMethodID,
    /// `Hooks.pending` (an exit call, a finding reported from a hook), read after a call that
    /// threw nothing: only when it is set does a clean execution need `Runner.check` (a second
    /// Java call, a large share of a trivial execution's cost).
    hooks: GlobalRef,
    pending: JStaticFieldID,
    /// The input buffer Java reads (`Runner.runInput`), if set up.
    input: Option<InputBuffer>,
    pub mode: Mode,
    pub class_name: String,
    /// The last failure left the Java heap full (`Runner.HEAP_FULL`), or could not even be
    /// described: a JVM to restart (see [`Harness::take_heap_full`]).
    heap_full: std::sync::atomic::AtomicBool,
}

impl Harness {
    /// Finds `class_name` and its harness method; calls fuzzerInitialize.
    pub fn new(
        env: &mut JNIEnv,
        class_name: &str,
        ignored: &[String],
        init_args: &[String],
    ) -> Result<Harness, HarnessError> {
        let runner = env.find_class(RUNNER).map_err(|e| {
            let _ = env.exception_clear();
            HarnessError::Jni(format!("shim class {RUNNER} missing: {e}"))
        })?;
        // FindClass initialises the harness class: its static initializer runs under the rules
        // its runs do.
        if env.call_static_method(&runner, "beforeHarness", "()V", &[]).is_err() {
            return Err(HarnessError::Setup(pending_text(env)));
        }
        let internal = class_name.replace('.', "/");
        let class = match env.find_class(&internal) {
            Ok(c) => c,
            Err(_) => {
                return Err(HarnessError::Setup(if let Some(cause) = initializer_failure(env) {
                    format!("harness class {class_name} failed in its static initializer: {cause}")
                } else {
                    let detail = pending_text(env);
                    format!(
                        "harness class {class_name} not found on --cp ({detail}); check the class name (binary name, e.g. com.acme.MyFuzzer) and that its jar or classes directory is on --cp"
                    )
                }));
            }
        };
        let strings = string_array(env, ignored)?;
        let desc = env
            .call_static_method(
                &runner,
                "setup",
                "(Ljava/lang/Class;[Ljava/lang/String;)Ljava/lang/String;",
                &[JValue::Object(&class), JValue::Object(&strings)],
            )
            .and_then(|v| v.l());
        let desc = match desc {
            Ok(d) => java_string(env, d)?,
            Err(_) => {
                let detail = pending_text(env);
                return Err(HarnessError::Setup(detail));
            }
        };
        let mode = if desc == "([B)V" { Mode::Bytes } else { Mode::Provider };
        let method = env.get_static_method_id(&class, "fuzzerTestOneInput", &desc).map_err(|e| {
            let _ = env.exception_clear();
            HarnessError::Setup(format!("{class_name}.fuzzerTestOneInput{desc}: {e}"))
        })?;
        let argument = static_id(env, &runner, "argument", "([B)Ljava/lang/Object;")?;
        let check = static_id(env, &runner, "check", "(Ljava/lang/Throwable;)Ljava/lang/String;")?;
        let dump = static_id(env, &runner, "timeoutReport", "(Ljava/lang/String;I)Ljava/lang/String;")?;
        let sample = static_id(env, &runner, "stuckSample", "(I)I")?;
        let hooks = env.find_class(HOOKS).map_err(|e| {
            let _ = env.exception_clear();
            HarnessError::Jni(format!("shim class {HOOKS} missing: {e}"))
        })?;
        let pending = env.get_static_field_id(&hooks, "pending", "Ljava/lang/Object;").map_err(|e| {
            let _ = env.exception_clear();
            jni_err(e)
        })?;
        let args = string_array(env, init_args)?;
        if env
            .call_static_method(
                &runner,
                "initialize",
                "(Ljava/lang/Class;[Ljava/lang/String;)V",
                &[JValue::Object(&class), JValue::Object(&args)],
            )
            .is_err()
        {
            return Err(HarnessError::Init(pending_text(env)));
        }
        let input = InputBuffer::new(env, &runner, &class);
        let h = Harness {
            env: env.get_raw(),
            class: env.new_global_ref(&class).map_err(jni_err)?,
            runner: env.new_global_ref(&runner).map_err(jni_err)?,
            method,
            argument,
            check,
            dump,
            sample,
            hooks: env.new_global_ref(&hooks).map_err(jni_err)?,
            pending,
            input,
            mode,
            class_name: class_name.to_string(),
            heap_full: std::sync::atomic::AtomicBool::new(false),
        };
        Ok(h)
    }

    pub fn env(&self) -> Result<JNIEnv<'static>, HarnessError> {
        // SAFETY: the JNIEnv of the thread that created the Harness, which stays attached for
        // the life of the process; Harness is !Send (raw pointer field), so this is that thread.
        unsafe { JNIEnv::from_raw(self.env) }.map_err(jni_err)
    }

    /// Runs one input. `Ok(None)`: nothing to report.
    pub fn run(&self, data: &[u8]) -> Result<Option<Failure>, HarnessError> {
        let mut env = self.env()?;
        if let Some(input) = self.input.as_ref().filter(|b| data.len() <= b.capacity) {
            return self.run_fast(&mut env, input, data);
        }
        match self.mode {
            Mode::Bytes => self.run_bytes(&mut env, data),
            Mode::Provider => self.run_provider(&mut env, data),
        }
    }

    /// The fast path: one call, and back, without a local frame or `Runner.check` unless
    /// something was thrown or the target tried to exit. The input is copied into the buffer
    /// Java reads (`Runner.runInput`), which makes the harness's argument from it: no JNI
    /// object per execution.
    fn run_fast(&self, env: &mut JNIEnv, input: &InputBuffer, data: &[u8]) -> Result<Option<Failure>, HarnessError> {
        let raw = env.get_raw();
        // SAFETY: the buffer is `capacity` bytes (checked by the caller), leaked for the life
        // of the process, and only this thread (the harness's) writes it, between its own
        // calls into Java.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), input.bytes, data.len()) };
        // SAFETY: a valid JNIEnv of this thread; cached class and id of the static method
        // Runner.runInput(int)boolean, with its one int argument; ExceptionCheck may be
        // called with an exception pending.
        let (pending, thrown) = unsafe {
            let args = [jvalue { i: data.len() as i32 }];
            let pending = match (**raw).CallStaticBooleanMethodA {
                Some(call) => call(raw, self.runner.as_obj().as_raw(), input.run.into_raw(), args.as_ptr()),
                None => 1,
            };
            let thrown = match (**raw).ExceptionCheck {
                Some(check) => check(raw),
                None => 1,
            };
            (pending, thrown)
        };
        if pending == 0 && thrown == 0 {
            return Ok(None);
        }
        env.with_local_frame(16, |env| self.finish(env))
    }

    /// A provider harness off the fast path: the bytes go through `Runner.argument` (our
    /// FuzzedDataProvider or a Jazzer proxy), in a local frame of its own.
    fn run_provider(&self, env: &mut JNIEnv, data: &[u8]) -> Result<Option<Failure>, HarnessError> {
        env.with_local_frame(16, |env| -> Result<Option<Failure>, HarnessError> {
            let arr = env.byte_array_from_slice(data).map_err(|e| {
                let _ = env.exception_clear();
                jni_err(e)
            })?;
            // SAFETY: cached id of Runner.argument([B)Object, matching argument list.
            let r = unsafe {
                env.call_static_method_unchecked(
                    <&JClass>::from(self.runner.as_obj()),
                    self.argument,
                    ReturnType::Object,
                    &[jvalue { l: arr.as_raw() }],
                )
            };
            let arg = match r.and_then(|v| v.l()) {
                Ok(o) => o,
                Err(_) => return self.finish(env),
            };
            self.call_target(env, &arg);
            self.finish(env)
        })
    }

    /// Calls `fuzzerTestOneInput(arg)`; what it throws stays pending for the caller.
    fn call_target(&self, env: &mut JNIEnv, arg: &JObject) {
        // SAFETY: cached id of the harness method; one reference argument as its descriptor says.
        let _ = unsafe {
            env.call_static_method_unchecked(
                <&JClass>::from(self.class.as_obj()),
                self.method,
                ReturnType::Primitive(Primitive::Void),
                &[jvalue { l: arg.as_raw() }],
            )
        };
    }

    /// A `byte[]` harness off the fast path (an input longer than its buffer, or no buffer):
    /// the array is made through JNI.
    fn run_bytes(&self, env: &mut JNIEnv, data: &[u8]) -> Result<Option<Failure>, HarnessError> {
        let arr = env.byte_array_from_slice(data).map_err(|e| {
            let _ = env.exception_clear();
            jni_err(e)
        })?;
        self.call_target(env, &arr);
        // DeleteLocalRef is allowed with an exception pending.
        let _ = env.delete_local_ref(arr);
        if !env.exception_check().unwrap_or(true) {
            let raw = env.get_raw();
            // SAFETY: a valid JNIEnv of this thread; cached class and id of the static String
            // field Hooks.pending; no exception is pending. The result is a local reference.
            let exit = unsafe {
                match (**raw).GetStaticObjectField {
                    Some(get) => get(raw, self.hooks.as_obj().as_raw(), self.pending.into_raw()),
                    None => std::ptr::null_mut(),
                }
            };
            if exit.is_null() {
                return Ok(None);
            }
            // SAFETY: the local reference just returned.
            let _ = env.delete_local_ref(unsafe { JObject::from_raw(exit) });
        }
        env.with_local_frame(16, |env| self.finish(env))
    }

    /// Takes the pending Throwable (if any) and asks Runner.check whether it is a finding.
    fn finish(&self, env: &mut JNIEnv) -> Result<Option<Failure>, HarnessError> {
        let thrown = if env.exception_check().unwrap_or(false) {
            let t = env.exception_occurred().map_err(jni_err)?;
            env.exception_clear().map_err(jni_err)?;
            JObject::from(t)
        } else {
            JObject::null()
        };
        // SAFETY: cached id of Runner.check(Throwable)String.
        let r = unsafe {
            env.call_static_method_unchecked(
                <&JClass>::from(self.runner.as_obj()),
                self.check,
                ReturnType::Object,
                &[jvalue { l: thrown.as_raw() }],
            )
        };
        match r.and_then(|v| v.l()) {
            Ok(s) if s.is_null() => Ok(None),
            Ok(s) => {
                let mut text = java_string(env, s)?;
                if let Some(rest) = text.strip_prefix(HEAP_FULL) {
                    text = rest.to_string();
                    self.heap_full.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                Ok(Some(Failure::parse(&text).unwrap_or_else(|| Failure {
                    exception: "unknown".into(),
                    message: text.clone(),
                    stack_text: text,
                    frames: Vec::new(),
                    contract: None,
                })))
            }
            Err(_) => {
                // Describing the Throwable failed (e.g. OutOfMemoryError again): report what we can,
                // in a JVM that cannot be trusted with the next run.
                let _ = env.exception_clear();
                self.heap_full.store(true, std::sync::atomic::Ordering::Relaxed);
                let class = if thrown.is_null() { "unknown".to_string() } else { class_name_of(env, &thrown) };
                Ok(Some(Failure {
                    exception: class.clone(),
                    message: "(could not describe the Throwable)".into(),
                    stack_text: class,
                    frames: Vec::new(),
                    contract: None,
                }))
            }
        }
    }

    /// Whether the last failure left the heap full (or could not be described), and clears it:
    /// a leak across runs (a cache a run installed, growing with every later run) that every
    /// run after it would crawl through, so the JVM is restarted.
    pub fn take_heap_full(&self) -> bool {
        self.heap_full.swap(false, std::sync::atomic::Ordering::Relaxed)
    }

    /// What the watchdog thread needs to describe a timeout.
    pub fn timeout_reporter(&self) -> TimeoutReporter {
        TimeoutReporter { runner: self.runner.clone(), dump: self.dump, sample: self.sample }
    }
    /// Calls fuzzerTearDown if the harness has one.
    pub fn tear_down(&self) {
        let Ok(mut env) = self.env() else { return };
        let _ = env.with_local_frame(4, |env| -> Result<(), jni::errors::Error> {
            let runner = <&JClass>::from(self.runner.as_obj());
            let r = env.call_static_method(
                runner,
                "tearDown",
                "(Ljava/lang/Class;)V",
                &[JValue::Object(self.class.as_obj())],
            );
            if r.is_err() {
                let _ = env.exception_clear();
            }
            Ok(())
        });
    }
}

/// The memory inputs are copied into, which Java reads through a direct `ByteBuffer` made
/// once (`Runner.fastPath`): no JNI object is made per execution.
struct InputBuffer {
    bytes: *mut u8,
    capacity: usize,
    /// `Runner.runInput(int)boolean`.
    run: JStaticMethodID,
}

/// Inputs up to this length take the input buffer; longer ones (a seed file past `--max-len`)
/// an array made through JNI.
const INPUT_BUFFER: usize = 1 << 20;

impl InputBuffer {
    /// `None` when Java refuses (the path through JNI arrays is then used).
    fn new(env: &mut JNIEnv, runner: &JClass, harness: &JClass) -> Option<InputBuffer> {
        let run = static_id(env, runner, "runInput", "(I)Z").ok()?;
        // Leaked: Java keeps the buffer in a static for the life of the JVM.
        let bytes: &'static mut [u8] = Box::leak(vec![0u8; INPUT_BUFFER].into_boxed_slice());
        let ptr = bytes.as_mut_ptr();
        let set_up = env.with_local_frame(4, |env| -> Result<(), jni::errors::Error> {
            // SAFETY: `INPUT_BUFFER` bytes at `ptr`, valid for the rest of the process.
            let buffer = unsafe { env.new_direct_byte_buffer(ptr, INPUT_BUFFER) }?;
            env.call_static_method(
                runner,
                "fastPath",
                "(Ljava/lang/Class;Ljava/nio/ByteBuffer;)V",
                &[JValue::Object(harness), JValue::Object(&buffer)],
            )?;
            Ok(())
        });
        if set_up.is_err() {
            let _ = env.exception_clear();
            return None;
        }
        Some(InputBuffer { bytes: ptr, capacity: INPUT_BUFFER, run })
    }
}

/// Describes a stuck execution; usable from any attached thread.
#[derive(Clone)]
pub struct TimeoutReporter {
    runner: GlobalRef,
    dump: JStaticMethodID,
    sample: JStaticMethodID,
}

/// How many more samples of a stuck run's stack [`TimeoutReporter::failure`] takes after the
/// first, and how far apart: the frames all of them share end at the loop it is stuck in.
const STUCK_SAMPLES: u32 = 32;
const STUCK_SAMPLE_GAP: std::time::Duration = std::time::Duration::from_millis(4);

impl TimeoutReporter {
    /// The harness thread's stack, a `    at frame` line each (`Runner.harnessStack`), for the
    /// watchdog's report of a fuzzing thread nothing stops; None where Java cannot tell.
    pub fn harness_stack(&self, env: &mut JNIEnv) -> Option<String> {
        let r = env.with_local_frame(4, |env| -> Result<String, jni::errors::Error> {
            let runner = <&JClass>::from(self.runner.as_obj());
            let s = env.call_static_method(runner, "harnessStack", "()Ljava/lang/String;", &[])?.l()?;
            Ok(env.get_string(&JString::from(s))?.into())
        });
        r.map_err(|_| {
            let _ = env.exception_clear();
        })
        .ok()
        .filter(|s| !s.is_empty())
    }

    /// A timeout finding: every Java thread's stack, deduplicated by the loop the harness
    /// thread is stuck in (the frames a few samples of its stack share; Runner.stuckSample).
    /// Runs on another attached thread (the watchdog) while the harness is stuck; `still()`
    /// says the stuck run is still the one running, so that a sample taken after it ended (of
    /// the next run, or of the fuzzer between runs) does not count.
    pub fn failure(&self, env: &mut JNIEnv, message: &str, still: &dyn Fn() -> bool) -> Failure {
        let fallback = || Failure {
            exception: "timeout".into(),
            message: message.to_string(),
            stack_text: "(thread dump failed)".into(),
            frames: Vec::new(),
            contract: None,
        };
        let r = env.with_local_frame(8, |env| -> Result<Option<Failure>, jni::errors::Error> {
            let runner = <&JClass>::from(self.runner.as_obj());
            let sample = |env: &mut JNIEnv, shared: i32| -> Option<i32> {
                // SAFETY: cached id of Runner.stuckSample(int)int.
                let r = unsafe {
                    env.call_static_method_unchecked(
                        runner,
                        self.sample,
                        ReturnType::Primitive(jni::signature::Primitive::Int),
                        &[jvalue { i: shared }],
                    )
                };
                match r.and_then(|v| v.i()) {
                    Ok(n) => Some(n),
                    Err(_) => {
                        let _ = env.exception_clear();
                        None
                    }
                }
            };
            // -1 until the first sample is taken: the report then samples once itself.
            let mut shared = -1;
            if still() {
                if let Some(depth) = sample(env, -1) {
                    shared = depth;
                    // A sample counts if the run was still the stuck one after it, and if it
                    // shares a frame with the first: a stuck run keeps at least its entry, and
                    // one that shares none has returned (into Runner.check, say) even while
                    // the watchdog still sees it armed.
                    for _ in 0..STUCK_SAMPLES {
                        if !still() {
                            break;
                        }
                        std::thread::sleep(STUCK_SAMPLE_GAP);
                        let Some(n) = sample(env, shared) else { break };
                        if n == 0 || !still() {
                            break;
                        }
                        shared = n;
                    }
                }
            }
            let msg = env.new_string(message)?;
            // SAFETY: cached id of Runner.timeoutReport(String, int)String.
            let r = unsafe {
                env.call_static_method_unchecked(
                    runner,
                    self.dump,
                    ReturnType::Object,
                    &[jvalue { l: msg.as_raw() }, jvalue { i: shared }],
                )
            };
            match r.and_then(|v| v.l()) {
                Ok(s) => Ok(java_string(env, s).ok().and_then(|t| Failure::parse(&t))),
                Err(_) => {
                    let _ = env.exception_clear();
                    Ok(None)
                }
            }
        });
        r.ok().flatten().unwrap_or_else(fallback)
    }
}

fn static_id(env: &mut JNIEnv, class: &JClass, name: &str, sig: &str) -> Result<JStaticMethodID, HarnessError> {
    env.get_static_method_id(class, name, sig).map_err(|e| {
        let _ = env.exception_clear();
        HarnessError::Jni(format!("{RUNNER}.{name}{sig}: {e}"))
    })
}

fn string_array<'l>(env: &mut JNIEnv<'l>, items: &[String]) -> Result<jni::objects::JObjectArray<'l>, HarnessError> {
    let arr = env.new_object_array(items.len() as i32, "java/lang/String", JObject::null()).map_err(jni_err)?;
    for (i, s) in items.iter().enumerate() {
        let js = env.new_string(s).map_err(jni_err)?;
        env.set_object_array_element(&arr, i as i32, js).map_err(jni_err)?;
    }
    Ok(arr)
}

fn java_string(env: &mut JNIEnv, o: JObject) -> Result<String, HarnessError> {
    if o.is_null() {
        return Ok(String::new());
    }
    let s = JString::from(o);
    let r = env.get_string(&s).map(String::from).map_err(jni_err);
    let _ = env.delete_local_ref(s);
    r
}

fn class_name_of(env: &mut JNIEnv, o: &JObject) -> String {
    let r = env
        .get_object_class(o)
        .and_then(|c| env.call_method(&c, "getName", "()Ljava/lang/String;", &[]))
        .and_then(|v| v.l());
    match r {
        Ok(s) => java_string(env, s).unwrap_or_else(|_| "unknown".into()),
        Err(_) => {
            let _ = env.exception_clear();
            "unknown".into()
        }
    }
}

/// The pending exception as text (and cleared), for set-up error messages.
/// The pending exception is an ExceptionInInitializerError: it is cleared and its cause's
/// text comes back. Any other stays pending.
fn initializer_failure(env: &mut JNIEnv) -> Option<String> {
    let t = env.exception_occurred().ok().filter(|t| !t.is_null())?;
    // JNI allows no other call while an exception is pending.
    env.exception_clear().ok()?;
    let t = JObject::from(t);
    let is_init = env.is_instance_of(&t, "java/lang/ExceptionInInitializerError").unwrap_or(false);
    if !is_init {
        let _ = env.throw(jni::objects::JThrowable::from(t));
        return None;
    }
    let cause = env
        .call_method(&t, "getCause", "()Ljava/lang/Throwable;", &[])
        .and_then(|v| v.l())
        .ok()
        .filter(|c| !c.is_null())
        .unwrap_or(t);
    let _ = env.throw(jni::objects::JThrowable::from(cause));
    Some(pending_text(env))
}

/// The pending exception's text, cleared; an `IllegalArgumentException` from `Runner.setup`
/// as its message alone.
pub fn pending_text(env: &mut JNIEnv) -> String {
    if !env.exception_check().unwrap_or(false) {
        return "no exception".into();
    }
    match jvmfuzz_jvm::pending::take(env) {
        Some(text) => text.strip_prefix("java.lang.IllegalArgumentException: ").map(str::to_string).unwrap_or(text),
        None => "unknown error".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_written_as_text_reads_back_the_same() {
        let f = Failure {
            exception: "java.lang.NullPointerException".into(),
            message: "bäd \u{1F600}".into(),
            stack_text: "java.lang.NullPointerException: bäd \u{1F600}\n\tat a.B.c(B.java:3)\n".into(),
            frames: vec!["a.B.c(B.java:3)".into(), "a.B.main(B.java:9)".into()],
            contract: None,
        };
        assert_eq!(Failure::parse(&f.to_text()), Some(f.clone()));
        let c = Failure { contract: Some("bounds check".into()), ..f };
        assert_eq!(Failure::parse(&c.to_text()), Some(c));
    }

    #[test]
    fn parses_runner_describe_output() {
        let full = "java.lang.IllegalStateException: bäd\n\tat a.B.c(B.java:3)\n";
        let s = format!(
            "java.lang.IllegalStateException\nbäd\n{}\n{}a.B.c(B.java:3)\na.B.main(B.java:9)\n",
            full.encode_utf16().count(),
            full
        );
        let f = Failure::parse(&s).unwrap();
        assert_eq!(f.exception, "java.lang.IllegalStateException");
        assert_eq!(f.message, "bäd");
        assert_eq!(f.stack_text, full);
        assert_eq!(f.frames, vec!["a.B.c(B.java:3)", "a.B.main(B.java:9)"]);
        assert_eq!(f.top_frame(), "a.B.c(B.java:3)");
        assert!(Failure::parse("x\n").is_none());
    }

    #[test]
    fn a_stall_in_the_drivers_own_code_is_told_from_a_contract_stall() {
        let body = "timeout\nran long\n0\njvmfuzz.drivers.a.BDriver.m\n";
        let ours = Failure::parse(&format!("#contract driver stall: a.B::m\n{body}")).unwrap();
        assert!(ours.is_driver_stall());
        let waits = Failure::parse(&format!("#contract waits as long as the caller asked: a.B.m\n{body}")).unwrap();
        assert!(!waits.is_driver_stall());
        assert!(!Failure::parse(body).unwrap().is_driver_stall());
    }
}
