//! `fuzz junit-jar`: packs `jvmfuzz-junit.jar`, the JUnit integration a Maven project adds as
//! its one test dependency: the integration's classes (built into `jvmfuzz-jvm` from
//! java-shim/src/junit) and the native engine `libjvmfuzz_junit.so` (fuzzer/junit) as a
//! resource the classes unpack and load. Cargo cannot pack a library it is still building, so
//! this step comes after `cargo build --release`. `--install` puts the jar and a pom into the
//! local Maven repository as `com.jvmfuzz:jvmfuzz-junit:<version>`.

use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

pub const GROUP: &str = "com.jvmfuzz";
pub const ARTIFACT: &str = "jvmfuzz-junit";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Where the classes look for the engine (Engine.java's RESOURCE).
const NATIVE_ENTRY: &str = "com/jvmfuzz/junit/native/linux-x86_64/libjvmfuzz_junit.so";

#[derive(Debug, thiserror::Error)]
pub enum JarError {
    #[error("{0}")]
    Setup(String),
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
    #[error("packing the jar: {0}")]
    Zip(#[from] zip::result::ZipError),
}

/// The native engine this executable's build made: `libjvmfuzz_junit.so` next to this
/// executable (`cargo build`) or in its `deps/` (`cargo test` leaves it only there).
pub fn built_native_library() -> Option<PathBuf> {
    let here = std::env::current_exe().ok()?.parent()?.to_path_buf();
    newest([here.join("libjvmfuzz_junit.so"), here.join("deps").join("libjvmfuzz_junit.so")])
}

/// The most recently written of `paths` that exist. `cargo build` writes the library next to
/// the executable and `cargo test` only under `deps/`, so after a `cargo build`, an edit and a
/// `cargo test` the first is stale: its embedded shim no longer matches this executable's.
pub fn newest(paths: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    paths
        .into_iter()
        .filter_map(|p| {
            let m = std::fs::metadata(&p).ok().filter(std::fs::Metadata::is_file)?;
            Some((m.modified().ok(), p))
        })
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
}

/// The jar's bytes: the classes jar's entries, the native library, the pom.
pub fn build(native: &Path) -> Result<Vec<u8>, JarError> {
    let lib = std::fs::read(native).map_err(|e| {
        JarError::Setup(format!(
            "cannot read the native engine {}: {e} (run `cargo build --release` first, or give --native FILE)",
            native.display()
        ))
    })?;
    let mut classes = ZipArchive::new(Cursor::new(jvmfuzz_jvm::JUNIT_CLASSES_JAR))?;
    let mut out = ZipWriter::new(Cursor::new(Vec::new()));
    let deflate = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    out.start_file("META-INF/MANIFEST.MF", deflate)?;
    out.write_all(
        format!("Manifest-Version: 1.0\nImplementation-Title: {ARTIFACT}\nImplementation-Version: {VERSION}\n\n")
            .as_bytes(),
    )
    .map_err(|e| JarError::Io("manifest".into(), e))?;
    for i in 0..classes.len() {
        let mut f = classes.by_index(i)?;
        let name = f.name()?.to_string();
        if f.is_dir() || name == "META-INF/MANIFEST.MF" {
            continue;
        }
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).map_err(|e| JarError::Io(name.clone(), e))?;
        out.start_file(name.as_str(), deflate)?;
        out.write_all(&bytes).map_err(|e| JarError::Io(name, e))?;
    }
    out.start_file(NATIVE_ENTRY, deflate)?;
    out.write_all(&lib).map_err(|e| JarError::Io(NATIVE_ENTRY.into(), e))?;
    out.start_file(format!("META-INF/maven/{GROUP}/{ARTIFACT}/pom.xml"), deflate)?;
    out.write_all(pom().as_bytes()).map_err(|e| JarError::Io("pom.xml".into(), e))?;
    Ok(out.finish()?.into_inner())
}

/// The pom: no dependencies (the project brings its own JUnit 5).
pub fn pom() -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <modelVersion>4.0.0</modelVersion>\n  \
         <groupId>{GROUP}</groupId>\n  <artifactId>{ARTIFACT}</artifactId>\n  <version>{VERSION}</version>\n  \
         <packaging>jar</packaging>\n  <description>jvmfuzz's JUnit 5 integration: @FuzzTest, replayed by mvn test, fuzzed with JVMFUZZ_FUZZ=1</description>\n\
         </project>\n"
    )
}

