//! JNI natives of `com.jvmfuzz.shim.Probes`. They are bound with RegisterNatives (by the agent at
//! VMInit, by the fuzzer after creating its JVM), never through JNI name lookup, because the
//! fuzzer binary embeds this crate instead of loading the agent library.
//!
//! Every native catches panics: unwinding into the JVM is undefined behaviour.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use jni::objects::JClass;
use jni::sys::{jboolean, jclass, jint, jobject, JNIEnv as RawEnv};
use jni::{JNIEnv, NativeMethod};

use crate::global;
use crate::ring::RingKind;
use crate::RuntimeError;

/// Internal name of the class whose natives live here.
pub const PROBES_CLASS: &str = "com/jvmfuzz/shim/Probes";

/// `static native ByteBuffer newRing(boolean virtualThread)`: a ring for the calling thread as
/// a direct ByteBuffer over the ring's native memory, or null (with a pending exception if the
/// JVM raised one).
extern "system" fn new_ring(env: *mut RawEnv, _class: jclass, virtual_thread: jboolean) -> jobject {
    catch_unwind(AssertUnwindSafe(|| {
        let kind = if virtual_thread != 0 { RingKind::Virtual } else { RingKind::Platform };
        let ring = match global::acquire_ring(kind) {
            Ok(r) => r,
            Err(_) => return std::ptr::null_mut(),
        };
        // SAFETY: env is the valid JNIEnv of the calling thread (JNI contract).
        let Ok(mut env) = (unsafe { JNIEnv::from_raw(env) }) else {
            global::release_ring(ring.id());
            return std::ptr::null_mut();
        };
        // SAFETY: the ring's memory lives as long as the process-wide ring set (forever) and
        // has byte_len() bytes.
        match unsafe { env.new_direct_byte_buffer(ring.base_ptr(), ring.byte_len()) } {
            Ok(buf) => buf.into_raw(),
            Err(_) => {
                // Usually OutOfMemoryError, left pending for the shim to catch.
                global::release_ring(ring.id());
                std::ptr::null_mut()
            }
        }
    }))
    .unwrap_or(std::ptr::null_mut())
}

/// `static native void drain(int ring)`: called by the producer when its ring is full.
extern "system" fn drain(_env: *mut RawEnv, _class: jclass, ring: jint) {
    let _ = catch_unwind(|| {
        if let Ok(id) = u32::try_from(ring) {
            global::drain_ring(id);
        }
    });
}

/// `static native void release(int ring)`: the shim's Cleaner saw the owner's Ring die.
extern "system" fn release(_env: *mut RawEnv, _class: jclass, ring: jint) {
    let _ = catch_unwind(|| {
        if let Ok(id) = u32::try_from(ring) {
            global::release_ring(id);
        }
    });
}

fn methods() -> [NativeMethod; 3] {
    [
        NativeMethod {
            name: "newRing".into(),
            sig: "(Z)Ljava/nio/ByteBuffer;".into(),
            fn_ptr: new_ring as *mut c_void,
        },
        NativeMethod { name: "drain".into(), sig: "(I)V".into(), fn_ptr: drain as *mut c_void },
        NativeMethod { name: "release".into(), sig: "(I)V".into(), fn_ptr: release as *mut c_void },
    ]
}

/// Binds the natives to `class` (which must be `com.jvmfuzz.shim.Probes`).
pub fn register_natives(env: &mut JNIEnv, class: &JClass) -> Result<(), RuntimeError> {
    env.register_native_methods(class, &methods()).map_err(|e| {
        let _ = env.exception_clear();
        RuntimeError::Jni(format!("RegisterNatives on {PROBES_CLASS}: {e}"))
    })
}

/// Finds `com.jvmfuzz.shim.Probes` (it must be loadable from `env`'s context, e.g. the shim jar
/// on the bootstrap class path) and binds the natives. Clears any exception it causes.
pub fn register_probes_natives(env: &mut JNIEnv) -> Result<(), RuntimeError> {
    let class = env.find_class(PROBES_CLASS).map_err(|e| {
        let _ = env.exception_clear();
        RuntimeError::Jni(format!("FindClass {PROBES_CLASS}: {e}"))
    })?;
    let result = register_natives(env, &class);
    let _ = env.delete_local_ref(class);
    result
}
