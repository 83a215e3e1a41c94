//! Comparison feedback: operands of comparisons in target code, for LibAFL's CmpLog
//! input-to-state mutator (`I2SRandReplace`) and for the value-profile map (coverage_map.rs).
//!
//! Two sources, both in `com.jvmfuzz.shim.fuzz.Cmp`:
//! - String and `byte[]` operands of failed `String.equals`-style calls (the fuzz-mode
//!   rewriter substitutes `Hooks.stringEquals` etc. for the real calls) reach the `logBytes`
//!   native, which appends them to a small log (the first MAX_ENTRIES per execution).
//! - Integer-like operands (`if_icmp*`, `if*` against 0, `lcmp`/`fcmp*`/`dcmp*`, switch keys,
//!   divisors: agent/instrument/src/cmplog.rs inserts the calls) are written by the shim straight
//!   into native memory this module owns and hands over as direct ByteBuffers (`buffer`): the
//!   value-profile cells of each site, and a trace log that is only written while the fuzzer
//!   traces an input. [`Sites`] gives the rewriter its site ids: a value-profile cell per
//!   comparison, and for a switch a case table here (`CASES`) plus a cell per case.
//!   `if_acmp*` feeds only the value profile (equal or not): references give I2S nothing.
//!
//! [`JavaCmpMap`] is both logs as LibAFL's `CmpMap`, wrapped by `StdCmpObserver`, which runs only
//! in `ShadowTracingStage`: its `reset` (pre-exec) clears the byte log and starts the trace log;
//! the first `len` after the execution (post-exec) stops the trace log and turns both into
//! groups, one per comparison site (one per case of a switch), whose executions are the
//! values seen there in order, so LibAFL's loop detection drops loop counters. Values are
//! given at the narrowest width both operands fit (U8 for a byte compared with a char
//! constant, ...), as the mutator matches them byte-wise in the input in both byte orders.
//! Comparisons of equal operands are left out (replacing a value by itself is no mutation).

use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use jni::objects::JByteArray;
use jni::sys::{jbyteArray, jclass, jint, jobject, JNIEnv as RawEnv};
use jni::{JNIEnv, NativeMethod};
use jvmfuzz_instrument::CmpKind;
use libafl::observers::cmp::{CmpMap, CmpValues, CmplogBytes};
use libafl_bolts::HasLen;
use once_cell::sync::Lazy;
use serde::{Deserialize, Serialize};

pub const CMP_CLASS: &str = "com/jvmfuzz/shim/fuzz/Cmp";
/// Comparisons kept per execution (the first ones: those nearest the input's start).
const MAX_ENTRIES: usize = 512;

static LOG: Mutex<Vec<CmpValues>> = Mutex::new(Vec::new());

/// Appends to the log of the execution being traced; false once it is full (the log is
/// emptied only before a traced execution, so it stays full between traces).
fn push(v: CmpValues) -> bool {
    let mut log = LOG.lock().unwrap_or_else(|e| e.into_inner());
    let room = log.len() < MAX_ENTRIES;
    if room {
        log.push(v);
    }
    room
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
        // The recent-values table takes what a traced execution compares: enough to keep it
        // current, and no table work on the executions in between.
        if push(CmpValues::Bytes((cmplog_bytes(&a), cmplog_bytes(&b)))) {
            crate::recent::note(&a);
            crate::recent::note(&b);
        }
        note_operand(&a, &b);
        note_operand(&b, &a);
    }));
}

/// `Cmp.logWanted(wanted)`: while an input is traced, a regex node wanted `wanted` at the end
/// of an empty text (`com.jvmfuzz.shim.fuzz.Regex`): nothing to replace, but it can be
/// inserted, so the recent-values table takes it.
extern "system" fn log_wanted(env: *mut RawEnv, _class: jclass, wanted: jbyteArray) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(env) = (unsafe { JNIEnv::from_raw(env) }) else { return };
        // SAFETY: a byte[] local reference passed by the JVM.
        let wanted = unsafe { JByteArray::from_raw(wanted) };
        if let Ok(w) = env.convert_byte_array(&wanted) {
            // Called only while an input is traced (`Regex` checks `Cmp.Buf.traced`).
            if !w.is_empty() {
                crate::recent::note(&w);
            }
        }
    }));
}

