//! Comparison feedback: operands of failed comparisons in target code, for LibAFL's CmpLog
//! input-to-state mutator (`I2SRandReplace`).
//!
//! The Java side (`com.jvmfuzz.shim.fuzz.Cmp`, called from `Hooks.stringEquals` etc., which the
//! fuzz-mode rewriter substitutes for the real calls) hands both operands to the natives below.
//! They append to a small log (the first MAX_ENTRIES comparisons, then nothing) that the
//! CmpLog observer clears before LibAFL's `ShadowTracingStage` runs the current testcase and
//! reads after it; between tracing runs the log just stays full, which costs little. [`JavaCmpMap`] presents the log as LibAFL's
//! `CmpMap` (one entry per comparison, one execution each), wrapped by `StdCmpObserver`.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use jni::objects::JByteArray;
use jni::sys::{jbyteArray, jclass, jint, JNIEnv as RawEnv};
use jni::{JNIEnv, NativeMethod};
use libafl::observers::cmp::{CmpMap, CmpValues, CmplogBytes};
use libafl_bolts::HasLen;
use serde::{Deserialize, Serialize};

pub const CMP_CLASS: &str = "com/jvmfuzz/shim/fuzz/Cmp";
/// Comparisons kept per execution (the first ones: those nearest the input's start).
const MAX_ENTRIES: usize = 512;

static LOG: Mutex<Vec<CmpValues>> = Mutex::new(Vec::new());

fn push(v: CmpValues) {
    let mut log = LOG.lock().unwrap_or_else(|e| e.into_inner());
    if log.len() < MAX_ENTRIES {
        log.push(v);
    }
}

fn cmplog_bytes(b: &[u8]) -> CmplogBytes {
    let mut buf = [0u8; 32];
    let n = b.len().min(32);
    buf[..n].copy_from_slice(&b[..n]);
    CmplogBytes::from_buf_and_len(buf, n as u8)
}

extern "system" fn log_bytes(env: *mut RawEnv, _class: jclass, a: jbyteArray, b: jbyteArray) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(env) = (unsafe { JNIEnv::from_raw(env) }) else { return };
        // SAFETY: a and b are byte[] local references passed by the JVM.
        let (a, b) = unsafe { (JByteArray::from_raw(a), JByteArray::from_raw(b)) };
        let (Ok(a), Ok(b)) = (env.convert_byte_array(&a), env.convert_byte_array(&b)) else {
            return;
        };
        if a.is_empty() || b.is_empty() {
            return;
        }
        push(CmpValues::Bytes((cmplog_bytes(&a), cmplog_bytes(&b))));
        note_operand(&a, &b);
        note_operand(&b, &a);
    }));
}

extern "system" fn log_ints(_env: *mut RawEnv, _class: jclass, a: jint, b: jint, _site: jint) {
    let _ = catch_unwind(|| push(CmpValues::U32((a as u32, b as u32, false))));
}

/// Operands seen in failed comparisons: how many distinct partners each had. An operand that
/// keeps being compared against different values is a constant of the target (the input side
/// changes every execution): it becomes a dictionary token, which TokenInsert can put into an
/// input of any length (I2S only overwrites bytes in place, so it cannot grow a short input
/// to a longer magic string).
/// operand -> (distinct partners seen, hash of the last partner)
type OperandTable = std::collections::HashMap<Vec<u8>, (u32, u64)>;
static OPERANDS: Mutex<Option<OperandTable>> = Mutex::new(None);
const PROMOTE_AFTER: u32 = 3;

fn note_operand(op: &[u8], partner: &[u8]) {
    if op.len() < 2 || op.len() > 64 {
        return;
    }
    let partner_hash = partner.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let mut guard = OPERANDS.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(Default::default);
    if map.len() > 20_000 {
        map.clear();
    }
    let e = map.entry(op.to_vec()).or_insert((0, 0));
    if e.0 >= PROMOTE_AFTER || e.1 == partner_hash {
        return;
    }
    e.0 += 1;
    e.1 = partner_hash;
    if e.0 == PROMOTE_AFTER {
        crate::transform::add_pending_tokens(vec![op.to_vec()]);
    }
}

/// Binds the natives of `com.jvmfuzz.shim.fuzz.Cmp`.
pub fn register(env: &mut JNIEnv) -> Result<(), String> {
    let class = env.find_class(CMP_CLASS).map_err(|e| {
        let _ = env.exception_clear();
        format!("FindClass {CMP_CLASS}: {e}")
    })?;
    let methods = [
        NativeMethod { name: "logBytes".into(), sig: "([B[B)V".into(), fn_ptr: log_bytes as *mut c_void },
        NativeMethod { name: "logInts".into(), sig: "(III)V".into(), fn_ptr: log_ints as *mut c_void },
    ];
    let r = env.register_native_methods(&class, &methods).map_err(|e| {
        let _ = env.exception_clear();
        format!("RegisterNatives {CMP_CLASS}: {e}")
    });
    let _ = env.delete_local_ref(class);
    r
}

/// The comparison log as a LibAFL `CmpMap`. Holds no data itself (the log is process-wide,
/// filled by JNI natives), so it serialises to nothing.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct JavaCmpMap;

impl HasLen for JavaCmpMap {
    fn len(&self) -> usize {
        LOG.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl CmpMap for JavaCmpMap {
    fn len(&self) -> usize {
        HasLen::len(self)
    }

    fn executions_for(&self, _idx: usize) -> usize {
        1
    }

    fn usable_executions_for(&self, _idx: usize) -> usize {
        1
    }

    fn values_of(&self, idx: usize, _execution: usize) -> Option<CmpValues> {
        LOG.lock().unwrap_or_else(|e| e.into_inner()).get(idx).cloned()
    }

    fn reset(&mut self) -> Result<(), libafl::Error> {
        LOG.lock().unwrap_or_else(|e| e.into_inner()).clear();
        Ok(())
    }
}
