//! `--cp` handling: split on `:`, expand `dir/*` to the jars in `dir` (sorted, like `java`),
//! and refuse entries that do not exist, naming them. Also finds whether a class file is on the
//! class path (directories only: jars are checked by the JVM, which names the problem too), and
//! follows jar manifests' `Class-Path` as the JVM's class loader does, so that what is read from
//! class files here (hook classes, a hook target's subtypes) sees the classes the JVM sees when
//! `--cp` names an application's jar whose manifest lists its dependencies.

use std::io::Read;
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

/// The class file of `class` (binary name) as the class path's first entry holding it has it
/// (manifests' `Class-Path` entries followed).
pub fn class_bytes(entries: &[PathBuf], class: &str) -> Option<Vec<u8>> {
    let rel = format!("{}.class", class.replace('.', "/"));
    follow_manifests(entries).iter().find_map(|e| {
        if e.is_dir() {
            std::fs::read(e.join(&rel)).ok()
        } else {
            jar_entry(e, &rel)
        }
    })
}

/// `entries` with the `Class-Path` entries of each jar's manifest after it, recursively, each
/// entry once; entries that do not exist are left out of what a manifest adds, as the JVM
/// ignores them.
pub fn follow_manifests(entries: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let mut todo: Vec<PathBuf> = entries.iter().rev().cloned().collect();
    while let Some(e) = todo.pop() {
        if out.contains(&e) {
            continue;
        }
        let added: Vec<PathBuf> = if e.is_file() {
            manifest_attribute(&e, "Class-Path")
                .map(|v| {
                    v.split_ascii_whitespace().filter_map(|u| manifest_entry(&e, u)).filter(|p| p.exists()).collect()
                })
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        out.push(e);
        todo.extend(added.into_iter().rev());
    }
    out
}

/// A `Class-Path` URL of `jar`'s manifest as a path: relative to the jar's folder, or a
/// `file:` URL; percent escapes decoded. Other schemes are not on this machine's disk.
fn manifest_entry(jar: &Path, url: &str) -> Option<PathBuf> {
    // The scheme, if any, before decoding: `a%3Ab.jar` is a relative path.
    let scheme = url.split_once(':').map(|(s, _)| s).filter(|s| {
        s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    let rest = match scheme {
        Some(s) if s.eq_ignore_ascii_case("file") => &url[s.len() + 1..],
        Some(_) => return None, // not on this machine's disk
        None => url,
    };
    // file:/a, file:///a and file://localhost/a all name /a; file://host/a is another host's.
    let path = match rest.strip_prefix("//") {
        Some(authority_and_path) => {
            let (authority, path) = authority_and_path.split_at(authority_and_path.find('/')?);
            if !(authority.is_empty() || authority.eq_ignore_ascii_case("localhost")) {
                return None;
            }
            path
        }
        None => rest,
    };
    let path = percent_decode(path)?;
    Some(lexical(&jar.parent().unwrap_or(Path::new(".")).join(path)))
}

/// `p` with `.` and `..` resolved as in a URL: two manifests that name each other by relative
/// paths give the same entry, not an ever longer one.
fn lexical(p: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.components().next_back(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit))?;
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The bytes of `entry` in `jar`, if it is a readable zip that has it.
pub fn jar_entry(jar: &Path, entry: &str) -> Option<Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(jar).ok()?).ok()?;
    let mut f = zip.by_name(entry).ok()?;
    let mut out = Vec::new();
    f.read_to_end(&mut out).ok()?;
    Some(out)
}

/// A main-section attribute of the jar's manifest (continuation lines joined).
pub fn manifest_attribute(jar: &Path, name: &str) -> Option<String> {
    let bytes = jar_entry(jar, "META-INF/MANIFEST.MF")?;
    manifest_value(&String::from_utf8_lossy(&bytes), name)
}

fn manifest_value(manifest: &str, name: &str) -> Option<String> {
    let mut joined: Vec<String> = Vec::new();
    // A manifest's lines may end in CR LF, LF or CR alone.
    let manifest = manifest.replace("\r\n", "\n").replace('\r', "\n");
    for line in manifest.lines() {
        if line.is_empty() {
            break; // the main section ends at the first blank line
        }
        match (line.strip_prefix(' '), joined.last_mut()) {
            (Some(cont), Some(last)) => last.push_str(cont),
            _ => joined.push(line.to_string()),
        }
    }
    joined.iter().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_values_join_continuation_lines() {
        let m = "Manifest-Version: 1.0\r\nJazzer-Hook-Classes: com.acme.Hooks:com.acme.Other\r\n Hooks\r\n\r\nName: x\r\nJazzer-Hook-Classes: no\r\n";
        assert_eq!(manifest_value(m, "Jazzer-Hook-Classes").as_deref(), Some("com.acme.Hooks:com.acme.OtherHooks"));
        assert_eq!(manifest_value(m, "Main-Class"), None);
        let cr = "Manifest-Version: 1.0\rClass-Path: a.jar\r  b.jar\r\rName: x\r";
        assert_eq!(manifest_value(cr, "Class-Path").as_deref(), Some("a.jar b.jar"));
    }

    fn jar_with_manifest(path: &Path, manifest: &str) {
        let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
        z.start_file("META-INF/MANIFEST.MF", zip::write::SimpleFileOptions::default()).unwrap();
        std::io::Write::write_all(&mut z, manifest.as_bytes()).unwrap();
        z.finish().unwrap();
    }

    /// As a launcher jar (or Maven Surefire's manifest-only jar) lists a class path: absolute
    /// `file:` URLs and relative ones, folders ending in `/`, escapes, a long line continued,
    /// two jars that name each other.
    #[test]
    fn a_manifest_class_path_is_followed_as_the_jvm_follows_it() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-cp-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("test classes")).unwrap();
        std::fs::create_dir_all(dir.join("boot")).unwrap();
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        jar_with_manifest(
            &dir.join("lib/dep.jar"),
            "Manifest-Version: 1.0\r\nClass-Path: nested.jar ../boot/booter.jar\r\n\r\n",
        );
        jar_with_manifest(&dir.join("lib/nested.jar"), "Manifest-Version: 1.0\r\n\r\n");
        let abs = format!("file:{}/test%20classes/", dir.display());
        let line = format!(
            "Class-Path: {abs} ../lib/dep.jar missing.jar https://example.org/x.jar file://elsewhere/lib/dep.jar"
        );
        // Manifest lines are at most 72 bytes: a long one continues on lines that start with a space.
        let mut wrapped = String::new();
        for (i, chunk) in line.as_bytes().chunks(60).enumerate() {
            if i > 0 {
                wrapped.push_str("\r\n ");
            }
            wrapped.push_str(std::str::from_utf8(chunk).unwrap());
        }
        jar_with_manifest(&dir.join("boot/booter.jar"), &format!("Manifest-Version: 1.0\r\n{wrapped}\r\n\r\n"));
        let got = follow_manifests(&[dir.join("boot/booter.jar"), dir.join("lib/dep.jar")]);
        let names: Vec<String> = got.iter().map(|p| p.strip_prefix(&dir).unwrap().display().to_string()).collect();
        // Each entry once (booter.jar is reached again through dep.jar), in the JVM's order.
        assert_eq!(names, ["boot/booter.jar", "test classes", "lib/dep.jar", "lib/nested.jar"]);
        // Entries as URLs: a scheme is read before decoding, and `%` must start an escape.
        let jar = dir.join("boot/booter.jar");
        assert_eq!(manifest_entry(&jar, "a%3Ab.jar"), Some(dir.join("boot/a:b.jar")));
        assert_eq!(manifest_entry(&jar, "file://localhost/x/y.jar"), Some(PathBuf::from("/x/y.jar")));
        assert_eq!(manifest_entry(&jar, "file:///x/y%20z.jar"), Some(PathBuf::from("/x/y z.jar")));
        assert_eq!(manifest_entry(&jar, "file://host/x/y.jar"), None);
        assert_eq!(manifest_entry(&jar, "jrt:/java.base"), None);
        assert_eq!(manifest_entry(&jar, "bad%+1.jar"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