/// `Cmp.logGuided(actual, wanted)`: a value Jazzer's `guideTowards*` or a bug detector asks
/// for, kept for the recent-values mutators on every execution (it is one of few, and rare).
extern "system" fn log_guided(env: *mut RawEnv, _class: jclass, actual: jbyteArray, wanted: jbyteArray) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(env) = (unsafe { JNIEnv::from_raw(env) }) else { return };
        // SAFETY: byte[] local references passed by the JVM.
        let (a, w) = unsafe { (JByteArray::from_raw(actual), JByteArray::from_raw(wanted)) };
        if let (Ok(a), Ok(w)) = (env.convert_byte_array(&a), env.convert_byte_array(&w)) {
            crate::recent::guide(&a, &w);
        }
    }));
}

/// `Cmp.logSplice(at, old, wanted)`: while tracing, a typed decoder's string that a failed
/// comparison saw; the traced input's bytes `[at, at + old)` would decode as the other operand
/// if they were `wanted` ([`crate::recent::TypedSplice`]).
extern "system" fn log_splice(env: *mut RawEnv, _class: jclass, at: jint, old: jint, wanted: jbyteArray) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(env) = (unsafe { JNIEnv::from_raw(env) }) else { return };
        // SAFETY: a byte[] local reference passed by the JVM.
        let wanted = unsafe { JByteArray::from_raw(wanted) };
        let (Ok(at), Ok(old), Ok(wanted)) =
            (usize::try_from(at), usize::try_from(old), env.convert_byte_array(&wanted))
        else {
            return;
        };
        crate::recent::note_splice(at, old, wanted);
    }));
}

/// `Cmp.logKeys(key, a, b, c)`: a map lookup missed `key`; `a`, `b`, `c` (each may be null)
/// are keys the map holds, for [`crate::recent::KeySplice`].
extern "system" fn log_keys(
    env: *mut RawEnv,
    _class: jclass,
    key: jbyteArray,
    a: jbyteArray,
    b: jbyteArray,
    c: jbyteArray,
) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(env) = (unsafe { JNIEnv::from_raw(env) }) else { return };
        let read = |arr: jbyteArray| -> Option<Vec<u8>> {
            if arr.is_null() {
                return None;
            }
            // SAFETY: a byte[] local reference passed by the JVM (checked non-null).
            let arr = unsafe { JByteArray::from_raw(arr) };
            env.convert_byte_array(&arr).ok()
        };
        let Some(key) = read(key) else { return };
        for wanted in [a, b, c].into_iter().filter_map(read) {
            crate::recent::key_miss(&key, &wanted);
        }
    }));
}

/// `Cmp.reserve(n)`: the first of `n` new value-profile site ids, for the extra counters of
/// Jazzer's API (`exploreState`, `maximize`, `minimize`), or -1 when the map is full.
extern "system" fn reserve(_env: *mut RawEnv, _class: jclass, n: jint) -> jint {
    catch_unwind(|| {
        let n = usize::try_from(n).ok().filter(|&n| n > 0)?;
        crate::coverage_map::value_map().reserve(n).and_then(|s| jint::try_from(s).ok())
    })
    .ok()
    .flatten()
    .unwrap_or(-1)
}

/// `Cmp.buffer(which)`: a direct ByteBuffer over the value-profile map (0), the trace log (1),
/// the switch case tables (2) or the value-profile map's site -> cell table (3); null for
/// anything else or on error.
extern "system" fn buffer(env: *mut RawEnv, _class: jclass, which: jint) -> jobject {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(mut env) = (unsafe { JNIEnv::from_raw(env) }) else { return std::ptr::null_mut() };
        let (ptr, len) = match which {
            0 => (crate::coverage_map::value_map().as_mut_ptr(), crate::coverage_map::VALUE_CAPACITY),
            1 => (TRACE.as_ptr() as *mut u8, TRACE.len() * 8),
            2 => (CASES.as_ptr() as *mut u8, CASES.len() * 4),
            3 => crate::coverage_map::value_map().index_buffer(),
            _ => return std::ptr::null_mut(),
        };
        // SAFETY: static memory, valid and never moved for the life of the process.
        match unsafe { env.new_direct_byte_buffer(ptr, len) } {
            Ok(b) => b.into_raw(),
            Err(_) => {
                let _ = env.exception_clear();
                std::ptr::null_mut()
            }
        }
    }))
    .unwrap_or(std::ptr::null_mut())
}

