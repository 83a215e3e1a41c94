//! `--cp` handling: split on `:`, expand `dir/*` to the jars in `dir` (sorted, like `java`),
//! and refuse entries that do not exist, naming them. Also finds whether a class file is on the
//! class path (directories only: jars are checked by the JVM, which names the problem too).

use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ClassPathError {
    #[error("--cp is empty: give the jars and class directories of the code to fuzz, e.g. --cp target/classes:lib/*")]
    Empty,
    #[error("--cp entry `{0}` does not exist (check the path; `dir/*` means every jar in dir)")]
    Missing(String),
    #[error("--cp entry `{0}`: directory has no .jar files")]
    NoJars(String),
    #[error("--cp entry `{entry}`: {error}")]
    Unreadable { entry: String, error: String },
}

/// The expanded class path entries, in order.
pub fn expand(cp: &str) -> Result<Vec<PathBuf>, ClassPathError> {
    let mut out = Vec::new();
    for entry in cp.split(':').filter(|e| !e.is_empty()) {
        if let Some(dir) = entry.strip_suffix("/*").or_else(|| (entry == "*").then_some(".")) {
            let dir = if dir.is_empty() { "/" } else { dir };
            let rd = std::fs::read_dir(dir).map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => ClassPathError::Missing(entry.to_string()),
                _ => ClassPathError::Unreadable { entry: entry.to_string(), error: e.to_string() },
            })?;
            let mut jars: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("jar")) && p.is_file())
                .collect();
            if jars.is_empty() {
                return Err(ClassPathError::NoJars(entry.to_string()));
            }
            jars.sort();
            out.extend(jars);
        } else {
            let p = PathBuf::from(entry);
            if !p.exists() {
                return Err(ClassPathError::Missing(entry.to_string()));
            }
            out.push(p);
        }
    }
    if out.is_empty() {
        return Err(ClassPathError::Empty);
    }
    Ok(out)
}

/// `-Djava.class.path` value for the expanded entries (absolute, so a changed working
/// directory in the target does not matter).
pub fn join(entries: &[PathBuf]) -> String {
    entries
        .iter()
        .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()).to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(":")
}

/// True if `class` (binary name) is a `.class` file in one of the directory entries.
pub fn in_directories(entries: &[PathBuf], class: &str) -> bool {
    let rel = format!("{}.class", class.replace('.', "/"));
    entries.iter().filter(|e| e.is_dir()).any(|d| Path::new(d).join(&rel).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_wildcards_and_rejects_missing_entries() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-cp-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        std::fs::write(dir.join("lib/b.jar"), b"").unwrap();
        std::fs::write(dir.join("lib/a.jar"), b"").unwrap();
        std::fs::write(dir.join("lib/x.txt"), b"").unwrap();
        let cp = format!("{0}:{0}/lib/*", dir.display());
        let got = expand(&cp).unwrap();
        assert_eq!(got, vec![dir.clone(), dir.join("lib/a.jar"), dir.join("lib/b.jar")]);
        let missing = format!("{}/nope.jar", dir.display());
        assert_eq!(expand(&missing), Err(ClassPathError::Missing(missing.clone())));
        assert_eq!(expand(""), Err(ClassPathError::Empty));
        std::fs::create_dir_all(dir.join("empty")).unwrap();
        assert!(matches!(expand(&format!("{}/empty/*", dir.display())), Err(ClassPathError::NoJars(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
