//! The hooks that let generated drivers stop what a run left running: AFTER hooks on the JDK
//! calls that make an executor, a timer or a running thread, applied at call sites of the
//! code under test like the bug detectors' (`detectors`). The shim's
//! `com.jvmfuzz.shim.driver.Leftovers` records what they make (the object returned, or the
//! one constructed or started); the next run stops it and `stats.txt` counts it per driver
//! method.
//!
//! Why: the objects a driver builds are garbage after its run, their threads are not. Every
//! `TimedSemaphore` a run builds starts a scheduled executor at a fuzzed period; hundreds of
//! them, never stopped, keep the cores busy and starve the runs.

use jvmfuzz_instrument::hooks::{HookType, MethodHook};

const HOOK_CLASS: &str = "com/jvmfuzz/shim/driver/Leftovers";
const HOOK_METHOD: &str = "started";
const AFTER_DESCRIPTOR: &str =
    "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;[Ljava/lang/Object;ILjava/lang/Object;)V";

/// (class, method): every overload. Constructors of the executors a library makes itself,
/// `Executors`' factories, `Timer` (its constructor starts its thread) and `Thread.start`.
const STARTERS: &[(&str, &str)] = &[
    ("java/util/concurrent/ThreadPoolExecutor", "<init>"),
    ("java/util/concurrent/ScheduledThreadPoolExecutor", "<init>"),
    ("java/util/concurrent/ForkJoinPool", "<init>"),
    ("java/util/concurrent/Executors", "newFixedThreadPool"),
    ("java/util/concurrent/Executors", "newCachedThreadPool"),
    ("java/util/concurrent/Executors", "newSingleThreadExecutor"),
    ("java/util/concurrent/Executors", "newScheduledThreadPool"),
    ("java/util/concurrent/Executors", "newSingleThreadScheduledExecutor"),
    ("java/util/concurrent/Executors", "newWorkStealingPool"),
    ("java/util/concurrent/Executors", "newThreadPerTaskExecutor"),
    ("java/util/concurrent/Executors", "newVirtualThreadPerTaskExecutor"),
    ("java/util/Timer", "<init>"),
    ("java/lang/Thread", "start"),
];

/// The hooks, for the class-load pipeline of a run with generated drivers.
pub fn hooks() -> Vec<MethodHook> {
    STARTERS
        .iter()
        .map(|(class, method)| MethodHook {
            kind: HookType::After,
            hook_class: HOOK_CLASS.to_string(),
            hook_method: HOOK_METHOD.to_string(),
            hook_descriptor: AFTER_DESCRIPTOR.to_string(),
            target_class: class.to_string(),
            target_method: method.to_string(),
            target_descriptor: None,
            additional_classes: Vec::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::ClassFile;
    use std::io::Read;

    #[test]
    fn the_hook_method_exists_in_the_shim_with_jazzers_after_signature() {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(jvmfuzz_jvm::SHIM_JAR)).unwrap();
        let mut bytes = Vec::new();
        zip.by_name(&format!("{HOOK_CLASS}.class")).unwrap().read_to_end(&mut bytes).unwrap();
        let cf = ClassFile::parse(&bytes).unwrap();
        let cp = &cf.constant_pool;
        assert!(cf.methods.iter().any(|m| m.name(cp).unwrap() == HOOK_METHOD
            && m.descriptor(cp).unwrap() == AFTER_DESCRIPTOR
            && m.access_flags & 0x0009 == 0x0009));
        assert_eq!(hooks().len(), STARTERS.len());
    }
}
