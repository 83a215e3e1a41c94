//! A thin wrapper over the raw JVMTI environment (jvmti-sys 0.1 types).
//!
//! jvmti-sys declares every function as returning its `jvmtiError` Rust enum; a JVM returning
//! a code the enum lacks (newer JDKs add some) would be undefined behaviour. So each function
//! pointer is transmuted to the same signature returning a plain `jint` before the call.

use std::ffi::{c_char, c_uchar, CStr, CString};
use std::fmt;
use std::ptr;

use jni::sys::{jint, jlong, jobject, JavaVM};
use jvmti_sys::{jthread, jvmtiCapabilities, jvmtiEnv, jvmtiEvent, jvmtiEventCallbacks};

/// JVMTI 1.2 (JDK 7+): everything used here exists there.
const JVMTI_VERSION_1_2: jint = 0x3001_0200;

/// Bit of `can_generate_all_class_hook_events` in the first capability word (jvmti.h declares
/// 26 one-bit fields before it; GCC and Clang allocate bit-fields from the low bit).
const CAN_GENERATE_ALL_CLASS_HOOK_EVENTS: u32 = 1 << 26;

/// Bit of `can_retransform_classes` in the second capability word (the 38th field).
const CAN_RETRANSFORM_CLASSES: u32 = 1 << 5;

/// Bit of `can_signal_thread` in the first capability word (the 11th field).
const CAN_SIGNAL_THREAD: u32 = 1 << 10;

/// Bit of `can_suspend` in the first capability word (the 21st field).
const CAN_SUSPEND: u32 = 1 << 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JvmtiError {
    pub function: &'static str,
    pub code: jint,
}

impl fmt::Display for JvmtiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.code {
            -1 => "function missing from the JVMTI table",
            20 => "INVALID_OBJECT",
            98 => "NOT_AVAILABLE",
            99 => "MUST_POSSESS_CAPABILITY",
            100 => "NULL_POINTER",
            103 => "ILLEGAL_ARGUMENT",
            110 => "OUT_OF_MEMORY",
            112 => "WRONG_PHASE",
            113 => "INTERNAL",
            _ => "",
        };
        write!(f, "JVMTI {} failed: error {} {}", self.function, self.code, name)
    }
}

impl std::error::Error for JvmtiError {}

/// Calls one JVMTI function through the table with an `i32` return type. `$ty` is the function's
/// parameter list after the env pointer.
macro_rules! call {
    ($env:expr, $name:ident, ($($ty:ty),*), $($arg:expr),*) => {{
        let env: *mut jvmtiEnv = $env;
        // SAFETY: env is a live JVMTI environment; its first word points at the function table.
        let table = unsafe { &**env };
        match table.$name {
            None => Err(JvmtiError { function: stringify!($name), code: -1 }),
            Some(f) => {
                // SAFETY: same C signature, `jvmtiError` is a C enum (an int) on every ABI we run on.
                let f: unsafe extern "C" fn(*mut jvmtiEnv $(, $ty)*) -> jint = unsafe { std::mem::transmute(f) };
                // SAFETY: arguments as documented by the JVMTI specification.
                let rc = unsafe { f(env $(, $arg)*) };
                if rc == 0 { Ok(()) } else { Err(JvmtiError { function: stringify!($name), code: rc }) }
            }
        }
    }};
}

/// The agent's JVMTI environment. Copyable: JVMTI environments are valid for the life of the VM
/// and callable from any thread.
#[derive(Debug, Clone, Copy)]
pub struct Env(*mut jvmtiEnv);

// SAFETY: JVMTI functions may be called from any thread (each says which phases it allows).
unsafe impl Send for Env {}
unsafe impl Sync for Env {}

impl Env {
    /// Gets a JVMTI 1.2 environment from the VM.
    ///
    /// # Safety
    /// `vm` must be the JavaVM passed to Agent_OnLoad.
    pub unsafe fn from_vm(vm: *mut JavaVM) -> Result<Env, JvmtiError> {
        if vm.is_null() || (*vm).is_null() {
            return Err(JvmtiError { function: "GetEnv", code: -1 });
        }
        let get_env = (**vm).GetEnv.ok_or(JvmtiError { function: "GetEnv", code: -1 })?;
        let mut out: *mut std::ffi::c_void = ptr::null_mut();
        let rc = get_env(vm, &mut out, JVMTI_VERSION_1_2);
        if rc != 0 || out.is_null() {
            return Err(JvmtiError { function: "GetEnv", code: rc });
        }
        Ok(Env(out as *mut jvmtiEnv))
    }

