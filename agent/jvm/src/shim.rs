//! The Java shim jar (built by agent/jvm/build.rs from java-shim/) embedded in the agent, and its
//! installation as a file the JVM can put on the bootstrap class path.
//!
//! The file is named after a hash of its content, so agents of different builds never load each
//! other's shim, and lives in a per-user 0700 directory under the temp dir, so no other user can
//! plant a jar there (it ends up on the bootstrap class path). It is written to a unique temporary
//! name and renamed into place: concurrent JVMs starting at once never see a half-written jar.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The shim jar.
pub static SHIM_JAR: &[u8] = include_bytes!(env!("JVMFUZZ_SHIM_JAR"));

/// FNV-1a 64: stable across builds and toolchains (unlike std's or ahash's hashers).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The run-time classes Jazzer's API looks up by name (`com.code_intelligence.jazzer.runtime`),
/// for `fuzz` only: see build.rs.
pub static JAZZER_RUNTIME_JAR: &[u8] = include_bytes!(env!("JVMFUZZ_JAZZER_RUNTIME_JAR"));

/// The JUnit integration's classes (java-shim/src/junit), which `fuzz junit-jar` packs with
/// `libjvmfuzz_junit.so` into `jvmfuzz-junit.jar`.
pub static JUNIT_CLASSES_JAR: &[u8] = include_bytes!(env!("JVMFUZZ_JUNIT_CLASSES_JAR"));

/// Writes the embedded shim jar (if not already there) and returns its path.
pub fn install_shim_jar() -> io::Result<PathBuf> {
    install_jar(&std::env::temp_dir(), SHIM_JAR)
}

/// Writes the embedded Jazzer run-time jar (if not already there) and returns its path.
pub fn install_jazzer_runtime_jar() -> io::Result<PathBuf> {
    install_jar(&std::env::temp_dir(), JAZZER_RUNTIME_JAR)
}

/// Installs `jar` under `base/jvmfuzz-<uid>/jvmfuzz-shim-<hash>.jar`.
pub fn install_jar(base: &Path, jar: &[u8]) -> io::Result<PathBuf> {
    // The owner of /proc/self is our effective uid; avoids a libc dependency.
    let uid = fs::metadata("/proc/self").map(|m| m.uid()).unwrap_or(0);
    let dir = base.join(format!("jvmfuzz-{uid}"));
    match fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let meta = fs::symlink_metadata(&dir)?;
    if !meta.is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o022 != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("{} is not a private directory of this user", dir.display()),
        ));
    }
    let path = dir.join(format!("jvmfuzz-shim-{:016x}.jar", fnv1a(jar)));
    if fs::read(&path).is_ok_and(|existing| existing == jar) {
        return Ok(path);
    }
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let tmp = dir.join(format!(".shim-{}-{}-{}.tmp", std::process::id(), nanos, SEQ.fetch_add(1, Ordering::Relaxed)));
    let result = (|| {
        let mut f = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&tmp)?;
        f.write_all(jar)?;
        f.sync_all()?;
        fs::rename(&tmp, &path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map(|()| path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_jar_is_a_zip_with_the_probe_class() {
        assert_eq!(&SHIM_JAR[..4], b"PK\x03\x04");
        let probes = b"com/jvmfuzz/shim/Probes.class";
        assert!(SHIM_JAR.windows(probes.len()).any(|w| w == probes));
    }

    #[test]
    fn every_redirect_has_its_replacement_in_the_shim() {
        // A redirect to a method the shim lacks compiles and loads, then fails with
        // NoSuchMethodError in every class that makes the call.
        let classes = std::path::Path::new(env!("JVMFUZZ_SHIM_CLASSES"));
        let mut checked = 0;
        for (shim, name, descriptor) in jvmfuzz_instrument::redirect::hook_methods() {
            let bytes = fs::read(classes.join(format!("{shim}.class"))).expect("a compiled shim class");
            let cf = jvmfuzz_classfile::ClassFile::parse(&bytes).expect("a valid class file");
            let cp = &cf.constant_pool;
            let found = cf.methods.iter().any(|m| {
                m.access_flags & jvmfuzz_classfile::access::STATIC != 0
                    && m.access_flags & jvmfuzz_classfile::access::PUBLIC != 0
                    && m.name(cp).is_ok_and(|n| n == name)
                    && m.descriptor(cp).is_ok_and(|d| d == descriptor)
            });
            assert!(found, "{shim} has no public static {name}{descriptor}");
            checked += 1;
        }
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn jazzer_run_time_classes_are_only_in_their_own_jar() {
        // The profiler's boot class path holds only the shim jar: a profiled program's own
        // Jazzer must find Jazzer's classes there, not ours.
        let has = |jar: &[u8], name: &[u8]| jar.windows(name.len()).any(|w| w == name);
        let runtime = b"com/code_intelligence/jazzer/runtime/";
        assert!(!has(SHIM_JAR, runtime));
        assert_eq!(&JAZZER_RUNTIME_JAR[..4], b"PK\x03\x04");
        for class in ["JazzerInternal", "TraceDataFlowNativeCallbacks", "ExtraCountersTracker"] {
            let entry = format!("com/code_intelligence/jazzer/runtime/{class}.class");
            assert!(has(JAZZER_RUNTIME_JAR, entry.as_bytes()), "{entry}");
        }
    }

    #[test]
    fn install_is_idempotent_and_content_addressed() {
        let base = std::env::temp_dir().join(format!("jvmfuzz-shim-test-{}", std::process::id()));
        fs::create_dir_all(&base).unwrap();
        let a = install_jar(&base, b"jar one").unwrap();
        let a2 = install_jar(&base, b"jar one").unwrap();
        let b = install_jar(&base, b"jar two").unwrap();
        assert_eq!(a, a2);
        assert_ne!(a, b);
        assert_eq!(fs::read(&a).unwrap(), b"jar one");
        // A corrupted file is replaced.
        fs::write(&a, b"garbage").unwrap();
        assert_eq!(install_jar(&base, b"jar one").unwrap(), a);
        assert_eq!(fs::read(&a).unwrap(), b"jar one");
        let dir = a.parent().unwrap();
        assert_eq!(fs::metadata(dir).unwrap().permissions().mode() & 0o777, 0o700);
        // No temp files left behind.
        let names: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn a_foreign_directory_is_refused() {
        let base = std::env::temp_dir().join(format!("jvmfuzz-shim-test2-{}", std::process::id()));
        let uid = fs::metadata("/proc/self").map(|m| m.uid()).unwrap_or(0);
        let dir = base.join(format!("jvmfuzz-{uid}"));
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
        assert!(install_jar(&base, b"x").is_err());
        fs::remove_dir_all(&base).unwrap();
    }
}