/// Writes `bytes` to `path` through a temporary file and a rename: a JVM that has the old jar
/// open (a test run using the installed one) keeps reading the old file.
fn replace(path: &Path, bytes: &[u8]) -> Result<(), JarError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| JarError::Io(tmp.display().to_string(), e))?;
    std::fs::rename(&tmp, path).map_err(|e| JarError::Io(path.display().to_string(), e))
}

/// Writes the jar to `out`; with `repo`, also installs it there. Returns the files written.
pub fn write(native: &Path, out: &Path, repo: Option<&Path>) -> Result<Vec<PathBuf>, JarError> {
    let jar = build(native)?;
    replace(out, &jar)?;
    let mut written = vec![out.to_path_buf()];
    if let Some(repo) = repo {
        let dir = repo.join(GROUP.replace('.', "/")).join(ARTIFACT).join(VERSION);
        std::fs::create_dir_all(&dir).map_err(|e| JarError::Io(dir.display().to_string(), e))?;
        let base = format!("{ARTIFACT}-{VERSION}");
        for (name, bytes) in [(format!("{base}.jar"), jar), (format!("{base}.pom"), pom().into_bytes())] {
            let p = dir.join(name);
            replace(&p, &bytes)?;
            written.push(p);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jar_holds_classes_native_and_pom() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-junit-jar-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let native = dir.join("lib.so");
        std::fs::write(&native, b"\x7fELF not really").unwrap();
        let jar = build(&native).unwrap();
        let mut z = ZipArchive::new(Cursor::new(jar)).unwrap();
        let names: Vec<String> = z.file_names().map(|n| n.unwrap().to_string()).collect();
        for want in [
            "com/jvmfuzz/junit/FuzzTest.class",
            "com/jvmfuzz/junit/FuzzTestExtension.class",
            "com/code_intelligence/jazzer/junit/FuzzTest.class",
            "META-INF/services/org.junit.platform.launcher.LauncherSessionListener",
            NATIVE_ENTRY,
        ] {
            assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
        }
        // The compile-time stand-ins of JUnit's API are never packed: the project's JUnit is used.
        assert!(!names.iter().any(|n| n.starts_with("org/junit/")), "{names:?}");
        // Nor the shim: it goes on the boot class path from the native engine.
        assert!(!names.iter().any(|n| n.starts_with("com/jvmfuzz/shim/")), "{names:?}");
        let mut lib = Vec::new();
        z.by_name(NATIVE_ENTRY).unwrap().read_to_end(&mut lib).unwrap();
        assert_eq!(lib, b"\x7fELF not really");
        assert!(matches!(build(&dir.join("missing.so")), Err(JarError::Setup(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_newest_library_wins_over_a_stale_one() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-junit-newest-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("deps")).unwrap();
        let (top, deps) = (dir.join("lib.so"), dir.join("deps").join("lib.so"));
        std::fs::write(&top, b"stale").unwrap();
        std::fs::write(&deps, b"fresh").unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::options().write(true).open(&top).unwrap().set_modified(old).unwrap();
        assert_eq!(newest([top.clone(), deps.clone()]), Some(deps.clone()));
        std::fs::File::options()
            .write(true)
            .open(&deps)
            .unwrap()
            .set_modified(old - std::time::Duration::from_secs(3600))
            .unwrap();
        assert_eq!(newest([top.clone(), deps.clone()]), Some(top.clone()));
        std::fs::remove_file(&top).unwrap();
        assert_eq!(newest([top.clone(), deps.clone()]), Some(deps.clone()));
        assert_eq!(newest([top, dir.join("none.so")]), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
