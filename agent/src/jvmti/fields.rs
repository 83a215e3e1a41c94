//! The holder classes of the field probes (`instrument::probe_fields`): rewritten code stores
//! `ProbeFieldsK.fS = true`, so holder `K` must exist before any class whose ids it holds runs.
//!
//! - [`Fields::ensure`] runs in the class-load hook before a rewritten class is handed back. It
//!   defines the missing holders, in id order, in the bootstrap loader (JNI `DefineClass` with
//!   no loader): every class loader can see them there, as it sees the shim's `Probes`, and
//!   they are never unloaded. Looking up `read` initialises the holder, so compiled code needs
//!   no initialisation barrier at the probes.
//! - [`Fields::collect`] calls each holder's `read` into one `boolean[]` and copies that out:
//!   one JNI call per holder instead of a field lookup per probe.
//!
//! Defining a holder fires the class-load hook again for it, on this thread, while
//! [`Fields::ensure`] holds its lock: the hook returns before any lock for jvmfuzz's own
//! classes (the filter never accepts `com.jvmfuzz.*`), so this cannot deadlock.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};

use jni::objects::{GlobalRef, JClass, JObject, JStaticMethodID};
use jni::signature::{Primitive, ReturnType};
use jni::sys::jvalue;
use jni::JNIEnv;

use crate::instrument::probe_fields::{self, CHUNK};

#[derive(Debug, thiserror::Error)]
pub enum FieldsError {
    #[error("cannot define the probe field holder {name}: {source}")]
    Define { name: String, source: jni::errors::Error },
    #[error("cannot read the probe fields: {0}")]
    Read(jni::errors::Error),
}

struct Holder {
    class: GlobalRef,
    read: JStaticMethodID,
}

/// See the module docs. One per agent, inside [`super::flags::Flags`].
pub struct Fields {
    /// Holders defined: the lock-free check of [`Fields::ensure`].
    defined: AtomicU32,
    holders: Mutex<Vec<Holder>>,
}

impl Default for Fields {
    fn default() -> Self {
        Self::new()
    }
}

impl Fields {
    pub const fn new() -> Self {
        Fields { defined: AtomicU32::new(0), holders: Mutex::new(Vec::new()) }
    }

    /// Defines the holders of every id below `end` (ids from `probe_fields::MAX_IDS` on have
    /// none: those classes use the flag arrays).
    pub fn ensure(&self, env: &mut JNIEnv, end: u64) -> Result<(), FieldsError> {
        let need = probe_fields::holders_below(end);
        if need <= self.defined.load(Ordering::Acquire) {
            return Ok(());
        }
        let mut holders = self.lock();
        while (holders.len() as u32) < need {
            let k = holders.len() as u32;
            let name = probe_fields::holder_name(k);
            let bytes = probe_fields::holder_class(k);
            let defined = env.with_local_frame(4, |env| -> jni::errors::Result<(GlobalRef, JStaticMethodID)> {
                let class = env.define_class(name.as_str(), &JObject::null(), &bytes)?;
                let read = env.get_static_method_id(&class, probe_fields::READ_NAME, probe_fields::READ_DESCRIPTOR)?;
                Ok((env.new_global_ref(&class)?, read))
            });
            match defined {
                Ok((class, read)) => holders.push(Holder { class, read }),
                Err(source) => {
                    super::flags::clear_exception(env);
                    return Err(FieldsError::Define { name, source });
                }
            }
            self.defined.store(holders.len() as u32, Ordering::Release);
        }
        Ok(())
    }

    /// Every probe field below `upto`, as 0/1, indexed by id (shorter when fewer holders exist).
    pub fn collect(&self, env: &mut JNIEnv, upto: u64) -> Result<Vec<u8>, FieldsError> {
        let holders = self.lock();
        let len = (holders.len() as u64 * u64::from(CHUNK)).min(upto) as usize;
        if len == 0 {
            return Ok(Vec::new());
        }
        let used = len.div_ceil(CHUNK as usize);
        let read = env.with_local_frame(4, |env| -> jni::errors::Result<Vec<u8>> {
            let out = env.new_boolean_array((used * CHUNK as usize) as i32)?;
            for (k, h) in holders.iter().take(used).enumerate() {
                let args = [jvalue { l: out.as_raw() }, jvalue { i: (k * CHUNK as usize) as i32 }];
                let class = <&JClass>::from(h.class.as_obj());
                // SAFETY: `read` is `([ZI)V` on this class, and the arguments match it.
                unsafe { env.call_static_method_unchecked(class, h.read, ReturnType::Primitive(Primitive::Void), &args) }?;
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
                super::flags::clear_exception(env);
                Err(FieldsError::Read(e))
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Holder>> {
        self.holders.lock().unwrap_or_else(|e| e.into_inner())
    }
}