/// `Cmp.tokenizerDelimiters(st)`: the delimiters a `java.util.StringTokenizer` was made with
/// (its private `delimiters` field), for the shim's `Tokenizers` when a tokenizer read only
/// with `nextToken()` runs out. JNI reads a field past the module system, which reflection
/// from the shim may not; null when the JDK has no such field.
extern "system" fn tokenizer_delimiters(env: *mut RawEnv, _class: jclass, st: jobject) -> jobject {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the JNIEnv of the calling thread.
        let Ok(mut env) = (unsafe { JNIEnv::from_raw(env) }) else { return std::ptr::null_mut() };
        if st.is_null() {
            return std::ptr::null_mut();
        }
        // SAFETY: a local reference the JVM passed.
        let st = unsafe { jni::objects::JObject::from_raw(st) };
        match env.get_field(&st, "delimiters", "Ljava/lang/String;").and_then(|v| v.l()) {
            Ok(o) => o.into_raw(),
            Err(_) => {
                let _ = env.exception_clear();
                std::ptr::null_mut()
            }
        }
    }))
    .unwrap_or(std::ptr::null_mut())
}

// ---- integer operands: the trace log and the switch case tables ---------------------------

/// Trace-log layout, shared with `Cmp.Buf`: an int count at 0, entries from HEADER on.
const TRACE_HEADER: usize = 64;
const TRACE_ENTRY: usize = 24;
/// Entries per traced execution.
const TRACE_CAP: usize = 4096;
const KIND_INT: i32 = 0;
const KIND_LONG: i32 = 1;
const KIND_SWITCH: i32 = 2;
/// Values kept per comparison site and per traced execution (beyond them a site is a loop).
const MAX_PER_SITE: usize = 16;

/// The trace log, as 8-byte words (so that every field is naturally aligned).
static TRACE: Lazy<Box<[AtomicU64]>> = Lazy::new(|| {
    let words = (TRACE_HEADER + TRACE_CAP * TRACE_ENTRY) / 8;
    let log: Box<[AtomicU64]> = (0..words).map(|_| AtomicU64::new(0)).collect();
    // Not tracing until the first `reset`.
    set_trace_count(&log, TRACE_CAP as i32);
    log
});

/// Switch case tables: at int index t, `n`, the first value-profile cell, then `n` case keys.
/// `Cmp.sw` gets the byte offset 4 * t.
const CASES_CAPACITY: usize = 1 << 20;
static CASES: Lazy<Box<[AtomicI32]>> = Lazy::new(|| (0..CASES_CAPACITY).map(|_| AtomicI32::new(0)).collect());
static CASES_USED: AtomicUsize = AtomicUsize::new(0);

fn i32_at(log: &[AtomicU64], byte: usize) -> i32 {
    // Little- or big-endian, the shim writes native order: read the int where it was written.
    let w = log.get(byte / 8).map_or(0, |w| w.load(Ordering::Relaxed));
    let bytes = w.to_ne_bytes();
    let k = byte % 8;
    i32::from_ne_bytes([bytes[k], bytes[k + 1], bytes[k + 2], bytes[k + 3]])
}

fn set_trace_count(log: &[AtomicU64], n: i32) {
    let Some(w) = log.first() else { return };
    let mut bytes = w.load(Ordering::Relaxed).to_ne_bytes();
    bytes[..4].copy_from_slice(&n.to_ne_bytes());
    w.store(u64::from_ne_bytes(bytes), Ordering::Relaxed);
}

