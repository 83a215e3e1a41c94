//! The class-load hook inside the fuzzer's own JVM: the same JVMTI ClassFileLoadHook the
//! `-agentpath` agent installs, but calling the fuzz-mode transform (`transform`). Installed
//! right after the JVM is created and before the harness class is looked up, so every target
//! class is seen; classes loaded during JVM creation are the JDK's, which the filter excludes.
//!
//! Everything the JVM calls catches panics (unwinding into the JVM is undefined behaviour); on
//! any error the class is handed back unchanged.

use std::ffi::{c_char, c_uchar};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};

use jni::sys::{jclass, jint, jobject, JNIEnv as RawJniEnv, JavaVM as RawJavaVM};
use jvmfuzz_agent::jvmti::env::{self, Env};
use jvmfuzz_agent::options::ClassFilter;
use jvmti_sys::{jthread, jvmtiEnv, jvmtiEvent, jvmtiEventCallbacks};
use once_cell::sync::OnceCell;

static FILTER: OnceCell<ClassFilter> = OnceCell::new();

/// Classes instrumented / handed back unchanged because of an error.
pub static INSTRUMENTED: AtomicU64 = AtomicU64::new(0);
pub static FAILED: AtomicU64 = AtomicU64::new(0);
static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Installs the hook on `vm`. Call once, on a thread attached to the JVM.
///
/// # Safety
/// `vm` must be a live JavaVM.
pub unsafe fn install(vm: *mut RawJavaVM, filter: ClassFilter, verbose: bool) -> Result<(), String> {
    FILTER.set(filter).map_err(|_| "the class-load hook is installed twice".to_string())?;
    VERBOSE.store(verbose, Ordering::Relaxed);
    // SAFETY: caller guarantees a live VM.
    let env = unsafe { Env::from_vm(vm) }.map_err(|e| format!("cannot get JVMTI: {e}"))?;
    // Only matters for classes loaded before the live phase; refused in the live phase on
    // some JVMs, which is harmless here.
    let _ = env.add_class_hook_capabilities();
    let callbacks = jvmtiEventCallbacks {
        ClassFileLoadHook: Some(class_file_load_hook),
        ThreadEnd: Some(thread_end),
        ..Default::default()
    };
    env.set_event_callbacks(&callbacks).map_err(|e| e.to_string())?;
    for event in [jvmtiEvent::JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, jvmtiEvent::JVMTI_EVENT_THREAD_END] {
        env.enable_event(event).map_err(|e| e.to_string())?;
    }
    Ok(())
}

unsafe extern "C" fn thread_end(_jvmti: *mut jvmtiEnv, _jni: *mut RawJniEnv, _thread: jthread) {
    let _ = catch_unwind(jvmfuzz_runtime::on_thread_end);
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn class_file_load_hook(
    jvmti: *mut jvmtiEnv,
    _jni: *mut RawJniEnv,
    _class_being_redefined: jclass,
    _loader: jobject,
    name: *const c_char,
    _protection_domain: jobject,
    class_data_len: jint,
    class_data: *const c_uchar,
    new_class_data_len: *mut jint,
    new_class_data: *mut *mut c_uchar,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let Some(filter) = FILTER.get() else { return };
        // SAFETY: the arguments of this callback.
        let Some((name, bytes)) = (unsafe { env::hooked_class(name, class_data, class_data_len) }) else { return };
        if !filter.accepts(&name) {
            return;
        }
        match crate::transform::transform(&name, bytes) {
            Ok(Some(t)) => {
                // SAFETY: the out-pointers of this callback.
                match unsafe { env::hand_back(jvmti, &t.bytes, new_class_data_len, new_class_data) } {
                    Ok(()) => {
                        INSTRUMENTED.fetch_add(1, Ordering::Relaxed);
                        if VERBOSE.load(Ordering::Relaxed) {
                            eprintln!("jvmfuzz: instrumented {name}: {} probes, {} calls redirected", t.probes, t.redirected);
                        }
                    }
                    Err(_) => {
                        FAILED.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Ok(None) => {}
            Err(e) => {
                FAILED.fetch_add(1, Ordering::Relaxed);
                if VERBOSE.load(Ordering::Relaxed) {
                    eprintln!("jvmfuzz: not instrumented {name}: {e}");
                }
            }
        }
    }));
}