    /// Wraps the env pointer an event callback received.
    pub fn from_raw(env: *mut jvmtiEnv) -> Option<Env> {
        (!env.is_null()).then_some(Env(env))
    }

    pub fn raw(&self) -> *mut jvmtiEnv {
        self.0
    }

    pub fn add_class_hook_capabilities(&self) -> Result<(), JvmtiError> {
        let mut potential = jvmtiCapabilities::default();
        call!(self.0, GetPotentialCapabilities, (*mut jvmtiCapabilities), &mut potential)?;
        // Only ask for it when offered; initial class loads are hooked without it.
        let caps = jvmtiCapabilities {
            _bindgen_bitfield_1_: potential._bindgen_bitfield_1_ & CAN_GENERATE_ALL_CLASS_HOOK_EVENTS,
            ..Default::default()
        };
        call!(self.0, AddCapabilities, (*const jvmtiCapabilities), &caps)
    }

    /// Asks for `can_retransform_classes` (granted in the live phase too, as for agents that
    /// attach late), so this environment's class-load hook also sees retransformations.
    pub fn add_retransform_capability(&self) -> Result<(), JvmtiError> {
        let caps = jvmtiCapabilities { _bindgen_bitfield_2_: CAN_RETRANSFORM_CLASSES, ..Default::default() };
        call!(self.0, AddCapabilities, (*const jvmtiCapabilities), &caps)
    }

    /// Asks for `can_signal_thread` (HotSpot grants it in every phase), for [`Env::stop_thread`].
    pub fn add_signal_capability(&self) -> Result<(), JvmtiError> {
        let caps = jvmtiCapabilities { _bindgen_bitfield_1_: CAN_SIGNAL_THREAD, ..Default::default() };
        call!(self.0, AddCapabilities, (*const jvmtiCapabilities), &caps)
    }

    /// Asks for `can_suspend`, for [`Env::suspend_thread`] and [`Env::resume_thread`].
    pub fn add_suspend_capability(&self) -> Result<(), JvmtiError> {
        let caps = jvmtiCapabilities { _bindgen_bitfield_1_: CAN_SUSPEND, ..Default::default() };
        call!(self.0, AddCapabilities, (*const jvmtiCapabilities), &caps)
    }

    /// Suspends `thread` (JVMTI `SuspendThread`): it stops at its next safepoint check, or on
    /// its way back from native code. Needs [`Env::add_suspend_capability`].
    ///
    /// # Safety
    /// `thread` must be a live JNI reference to a `java.lang.Thread` other than the caller's,
    /// and the caller must resume it.
    pub unsafe fn suspend_thread(&self, thread: jthread) -> Result<(), JvmtiError> {
        call!(self.0, SuspendThread, (jthread), thread)
    }

    /// Resumes a thread [`Env::suspend_thread`] suspended.
    ///
    /// # Safety
    /// `thread` must be a live JNI reference to a `java.lang.Thread`.
    pub unsafe fn resume_thread(&self, thread: jthread) -> Result<(), JvmtiError> {
        call!(self.0, ResumeThread, (jthread), thread)
    }

    /// Throws `exception` asynchronously in `thread` (JVMTI `StopThread`): it arrives the next
    /// time the thread runs Java code or returns to it. Needs [`Env::add_signal_capability`].
    ///
    /// # Safety
    /// `thread` and `exception` must be live JNI references (global ones from another thread)
    /// to a `java.lang.Thread` and a `Throwable`.
    pub unsafe fn stop_thread(&self, thread: jthread, exception: jni::sys::jobject) -> Result<(), JvmtiError> {
        call!(self.0, StopThread, (jthread, jni::sys::jobject), thread, exception)
    }