/// Counts the traced executions in the int at byte 4 (`Cmp.Buf.traceNumber`): the shim's
/// per-trace budgets (`Regex`) start again when it changes.
fn next_trace_number(log: &[AtomicU64]) {
    let Some(w) = log.first() else { return };
    let mut bytes = w.load(Ordering::Relaxed).to_ne_bytes();
    let n = i32::from_ne_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]).wrapping_add(1);
    bytes[4..8].copy_from_slice(&n.to_ne_bytes());
    w.store(u64::from_ne_bytes(bytes), Ordering::Relaxed);
}

/// The int at byte 8 (`Cmp.Buf.traced`): 1 while an execution is traced, whether or not its
/// integer log is full yet (the count at 0 says only the latter).
fn set_traced(log: &[AtomicU64], on: bool) {
    let Some(w) = log.get(1) else { return };
    let mut bytes = w.load(Ordering::Relaxed).to_ne_bytes();
    bytes[..4].copy_from_slice(&i32::from(on).to_ne_bytes());
    w.store(u64::from_ne_bytes(bytes), Ordering::Relaxed);
}

/// The rewriter's site ids (see `agent/instrument/src/cmplog.rs`).
pub struct Sites;

impl jvmfuzz_instrument::CmpSites for Sites {
    fn site(&mut self, kind: CmpKind, cases: &[i32]) -> Option<u32> {
        let values = crate::coverage_map::value_map();
        if kind != CmpKind::Switch {
            return values.reserve(1).and_then(|c| u32::try_from(c).ok());
        }
        let cell = values.reserve(cases.len())?;
        let need = cases.len() + 2;
        let t = CASES_USED
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                u.checked_add(need).filter(|&e| e <= CASES_CAPACITY)
            })
            .ok()?;
        let table = CASES.get(t..t + need)?;
        table[0].store(i32::try_from(cases.len()).ok()?, Ordering::Relaxed);
        table[1].store(i32::try_from(cell).ok()?, Ordering::Relaxed);
        for (slot, &c) in table[2..].iter().zip(cases) {
            slot.store(c, Ordering::Relaxed);
        }
        u32::try_from(t * 4).ok().filter(|&b| b <= i32::MAX as u32)
    }
}

/// Integer operands at the narrowest width both fit (as the input would hold them).
fn int_values(a: i64, b: i64) -> CmpValues {
    let fits = |lo: i64, hi: i64| (lo..=hi).contains(&a) && (lo..=hi).contains(&b);
    if fits(-0x80, 0xff) {
        CmpValues::U8((a as u8, b as u8, false))
    } else if fits(-0x8000, 0xffff) {
        CmpValues::U16((a as u16, b as u16, false))
    } else if fits(i64::from(i32::MIN), i64::from(u32::MAX)) {
        CmpValues::U32((a as u32, b as u32, false))
    } else {
        CmpValues::U64((a as u64, b as u64, false))
    }
}

/// Reads the trace log of the execution just traced into per-site groups, and stops tracing.
fn take_trace() -> Vec<Vec<CmpValues>> {
    let log = &**TRACE;
    let n = usize::try_from(i32_at(log, 0)).unwrap_or(0).min(TRACE_CAP);
    set_trace_count(log, TRACE_CAP as i32);
    set_traced(log, false);
    let mut groups: Vec<Vec<CmpValues>> = Vec::new();
    // (kind, site, case) -> group; only looked up, so iteration order never matters.
    let mut index: HashMap<(i32, i32, u32), usize> = HashMap::new();
    let mut add = |key: (i32, i32, u32), v: CmpValues, groups: &mut Vec<Vec<CmpValues>>| {
        let g = *index.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        if let Some(g) = groups.get_mut(g).filter(|g| g.len() < MAX_PER_SITE) {
            g.push(v);
        }
    };
    for k in 0..n {
        let o = TRACE_HEADER + k * TRACE_ENTRY;
        let (kind, site) = (i32_at(log, o), i32_at(log, o + 4));
        let word = |byte: usize| log.get(byte / 8).map_or(0, |w| w.load(Ordering::Relaxed) as i64);
        let (a, b) = (word(o + 8), word(o + 16));
        match kind {
            KIND_INT | KIND_LONG if a != b => add((kind, site, 0), int_values(a, b), &mut groups),
            KIND_SWITCH => {
                let Ok(t) = usize::try_from(site / 4) else { continue };
                let Some(cases) = CASES.get(t) else { continue };
                let count = usize::try_from(cases.load(Ordering::Relaxed)).unwrap_or(0);
                for c in 0..count {
                    let Some(case) = CASES.get(t + 2 + c).map(|x| i64::from(x.load(Ordering::Relaxed))) else { break };
                    if case != a {
                        add((kind, site, c as u32), int_values(a, case), &mut groups);
                    }
                }
            }
            _ => {}
        }
    }
    groups
}

