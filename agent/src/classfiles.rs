//! `classfiles=PATHS`: the class files a report covers besides those the JVM loaded, as
//! JaCoCo's report analyses every class file it is given. A class the filter selects that never
//! loaded is reported from its file with everything missed; without it, an untested class would
//! silently leave the report and raise the totals.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use jvmfuzz_classfile::ClassFile;
use jvmfuzz_jvm::filter::ClassFilter;
use jvmfuzz_runtime::ClassRecord;

/// Records (with no probes) for the classes under `paths` (folders, searched recursively, jars
/// and single class files) that `filter` selects and `loaded` does not name. The first file
/// of a name wins. Unreadable paths and entries become notes, never errors.
pub fn never_loaded(
    paths: &[PathBuf],
    filter: &ClassFilter,
    loaded: &HashSet<&str>,
) -> (Vec<Arc<ClassRecord>>, Vec<String>) {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut take = |bytes: Vec<u8>, origin: &dyn Fn() -> String, notes: &mut Vec<String>| {
        let name = match ClassFile::parse(&bytes).and_then(|c| c.this_class_name().map(|n| n.into_owned())) {
            Ok(n) => n,
            Err(e) => return notes.push(format!("classfiles: {} is not a class file we can read: {e}", origin())),
        };
        if loaded.contains(name.as_str()) || !filter.accepts(&name) || !seen.insert(name.clone()) {
            return;
        }
        out.push(Arc::new(ClassRecord { name, original: Arc::from(bytes), first_probe: 0, methods: Vec::new() }));
    };
    for p in paths {
        if p.is_dir() {
            let mut files = Vec::new();
            collect(p, &mut files);
            files.sort();
            for f in files {
                match std::fs::read(&f) {
                    Ok(b) => take(b, &|| f.display().to_string(), &mut notes),
                    Err(e) => notes.push(format!("classfiles: cannot read {}: {e}", f.display())),
                }
            }
        } else if p.extension().is_some_and(|e| e == "class") {
            match std::fs::read(p) {
                Ok(b) => take(b, &|| p.display().to_string(), &mut notes),
                Err(e) => notes.push(format!("classfiles: cannot read {}: {e}", p.display())),
            }
        } else if p.is_file() {
            if let Err(e) = jar(p, &mut |b, entry| take(b, &|| format!("{}!{entry}", p.display()), &mut notes)) {
                notes.push(format!("classfiles: cannot read {} as a jar: {e}", p.display()));
            }
        } else {
            notes.push(format!("classfiles: {} does not exist", p.display()));
        }
    }
    (out, notes)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "class") {
            out.push(p);
        }
    }
}

/// Every `.class` entry of a jar, but the versioned ones of a multi-release jar (the same class
/// again, for a newer JVM).
fn jar(path: &Path, each: &mut dyn FnMut(Vec<u8>, &str)) -> Result<(), zip::result::ZipError> {
    let mut z = zip::ZipArchive::new(std::fs::File::open(path)?)?;
    for i in 0..z.len() {
        let mut f = z.by_index(i)?;
        let name = f.name()?.to_string();
        if !name.ends_with(".class") || name.starts_with("META-INF/") {
            continue;
        }
        let mut b = Vec::with_capacity(usize::try_from(f.size()).unwrap_or(0));
        f.read_to_end(&mut b)?;
        each(b, &name);
    }
    Ok(())
}