    /// The internal name (`java/util/HashMap`) of the class whose method `thread` is running
    /// (its top Java frame), or None if it has none or JVMTI cannot tell.
    ///
    /// # Safety
    /// `thread` must be a live JNI reference to a `java.lang.Thread`. The calling thread must be
    /// attached and inside a JNI local frame: the declaring class comes back as a local
    /// reference, which this leaves to that frame.
    pub unsafe fn top_frame_class(&self, thread: jthread) -> Option<String> {
        let mut frame = jvmti_sys::jvmtiFrameInfo { method: ptr::null_mut(), location: 0 };
        let mut count: jint = 0;
        call!(
            self.0,
            GetStackTrace,
            (jthread, jint, jint, *mut jvmti_sys::jvmtiFrameInfo, *mut jint),
            thread,
            0,
            1,
            &mut frame,
            &mut count
        )
        .ok()?;
        if count < 1 || frame.method.is_null() {
            return None;
        }
        let mut class: jni::sys::jclass = ptr::null_mut();
        call!(self.0, GetMethodDeclaringClass, (jni::sys::jmethodID, *mut jni::sys::jclass), frame.method, &mut class)
            .ok()?;
        self.class_name(class)
    }

    /// Whether one of the top `depth` frames of `thread` runs a static initializer
    /// (`<clinit>`): a class being initialised, which an exception thrown now would leave
    /// erroneous for the rest of the JVM's life.
    ///
    /// # Safety
    /// `thread` must be a live JNI reference to a `java.lang.Thread`.
    pub unsafe fn in_static_initializer(&self, thread: jthread, depth: usize) -> bool {
        let mut frames = vec![jvmti_sys::jvmtiFrameInfo { method: ptr::null_mut(), location: 0 }; depth];
        let mut count: jint = 0;
        let max = jint::try_from(depth).unwrap_or(jint::MAX);
        let got = call!(
            self.0,
            GetStackTrace,
            (jthread, jint, jint, *mut jvmti_sys::jvmtiFrameInfo, *mut jint),
            thread,
            0,
            max,
            frames.as_mut_ptr(),
            &mut count
        );
        if got.is_err() {
            return false;
        }
        let count = usize::try_from(count).unwrap_or(0).min(depth);
        frames[..count].iter().any(|f| !f.method.is_null() && self.method_name(f.method).as_deref() == Some("<clinit>"))
    }

    fn method_name(&self, method: jni::sys::jmethodID) -> Option<String> {
        let mut name: *mut c_char = ptr::null_mut();
        call!(
            self.0,
            GetMethodName,
            (jni::sys::jmethodID, *mut *mut c_char, *mut *mut c_char, *mut *mut c_char),
            method,
            &mut name,
            ptr::null_mut(),
            ptr::null_mut()
        )
        .ok()?;
        self.take_string(name)
    }

    /// The text of a string JVMTI allocated (None for null), which it then deallocates.
    fn take_string(&self, text: *mut c_char) -> Option<String> {
        if text.is_null() {
            return None;
        }
        // SAFETY: a NUL-terminated string allocated by JVMTI.
        let owned = unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned();
        let _ = call!(self.0, Deallocate, (*mut c_uchar), text.cast());
        Some(owned)
    }

    /// A class's internal name (`com/acme/Foo`), from its JVMTI signature; None for arrays
    /// and primitive classes, or if JVMTI cannot tell.
    fn class_name(&self, class: jni::sys::jclass) -> Option<String> {
        let mut sig: *mut c_char = ptr::null_mut();
        call!(
            self.0,
            GetClassSignature,
            (jni::sys::jclass, *mut *mut c_char, *mut *mut c_char),
            class,
            &mut sig,
            ptr::null_mut()
        )
        .ok()?;
        let text = self.take_string(sig)?;
        text.strip_prefix('L').and_then(|t| t.strip_suffix(';')).map(str::to_string)
    }

