//! The holder classes of the field probes (`instrument::probe_fields`): rewritten code stores
//! `ProbeFieldsK.fS = true`, so holder `K` must exist before any class whose ids it holds runs.
//!
//! - [`FieldHolders::ensure`] runs in the class-load hook before a rewritten class with field probes
//!   is handed back. It defines the missing holders of the class's ids in the bootstrap
//!   loader (JNI `DefineClass` with no loader): every class loader can see them there, as it
//!   sees the shim's `Probes`, and they are never unloaded. Looking up `read` initialises the
//!   holder, so compiled code needs no initialisation barrier at the probes.
//! - [`FieldHolders::collect`] calls each holder's `read` into one `boolean[]` and copies that out:
//!   one JNI call per holder instead of a field lookup per probe.
//!
//! Defining a holder fires the class-load hook again for it, on this thread, while
//! [`FieldHolders::ensure`] holds its lock: the hook returns before any lock for jvmfuzz's own
//! classes (the filter never accepts `com.jvmfuzz.*`), so this cannot deadlock.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use jni::objects::{GlobalRef, JClass, JObject, JStaticMethodID};
use jni::signature::{Primitive, ReturnType};
use jni::sys::jvalue;
use jni::JNIEnv;

use jvmfuzz_instrument::probe_fields::{self, chunk_of, CHUNK};

#[derive(Debug, thiserror::Error)]
pub enum FieldHoldersError {
    #[error("cannot define the probe field holder {name}: {source}")]
    Define { name: String, source: jni::errors::Error },
    #[error("cannot read the probe fields: {0}")]
    Read(jni::errors::Error),
}

struct Holder {
    class: GlobalRef,
    read: JStaticMethodID,
}

/// See the module docs. One per agent, inside [`crate::flag_probes::FlagProbes`].
pub struct FieldHolders {
    /// Bit `k` is set once holder `k` is defined: the lock-free check of [`FieldHolders::ensure`],
    /// so a class load does not wait for a [`FieldHolders::collect`] that holds the lock.
    defined: [AtomicU64; DEFINED_WORDS],
    /// Holder `k` at index `k`, `None` until a class with field probes among its ids is
    /// loaded: classes with the array probe (`instrument::test_classes`) take ids too, and
    /// their chunks need no holder.
    holders: Mutex<Vec<Option<Holder>>>,
}

const DEFINED_WORDS: usize = (probe_fields::MAX_IDS / CHUNK).div_ceil(64) as usize;

impl Default for FieldHolders {
    fn default() -> Self {
        Self::new()
    }
}

impl FieldHolders {
    pub const fn new() -> Self {
        FieldHolders { defined: [const { AtomicU64::new(0) }; DEFINED_WORDS], holders: Mutex::new(Vec::new()) }
    }

    fn is_defined(&self, k: u32) -> bool {
        self.defined[k as usize / 64].load(Ordering::Acquire) & (1 << (k % 64)) != 0
    }

    /// Defines the holders of the ids in `ids` that have none yet (ids from
    /// `probe_fields::MAX_IDS` on have none: those classes use the flag arrays).
    pub fn ensure(&self, env: &mut JNIEnv, ids: Range<u64>) -> Result<(), FieldHoldersError> {
        let end = ids.end.min(u64::from(probe_fields::MAX_IDS));
        if ids.start >= end {
            return Ok(());
        }
        // Both below MAX_IDS, so they fit.
        let (first, last) = (chunk_of(ids.start as u32), chunk_of((end - 1) as u32));
        if (first..=last).all(|k| self.is_defined(k)) {
            return Ok(());
        }
        let mut holders = self.lock();
        for k in first..=last {
            if self.is_defined(k) {
                continue;
            }
            let name = probe_fields::holder_name(k);
            let bytes = probe_fields::holder_class(k);
            let defined = env.with_local_frame(4, |env| -> jni::errors::Result<(GlobalRef, JStaticMethodID)> {
                let class = env.define_class(name.as_str(), &JObject::null(), &bytes)?;
                let read = env.get_static_method_id(&class, probe_fields::READ_NAME, probe_fields::READ_DESCRIPTOR)?;
                Ok((env.new_global_ref(&class)?, read))
            });
            match defined {
                Ok((class, read)) => {
                    if holders.len() <= k as usize {
                        holders.resize_with(k as usize + 1, || None);
                    }
                    holders[k as usize] = Some(Holder { class, read });
                    self.defined[k as usize / 64].fetch_or(1 << (k % 64), Ordering::Release);
                }
                Err(source) => {
                    crate::env::clear_exception(env);
                    return Err(FieldHoldersError::Define { name, source });
                }
            }
        }
        Ok(())
    }

    /// Every probe field below `upto`, as 0/1, indexed by id (shorter when fewer holders exist;
    /// 0 for the ids of chunks with no holder).
    pub fn collect(&self, env: &mut JNIEnv, upto: u64) -> Result<Vec<u8>, FieldHoldersError> {
        let holders = self.lock();
        let len = (holders.len() as u64 * u64::from(CHUNK)).min(upto) as usize;
        if len == 0 {
            return Ok(Vec::new());
        }
        let used = len.div_ceil(CHUNK as usize);
        let read = env.with_local_frame(4, |env| -> jni::errors::Result<Vec<u8>> {
            let out = env.new_boolean_array((used * CHUNK as usize) as i32)?;
            let defined = holders.iter().take(used).enumerate().filter_map(|(k, h)| Some((k, h.as_ref()?)));
            for (k, h) in defined {
                let args = [jvalue { l: out.as_raw() }, jvalue { i: (k * CHUNK as usize) as i32 }];
                let class = <&JClass>::from(h.class.as_obj());
                // SAFETY: `read` is `([ZI)V` on this class, and the arguments match it.
                unsafe {
                    env.call_static_method_unchecked(class, h.read, ReturnType::Primitive(Primitive::Void), &args)
                }?;
            }
            let mut buf = vec![0u8; len];
            env.get_boolean_array_region(&out, 0, &mut buf)?;
            Ok(buf)
        });
        match read {
            Ok(mut buf) => {
                for b in &mut buf {
                    *b = u8::from(*b != 0);
                }
                Ok(buf)
            }
            Err(e) => {
                crate::env::clear_exception(env);
                Err(FieldHoldersError::Read(e))
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Option<Holder>>> {
        self.holders.lock().unwrap_or_else(|e| e.into_inner())
    }
}
