//! Jazzer's API for a harness whose class path lacks it. OSS-Fuzz's build scripts compile
//! harnesses against jazzer-api but leave it off the run's `--cp=`: Jazzer's agent jar
//! (`--agent_path=`) supplies those classes. Without them a harness taking
//! `FuzzedDataProvider` cannot load, so the API jar is looked for and added, or the run stops
//! saying which jar to add.

use std::path::{Path, PathBuf};

use crate::classpath;

const API_PACKAGE: &[u8] = b"com/code_intelligence/jazzer/api/";
const API_CLASS: &str = "com/code_intelligence/jazzer/api/FuzzedDataProvider.class";

/// Adds a jar holding Jazzer's API to `entries` when the `harness` class names the API and no
/// entry holds it. The jar: `given` (`--jazzer-api`, Jazzer's `--agent_path=`), else
/// `$JAZZER_API_PATH` (what OSS-Fuzz's builder sets), else the newest
/// `com.code-intelligence:jazzer-api` in the local Maven repository. Returns the jar added.
pub fn supply(entries: &mut Vec<PathBuf>, harness: &str, given: Option<&Path>) -> Result<Option<PathBuf>, String> {
    let Some(bytes) = classpath::class_bytes(entries, harness) else { return Ok(None) };
    if !bytes.windows(API_PACKAGE.len()).any(|w| w == API_PACKAGE) || holds_api(entries) {
        return Ok(None);
    }
    let env = std::env::var_os("JAZZER_API_PATH").map(PathBuf::from);
    let candidates = given.map(Path::to_path_buf).into_iter().chain(env).chain(newest_in_maven_repository());
    for jar in candidates {
        if holds_api(std::slice::from_ref(&jar)) {
            entries.push(jar.clone());
            return Ok(Some(jar));
        }
    }
    Err(format!(
        "{harness} uses Jazzer's API (com.code_intelligence.jazzer.api) and --cp holds no jar of it: add \
         jazzer-api (Maven Central: com.code-intelligence:jazzer-api:0.30.0) to --cp, or name it with \
         --jazzer-api JAR (under OSS-Fuzz, Jazzer's agent jar supplied it: --agent_path= works too)"
    ))
}

/// Whether an entry (or a jar its manifest names) holds the API's FuzzedDataProvider.
fn holds_api(entries: &[PathBuf]) -> bool {
    classpath::follow_manifests(entries).iter().any(|e| {
        if e.is_dir() {
            e.join(API_CLASS).is_file()
        } else {
            classpath::jar_entry(e, API_CLASS).is_some()
        }
    })
}

/// `~/.m2/repository/com/code-intelligence/jazzer-api/<newest>/jazzer-api-<newest>.jar`.
fn newest_in_maven_repository() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")?;
    let dir = Path::new(&home).join(".m2/repository/com/code-intelligence/jazzer-api");
    let mut versions: Vec<(Vec<u64>, String)> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|v| Some((version_key(&v)?, v)))
        .collect();
    versions.sort();
    let (_, v) = versions.pop()?;
    Some(dir.join(&v).join(format!("jazzer-api-{v}.jar")))
}

/// `0.30.0` as [0, 30, 0]; `None` for anything but dotted numbers (snapshots, metadata).
fn version_key(v: &str) -> Option<Vec<u64>> {
    v.split('.').map(|p| p.parse::<u64>().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_as_numbers() {
        let mut v = [version_key("0.9.1"), version_key("0.30.0"), version_key("0.24.0")];
        v.sort();
        assert_eq!(v.last().cloned().flatten(), Some(vec![0, 30, 0]));
        assert_eq!(version_key("1.0-SNAPSHOT"), None);
    }

    #[test]
    fn a_harness_without_the_api_is_left_alone() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-api-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("x")).unwrap();
        std::fs::write(dir.join("x/H.class"), b"\xca\xfe\xba\xbe no api here").unwrap();
        let mut entries = vec![dir.clone()];
        assert_eq!(supply(&mut entries, "x.H", None), Ok(None));
        assert_eq!(entries.len(), 1);
        std::fs::write(dir.join("x/H.class"), b"\xca\xfe\xba\xbe com/code_intelligence/jazzer/api/FuzzedDataProvider")
            .unwrap();
        let missing = dir.join("no-such.jar");
        let r = supply(&mut entries, "x.H", Some(&missing));
        // Either the machine has jazzer-api somewhere it looks (added), or the message says what to add.
        match r {
            Ok(Some(jar)) => assert!(holds_api(&[jar])),
            Err(e) => assert!(e.contains("com.code-intelligence:jazzer-api"), "{e}"),
            Ok(None) => panic!("a harness naming the API with none on the class path"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
