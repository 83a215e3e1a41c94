//! Jazzer's custom hooks for a run: the `@MethodHook` classes named by `--custom-hooks` and by
//! the `Jazzer-Hook-Classes` manifest attribute of the jars on `--cp` (`:`-separated, as
//! Jazzer reads it), less `--disabled-hooks`. Each class is read from `--cp` and its hooks
//! checked before the JVM starts, so a missing class or a wrong signature is a setup error
//! that names it.

use std::path::PathBuf;

use crate::classpath::{follow_manifests, jar_entry, manifest_attribute};

use jvmfuzz_instrument::hooks::{read_hooks, MethodHook};

const MANIFEST_ATTRIBUTE: &str = "Jazzer-Hook-Classes";

/// Jazzer's name for its regex roadblocks, which `--disabled-hooks` turns off ours with (as
/// does the short `RegexRoadblocks`).
pub const REGEX_ROADBLOCKS: &str = "com.code_intelligence.jazzer.sanitizers.RegexRoadblocks";

/// Whether `--disabled-hooks` names the regex roadblocks.
pub fn roadblocks_disabled(disabled: &[String]) -> bool {
    disabled.iter().flat_map(|d| split(d)).any(|c| c == REGEX_ROADBLOCKS || c == "RegexRoadblocks")
}

/// The hooks of `named` and of the class path's manifests, less the classes in `disabled`.
pub fn load(entries: &[PathBuf], named: &[String], disabled: &[String]) -> Result<Vec<MethodHook>, String> {
    let entries = &follow_manifests(entries);
    let mut classes: Vec<String> = named.iter().flat_map(|n| split(n)).collect();
    for jar in entries.iter().filter(|e| e.is_file()) {
        if let Some(value) = manifest_attribute(jar, MANIFEST_ATTRIBUTE) {
            classes.extend(split(&value));
        }
    }
    let disabled: Vec<String> = disabled.iter().flat_map(|d| split(d)).collect();
    classes.retain(|c| !disabled.contains(c));
    let mut seen = Vec::new();
    let mut hooks = Vec::new();
    for class in classes {
        if seen.contains(&class) {
            continue;
        }
        let bytes = find_class(entries, &class)?.ok_or_else(|| {
            format!("--custom-hooks {class}: no such class on --cp (give the hook class's binary name, e.g. com.acme.MyHooks, and put its jar or folder on --cp)")
        })?;
        let found = read_hooks(&bytes).map_err(|e| format!("--custom-hooks {class}: {e}"))?;
        if found.is_empty() {
            return Err(format!(
                "--custom-hooks {class}: the class has no @MethodHook methods (com.code_intelligence.jazzer.api.MethodHook)"
            ));
        }
        hooks.extend(found);
        seen.push(class);
    }
    Ok(hooks)
}

fn split(list: &str) -> Vec<String> {
    list.split([':', ',']).map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

/// The bytes of class `name` (binary name) from the first class-path entry that has it.
fn find_class(entries: &[PathBuf], name: &str) -> Result<Option<Vec<u8>>, String> {
    let rel = format!("{}.class", name.replace('.', "/"));
    for e in entries {
        if e.is_dir() {
            let p = e.join(&rel);
            if p.is_file() {
                return std::fs::read(&p).map(Some).map_err(|err| format!("{}: {err}", p.display()));
            }
        } else if let Some(bytes) = jar_entry(e, &rel) {
            return Ok(Some(bytes));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_hook_class_is_named() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-hooks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = load(std::slice::from_ref(&dir), &["com.acme.NoSuchHooks".into()], &[]).unwrap_err();
        assert!(e.contains("com.acme.NoSuchHooks") && e.contains("--cp"), "{e}");
        // A disabled class is not looked for.
        assert!(load(std::slice::from_ref(&dir), &["com.acme.NoSuchHooks".into()], &["com.acme.NoSuchHooks".into()])
            .is_ok());
        let _ = std::fs::remove_dir_all(dir);
    }
}
