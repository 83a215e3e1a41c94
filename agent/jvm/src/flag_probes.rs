//! The probe flags of `counts=covered` and `counts=jacoco`. Most probes are field stores, whose
//! holders [`crate::field_holders`] owns; [`FlagProbes`] ensures and collects both kinds. The rest (classes
//! whose constant pool has no room for field probes, ids past `probe_fields::MAX_IDS`) store
//! `flags[id] = true` (no call: JaCoCo's probe shape) into one of two Java `boolean[]` fields
//! of `com.jvmfuzz.shim.Probes`:
//! - `fixed`, `static final`, [`FIXED_LEN`] entries, allocated by the shim: ids below
//!   [`FIXED_LEN`]. The JIT folds a static final array (and so its length) into compiled code,
//!   so such a probe is one byte store: no field load, no bounds check (JaCoCo's probe keeps a
//!   bounds check, its array being a local loaded at method entry);
//! - `flags`, growable, indexed by id: ids from [`FIXED_LEN`] on (programs past a million
//!   probes).
//!
//! This module owns `flags`. Because a probe is a bare `bastore`, an id past the end would throw
//! `ArrayIndexOutOfBoundsException` inside the user's code, so:
//! - [`FlagProbes::ensure`] runs in the class-load hook *before* a rewritten class is handed back, and
//!   installs a longer array when the class's ids need it;
//! - every array ever installed is kept (a global reference each), and [`FlagProbes::collect`] ORs them
//!   all (and `fixed`) at VM death: compiled code may hoist the `getstatic` out of a loop and keep
//!   writing into a replaced array, and those writes must count. So growing never copies.
//!
//! Only JNI touches the fields: no Java code runs in the hook on our behalf.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use jni::objects::{GlobalRef, JBooleanArray, JClass, JStaticFieldID, JValue};
use jni::JNIEnv;

use crate::env::clear_exception;
use crate::field_holders::{FieldHolders, FieldHoldersError};

/// The shim class and its growable field (public static, not final).
pub const CLASS: &str = "com/jvmfuzz/shim/Probes";
pub const FIELD: &str = "flags";
/// The shim's `public static final boolean[] fixed`, and its length (`Probes.FIXED`; checked at
/// [`FlagProbes::init`]).
pub const FIXED_FIELD: &str = "fixed";
pub const FIXED_LEN: u32 = 1 << 20;

/// Largest array: 2^26 probes, 64 MB. Classes whose ids pass it are handed back unchanged.
pub const MAX_FLAGS: u64 = 1 << 26;