    /// The loaded classes with their internal names (`com/acme/Foo`); arrays and primitive
    /// classes left out. The jclass values are JNI local references of the calling thread.
    pub fn loaded_classes(&self) -> Result<Vec<(jni::sys::jclass, String)>, JvmtiError> {
        let mut count: jint = 0;
        let mut classes: *mut jni::sys::jclass = ptr::null_mut();
        call!(self.0, GetLoadedClasses, (*mut jint, *mut *mut jni::sys::jclass), &mut count, &mut classes)?;
        let mut out = Vec::new();
        for i in 0..usize::try_from(count).unwrap_or(0) {
            // SAFETY: GetLoadedClasses returned `count` entries at `classes`.
            let class = unsafe { *classes.add(i) };
            if let Some(name) = self.class_name(class) {
                out.push((class, name));
            }
        }
        let _ = call!(self.0, Deallocate, (*mut c_uchar), classes.cast());
        Ok(out)
    }

    /// Retransforms `class`: the class-load hooks of retransformation-capable environments
    /// run again on its original bytes.
    pub fn retransform(&self, class: jni::sys::jclass) -> Result<(), JvmtiError> {
        let one = [class];
        call!(self.0, RetransformClasses, (jint, *const jni::sys::jclass), 1, one.as_ptr())
    }

    pub fn set_event_callbacks(&self, callbacks: &jvmtiEventCallbacks) -> Result<(), JvmtiError> {
        let size = std::mem::size_of::<jvmtiEventCallbacks>() as jint;
        call!(self.0, SetEventCallbacks, (*const jvmtiEventCallbacks, jint), callbacks, size)
    }

    pub fn enable_event(&self, event: jvmtiEvent) -> Result<(), JvmtiError> {
        let env = self.0;
        // SAFETY: as in call!; SetEventNotificationMode is variadic in C (trailing reserved
        // args); a variadic call with none is what C callers do.
        let table = unsafe { &**env };
        let f = table.SetEventNotificationMode.ok_or(JvmtiError { function: "SetEventNotificationMode", code: -1 })?;
        // SAFETY: same signature with int enums and an int return.
        let f: unsafe extern "C" fn(*mut jvmtiEnv, jint, jint, jthread, ...) -> jint =
            unsafe { std::mem::transmute(f) };
        const JVMTI_ENABLE: jint = 1;
        // SAFETY: valid env, event id from jvmti-sys, null thread = all threads.
        let rc = unsafe { f(env, JVMTI_ENABLE, event as jint, ptr::null_mut()) };
        if rc == 0 {
            Ok(())
        } else {
            Err(JvmtiError { function: "SetEventNotificationMode", code: rc })
        }
    }

    /// `AddModuleOpens` (JVMTI 9, slot 96, which jvmti-sys 0.1 still calls `reserved96`):
    /// `module` opens package `package` (dotted) to `to`, for deep reflection.
    ///
    /// # Safety
    /// `module` and `to` must be live references to `java.lang.Module` objects.
    pub unsafe fn add_module_opens(&self, module: jobject, package: &CStr, to: jobject) -> Result<(), JvmtiError> {
        let err = |code| JvmtiError { function: "AddModuleOpens", code };
        // SAFETY: env is a live JVMTI environment; its first word points at the function table.
        let slot = unsafe { (**self.0).reserved96 };
        if slot.is_null() {
            return Err(err(-1));
        }
        type AddModuleOpens = unsafe extern "C" fn(*mut jvmtiEnv, jobject, *const c_char, jobject) -> jint;
        // SAFETY: slot 96 of a JVMTI 9+ function table is AddModuleOpens, with this signature.
        let f: AddModuleOpens = unsafe { std::mem::transmute(slot) };
        // SAFETY: live module references (the caller's promise) and a NUL-terminated name.
        let rc = unsafe { f(self.0, module, package.as_ptr(), to) };
        if rc == 0 {
            Ok(())
        } else {
            Err(err(rc))
        }
    }

    pub fn add_to_bootstrap_class_loader_search(&self, jar: &CStr) -> Result<(), JvmtiError> {
        call!(self.0, AddToBootstrapClassLoaderSearch, (*const c_char), jar.as_ptr())
    }

