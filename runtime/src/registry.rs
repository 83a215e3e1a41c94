//! Probe registry: allocates probe ids (a lock-free bump counter, called concurrently from the
//! class-load hook on many threads) and keeps, per instrumented class, the original bytes and the
//! id ranges of its methods. The coverage analysis re-plans probes on `original` at report time
//! to learn what each id means, so nothing more than ranges is stored here.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::RuntimeError;

/// One instrumented method: probes `first_probe .. first_probe + probe_count`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodRecord {
    pub name: String,
    pub descriptor: String,
    pub first_probe: u32,
    pub probe_count: u32,
}

/// One instrumented class. `name` is the internal form (`com/acme/Foo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassRecord {
    pub name: String,
    pub original: Arc<[u8]>,
    pub first_probe: u32,
    pub methods: Vec<MethodRecord>,
}

impl ClassRecord {
    /// Total probes of all methods.
    pub fn probe_count(&self) -> u64 {
        self.methods.iter().map(|m| u64::from(m.probe_count)).sum()
    }
}

/// Largest number of ids: `u32::MAX` itself is never an id (the shim's rings use it as the
/// empty slot).
pub const MAX_IDS: u64 = u32::MAX as u64;

#[derive(Debug, Default)]
pub struct ProbeRegistry {
    next: AtomicU64,
    classes: Mutex<Vec<Arc<ClassRecord>>>,
}

impl ProbeRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// Reserves `n` consecutive ids and returns the first. Never hands out an id twice.
    pub fn reserve(&self, n: u32) -> Result<u32, RuntimeError> {
        let n64 = u64::from(n);
        let mut cur = self.next.load(Ordering::Relaxed);
        loop {
            let end = cur + n64;
            if end > MAX_IDS {
                return Err(RuntimeError::IdSpaceExhausted { requested: n, used: cur });
            }
            match self.next.compare_exchange_weak(cur, end, Ordering::AcqRel, Ordering::Relaxed) {
                // cur < MAX_IDS <= u32::MAX here, so the cast is lossless.
                Ok(_) => return Ok(cur as u32),
                Err(actual) => cur = actual,
            }
        }
    }

    /// Ids handed out so far (all ids are `< reserved()`).
    pub fn reserved(&self) -> u64 {
        self.next.load(Ordering::Acquire)
    }

    pub fn register_class(&self, record: ClassRecord) -> Arc<ClassRecord> {
        let record = Arc::new(record);
        self.lock().push(Arc::clone(&record));
        record
    }

    /// Every registered class, in registration order.
    pub fn classes(&self) -> Vec<Arc<ClassRecord>> {
        self.lock().clone()
    }

    // A panic while holding the lock (there is none in this module) must not disable the
    // registry for the rest of the run: take the data anyway.
    fn lock(&self) -> MutexGuard<'_, Vec<Arc<ClassRecord>>> {
        self.classes.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserve_is_contiguous_and_unique_across_threads() {
        let reg = Arc::new(ProbeRegistry::new());
        let mut handles = Vec::new();
        for _ in 0..4 {
            let reg = Arc::clone(&reg);
            handles.push(std::thread::spawn(move || {
                (0..1000).map(|i| (reg.reserve(i % 7).unwrap(), i % 7)).collect::<Vec<_>>()
            }));
        }
        let mut ranges: Vec<(u32, u32)> = handles.into_iter().flat_map(|h| h.join().unwrap()).collect();
        ranges.sort();
        let mut expect = 0u64;
        for (first, n) in ranges.iter().filter(|r| r.1 > 0) {
            assert_eq!(u64::from(*first), expect, "gap or overlap at {first}");
            expect += u64::from(*n);
        }
        assert_eq!(reg.reserved(), expect);
    }

    #[test]
    fn reserve_refuses_past_the_id_space() {
        let reg = ProbeRegistry::new();
        reg.next.store(MAX_IDS - 2, Ordering::Relaxed);
        assert_eq!(reg.reserve(2), Ok((MAX_IDS - 2) as u32));
        assert!(matches!(reg.reserve(1), Err(RuntimeError::IdSpaceExhausted { .. })));
        assert_eq!(reg.reserve(0), Ok(MAX_IDS as u32));
    }

    #[test]
    fn classes_are_kept_in_order() {
        let reg = ProbeRegistry::new();
        for name in ["a/A", "b/B"] {
            let first = reg.reserve(3).unwrap();
            reg.register_class(ClassRecord {
                name: name.into(),
                original: Arc::from(&b"\xca\xfe"[..]),
                first_probe: first,
                methods: vec![MethodRecord {
                    name: "m".into(),
                    descriptor: "()V".into(),
                    first_probe: first,
                    probe_count: 3,
                }],
            });
        }
        let names: Vec<_> = reg.classes().iter().map(|c| c.name.clone()).collect();
        assert_eq!(names, ["a/A", "b/B"]);
        assert_eq!(reg.classes()[1].first_probe, 3);
        assert_eq!(reg.classes()[1].probe_count(), 3);
    }
}