#[derive(Debug, thiserror::Error)]
pub enum FlagProbesError {
    #[error("the probe flag array is not set up (Probes.flags was not found at VMInit)")]
    NotReady,
    #[error("Probes.fixed has {0} entries, the agent expects {FIXED_LEN}: shim and agent do not match")]
    FixedLength(i32),
    #[error("probe ids up to {0} would pass the flag array's limit of {MAX_FLAGS} probes")]
    TooMany(u64),
    #[error("cannot install a probe flag array of {len} entries: {source}")]
    Grow { len: u64, source: jni::errors::Error },
    #[error("cannot read the probe flags: {0}")]
    Read(jni::errors::Error),
    #[error("JNI: {0}")]
    Jni(#[from] jni::errors::Error),
    #[error(transparent)]
    FieldHolders(#[from] FieldHoldersError),
}

struct Installed {
    class: GlobalRef,
    field: JStaticFieldID,
    /// `Probes.fixed`.
    fixed: GlobalRef,
    /// Every array installed, oldest first; the last one is the field's value.
    arrays: Vec<GlobalRef>,
}

/// See the module docs. One per agent.
pub struct FlagProbes {
    /// Length of the installed array: the lock-free check of [`FlagProbes::ensure`].
    len: AtomicU64,
    state: Mutex<Option<Installed>>,
    fields: FieldHolders,
}

impl Default for FlagProbes {
    fn default() -> Self {
        Self::new()
    }
}

impl FlagProbes {
    pub const fn new() -> Self {
        FlagProbes { len: AtomicU64::new(0), state: Mutex::new(None), fields: FieldHolders::new() }
    }

    /// Looks up the fields (VMInit, once the shim is loadable; this initialises `Probes`, which
    /// allocates `fixed`). Until this succeeds every [`FlagProbes::ensure`] fails, so no class gets
    /// flag probes.
    pub fn init(&self, env: &mut JNIEnv) -> Result<(), FlagProbesError> {
        let found = (|| {
            let class = env.find_class(CLASS)?;
            let field = env.get_static_field_id(&class, FIELD, "[Z")?;
            let fixed = env.get_static_field(&class, FIXED_FIELD, "[Z")?.l()?;
            let len = env.get_array_length(<&JBooleanArray>::from(&fixed))?;
            Ok::<_, jni::errors::Error>((env.new_global_ref(&class)?, field, env.new_global_ref(&fixed)?, len))
        })();
        let (class, field, fixed, len) = found.inspect_err(|_| clear_exception(env))?;
        if len != FIXED_LEN as i32 {
            return Err(FlagProbesError::FixedLength(len));
        }
        *self.lock() = Some(Installed { class, field, fixed, arrays: Vec::new() });
        self.len.store(u64::from(FIXED_LEN), Ordering::Release);
        Ok(())
    }

    /// Defines the probe-field holders of the ids in `fields` (a class with field probes: its
    /// ids; else empty) and makes `Probes.flags` longer than every id below `end`.
    pub fn ensure(&self, env: &mut JNIEnv, end: u64, fields: Range<u64>) -> Result<(), FlagProbesError> {
        if self.len.load(Ordering::Acquire) == 0 {
            return Err(FlagProbesError::NotReady);
        }
        self.fields.ensure(env, fields)?;
        if end <= self.len.load(Ordering::Acquire) {
            return Ok(());
        }
        if end > MAX_FLAGS {
            return Err(FlagProbesError::TooMany(end));
        }
        // One of two locks held across JNI calls (DESIGN.md's rule is none; the other is
        // `fields.rs`'s). Safe because these calls cannot re-enter the class-load hook on this
        // thread: `[Z` is loaded and `Probes` was initialised at VMInit (by
        // `GetStaticFieldID`), so nothing gets loaded. A GC they
        // trigger does not wait for the threads blocked here, which are in native code.
        let mut guard = self.lock();
        let inst = guard.as_mut().ok_or(FlagProbesError::NotReady)?;
        let cur = self.len.load(Ordering::Acquire);
        if end <= cur {
            return Ok(());
        }
        // Doubling keeps the arrays (all kept until exit) under twice the final size; `cur` is
        // at least FIXED_LEN, the ids `fixed` covers.
        let len = end.next_power_of_two().max(cur * 2).min(MAX_FLAGS);
        let installed = env.with_local_frame(4, |env| -> jni::errors::Result<GlobalRef> {
            let array = env.new_boolean_array(len as i32)?;
            let class = <&JClass>::from(inst.class.as_obj());
            env.set_static_field(class, inst.field, JValue::Object(&array))?;
            env.new_global_ref(&array)
        });
        match installed {
            Ok(global) => {
                inst.arrays.push(global);
                self.len.store(len, Ordering::Release);
                Ok(())
            }
            Err(source) => {
                // Out of memory, typically: this class stays uninstrumented, the JVM runs on.
                clear_exception(env);
                Err(FlagProbesError::Grow { len, source })
            }
        }
    }

    /// The OR of the probe fields, `fixed` and every array installed, as 0/1, for the ids below
    /// `upto` (the ids handed out so far: `fixed` is longer than most programs need).
    pub fn collect(&self, env: &mut JNIEnv, upto: u64) -> Result<Vec<u8>, FlagProbesError> {
        let guard = self.lock();
        let Some(inst) = guard.as_ref() else { return Ok(Vec::new()) };
        let len = self.len.load(Ordering::Acquire).min(upto) as usize;
        let mut out = vec![0u8; len];
        let mut buf = Vec::new();
        for global in std::iter::once(&inst.fixed).chain(&inst.arrays) {
            let array = <&JBooleanArray>::from(global.as_obj());
            let n = (env.get_array_length(array).map_err(FlagProbesError::Read)? as usize).min(len);
            buf.resize(n, 0);
            env.get_boolean_array_region(array, 0, &mut buf).map_err(FlagProbesError::Read)?;
            for (o, &b) in out.iter_mut().zip(&buf) {
                *o |= u8::from(b != 0);
            }
        }
        let fields = self.fields.collect(env, upto)?;
        if out.len() < fields.len() {
            out.resize(fields.len(), 0);
        }
        for (o, &b) in out.iter_mut().zip(&fields) {
            *o |= b;
        }
        Ok(out)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Installed>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Marks every flagged probe as hit once in `hits` (the runtime's per-probe counts).
pub fn merge_into(hits: &mut [u64], flags: &[u8]) {
    for (h, &f) in hits.iter_mut().zip(flags) {
        if f != 0 && *h == 0 {
            *h = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_marks_flagged_probes_once() {
        let mut hits = vec![0, 5, 0, 0];
        merge_into(&mut hits, &[1, 1, 0]);
        assert_eq!(hits, vec![1, 5, 0, 0]);
    }
}