/// What `JavaCmpMap` shows after a traced execution: one group per site.
static GROUPS: Mutex<Option<Vec<Vec<CmpValues>>>> = Mutex::new(None);

fn groups() -> std::sync::MutexGuard<'static, Option<Vec<Vec<CmpValues>>>> {
    let mut g = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_none() {
        // The first look after an execution: stop tracing and gather both logs.
        let bytes = std::mem::take(&mut *LOG.lock().unwrap_or_else(|e| e.into_inner()));
        let mut all: Vec<Vec<CmpValues>> = bytes.into_iter().map(|v| vec![v]).collect();
        crate::recent::traced_splices();
        all.extend(take_trace());
        *g = Some(all);
    }
    g
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
    let partner_hash =
        partner.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
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
        crate::tokens::add(vec![op.to_vec()]);
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
        NativeMethod { name: "logGuided".into(), sig: "([B[B)V".into(), fn_ptr: log_guided as *mut c_void },
        NativeMethod { name: "logWanted".into(), sig: "([B)V".into(), fn_ptr: log_wanted as *mut c_void },
        NativeMethod { name: "logSplice".into(), sig: "(II[B)V".into(), fn_ptr: log_splice as *mut c_void },
        NativeMethod { name: "logKeys".into(), sig: "([B[B[B[B)V".into(), fn_ptr: log_keys as *mut c_void },
        NativeMethod { name: "buffer".into(), sig: "(I)Ljava/nio/ByteBuffer;".into(), fn_ptr: buffer as *mut c_void },
        NativeMethod { name: "reserve".into(), sig: "(I)I".into(), fn_ptr: reserve as *mut c_void },
        NativeMethod {
            name: "readDelimiters".into(),
            sig: "(Ljava/util/StringTokenizer;)Ljava/lang/String;".into(),
            fn_ptr: tokenizer_delimiters as *mut c_void,
        },
    ];
    let r = env.register_native_methods(&class, &methods).map_err(|e| {
        let _ = env.exception_clear();
        format!("RegisterNatives {CMP_CLASS}: {e}")
    });
    let _ = env.delete_local_ref(class);
    r
}

/// Both comparison logs as a LibAFL `CmpMap`. Holds no data itself (the logs are process-wide,
/// filled by the shim), so it serialises to nothing.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct JavaCmpMap;

impl HasLen for JavaCmpMap {
    fn len(&self) -> usize {
        groups().as_ref().map_or(0, Vec::len)
    }
}

impl CmpMap for JavaCmpMap {
    fn len(&self) -> usize {
        HasLen::len(self)
    }

    fn executions_for(&self, idx: usize) -> usize {
        groups().as_ref().and_then(|g| g.get(idx)).map_or(0, Vec::len)
    }

    fn usable_executions_for(&self, idx: usize) -> usize {
        self.executions_for(idx)
    }

    fn values_of(&self, idx: usize, execution: usize) -> Option<CmpValues> {
        groups().as_ref().and_then(|g| g.get(idx)).and_then(|g| g.get(execution)).cloned()
    }

    fn reset(&mut self) -> Result<(), libafl::Error> {
        LOG.lock().unwrap_or_else(|e| e.into_inner()).clear();
        crate::recent::clear_splices();
        *GROUPS.lock().unwrap_or_else(|e| e.into_inner()) = None;
        // Start tracing this execution's integer comparisons.
        next_trace_number(&TRACE);
        set_traced(&TRACE, true);
        set_trace_count(&TRACE, 0);
        Ok(())
    }
}