    /// Copies `bytes` into JVMTI-allocated memory (what ClassFileLoadHook must hand back).
    pub fn allocate_copy(&self, bytes: &[u8]) -> Result<*mut c_uchar, JvmtiError> {
        let mut mem: *mut c_uchar = ptr::null_mut();
        let len = bytes.len() as jlong;
        call!(self.0, Allocate, (jlong, *mut *mut c_uchar), len, &mut mem)?;
        if mem.is_null() {
            return Err(JvmtiError { function: "Allocate", code: 110 });
        }
        // SAFETY: mem has bytes.len() bytes, freshly allocated, no overlap.
        unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), mem, bytes.len()) };
        Ok(mem)
    }
}

/// A path as a C string for JVMTI (paths with NUL bytes cannot be passed).
pub fn c_path(path: &std::path::Path) -> Option<CString> {
    use std::os::unix::ffi::OsStrExt;
    CString::new(path.as_os_str().as_bytes()).ok()
}

/// A pending Java exception must not leak into the class being loaded or the exiting JVM.
pub fn clear_exception(env: &mut jni::JNIEnv) {
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
}

/// The class name and bytes of one ClassFileLoadHook call; `None` for hidden classes (lambdas,
/// proxies: no name, their code lives in the host class) and empty data.
///
/// # Safety
/// The raw arguments of the current ClassFileLoadHook call; the results must not outlive it.
pub unsafe fn hooked_class<'a>(
    name: *const c_char,
    data: *const c_uchar,
    len: jint,
) -> Option<(std::borrow::Cow<'a, str>, &'a [u8])> {
    if name.is_null() || data.is_null() || len <= 0 {
        return None;
    }
    // SAFETY: JVMTI passes a NUL-terminated modified-UTF-8 name and `len` bytes of class data,
    // both valid for the duration of the callback.
    let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
    let bytes = unsafe { std::slice::from_raw_parts(data, len as usize) };
    Some((name, bytes))
}

/// Hands rewritten class bytes back to the JVM through the hook's out-pointers (JVMTI memory).
/// On an error nothing is handed back and the JVM keeps the original bytes.
///
/// # Safety
/// `new_len` and `new_data` are the out-pointers of the current ClassFileLoadHook call.
pub unsafe fn hand_back(
    jvmti: *mut jvmtiEnv,
    bytes: &[u8],
    new_len: *mut jint,
    new_data: *mut *mut c_uchar,
) -> Result<(), String> {
    let env = Env::from_raw(jvmti).ok_or("no JVMTI environment")?;
    let len = jint::try_from(bytes.len()).map_err(|_| "rewritten class is too large".to_string())?;
    let mem = env.allocate_copy(bytes).map_err(|e| e.to_string())?;
    // SAFETY: out-pointers provided by the JVM for this callback.
    unsafe {
        *new_len = len;
        *new_data = mem;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmti_sys::jvmtiInterface_1;
    use std::mem::offset_of;

    /// Slot positions from jvmti.h ("/* 46 : Allocate */" = 46th pointer, offset 45 * 8).
    #[test]
    fn jvmti_sys_table_matches_jvmti_h() {
        let slot = |n: usize| (n - 1) * std::mem::size_of::<usize>();
        assert_eq!(offset_of!(jvmtiInterface_1, SetEventNotificationMode), slot(2));
        assert_eq!(offset_of!(jvmtiInterface_1, StopThread), slot(7));
        assert_eq!(offset_of!(jvmtiInterface_1, Allocate), slot(46));
        assert_eq!(offset_of!(jvmtiInterface_1, SetEventCallbacks), slot(122));
        assert_eq!(offset_of!(jvmtiInterface_1, GetPotentialCapabilities), slot(140));
        assert_eq!(offset_of!(jvmtiInterface_1, AddCapabilities), slot(142));
        assert_eq!(offset_of!(jvmtiInterface_1, AddToBootstrapClassLoaderSearch), slot(149));
    }

    #[test]
    fn callback_slots_match_jvmti_h() {
        let slot = |event: usize| (event - 50) * std::mem::size_of::<usize>();
        assert_eq!(offset_of!(jvmtiEventCallbacks, VMInit), slot(50));
        assert_eq!(offset_of!(jvmtiEventCallbacks, VMDeath), slot(51));
        assert_eq!(offset_of!(jvmtiEventCallbacks, ThreadEnd), slot(53));
        assert_eq!(offset_of!(jvmtiEventCallbacks, ClassFileLoadHook), slot(54));
    }
}
