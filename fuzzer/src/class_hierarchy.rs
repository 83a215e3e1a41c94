//! The class path's class hierarchy, read from its class files when a hook needs it: which
//! classes and interfaces a call's owner extends or implements. Jazzer applies a hook on an
//! interface or abstract class to calls on all its subtypes (a harness that calls
//! `createXMLStreamReader` on woodstox's `WstxInputFactory` is hooked where the hook names
//! `javax.xml.stream.XMLInputFactory`), and so does `jvmfuzz_instrument::hooks::HookSet` given
//! this.
//!
//! The JDK's classes are not on the class path: a chain is followed up to the first JDK class,
//! which is listed, and not beyond it.

use std::fs::File;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use ahash::{AHashMap, AHashSet};
use jvmfuzz_classfile::ClassFile;
use jvmfuzz_instrument::hooks::{HookSet, Supertypes};

/// `ACC_INTERFACE | ACC_ABSTRACT`.
const OPEN: u16 = 0x0200 | 0x0400;

#[derive(Debug)]
enum Source {
    Dir(PathBuf),
    /// Opened on first use.
    Jar(PathBuf, Mutex<Option<zip::ZipArchive<File>>>),
}

/// A class's access flags and direct supertypes.
type Direct = (u16, Arc<[String]>);

#[derive(Debug)]
pub struct ClassPathTypes {
    sources: Vec<Source>,
    /// Each class looked up (`None`: not found).
    direct: Mutex<AHashMap<String, Option<Direct>>>,
    all: Mutex<AHashMap<String, Arc<[String]>>>,
}

impl ClassPathTypes {
    /// Over `entries`, the expanded class path (folders and jars; other entries are skipped).
    pub fn new(entries: &[PathBuf]) -> ClassPathTypes {
        let sources = entries
            .iter()
            .filter_map(|e| {
                if e.is_dir() {
                    Some(Source::Dir(e.clone()))
                } else if e.is_file() {
                    Some(Source::Jar(e.clone(), Mutex::new(None)))
                } else {
                    None
                }
            })
            .collect();
        ClassPathTypes { sources, direct: Mutex::default(), all: Mutex::default() }
    }

    /// Whether `class` is on the class path and an interface or abstract class (`None`: not on
    /// the class path).
    pub fn is_open(&self, class: &str) -> Option<bool> {
        self.direct(class).map(|(flags, _)| flags & OPEN != 0)
    }

    fn bytes(&self, class: &str) -> Option<Vec<u8>> {
        let file = format!("{class}.class");
        for s in &self.sources {
            match s {
                Source::Dir(d) => {
                    if let Ok(b) = std::fs::read(d.join(&file)) {
                        return Some(b);
                    }
                }
                Source::Jar(path, archive) => {
                    let mut guard = archive.lock().unwrap_or_else(|e| e.into_inner());
                    if guard.is_none() {
                        *guard = File::open(path).ok().and_then(|f| zip::ZipArchive::new(f).ok());
                    }
                    let Some(zip) = guard.as_mut() else { continue };
                    let Ok(mut entry) = zip.by_name(&file) else { continue };
                    let mut b = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
                    if std::io::Read::read_to_end(&mut entry, &mut b).is_ok() {
                        return Some(b);
                    }
                }
            }
        }
        None
    }

    fn direct(&self, class: &str) -> Option<Direct> {
        if let Some(known) = self.direct.lock().unwrap_or_else(|e| e.into_inner()).get(class) {
            return known.clone();
        }
        let found = self.bytes(class).and_then(|b| {
            let cf = ClassFile::parse(&b).ok()?;
            let mut supers: Vec<String> = Vec::new();
            if let Ok(Some(s)) = cf.super_class_name() {
                supers.push(s.into_owned());
            }
            for &i in &cf.interfaces {
                if let Ok(n) = cf.constant_pool.class_name(i) {
                    supers.push(n.into_owned());
                }
            }
            Some((cf.access_flags, Arc::from(supers)))
        });
        self.direct.lock().unwrap_or_else(|e| e.into_inner()).insert(class.to_string(), found.clone());
        found
    }
}

impl Supertypes for ClassPathTypes {
    fn of(&self, class: &str) -> Arc<[String]> {
        if let Some(known) = self.all.lock().unwrap_or_else(|e| e.into_inner()).get(class) {
            return Arc::clone(known);
        }
        let mut seen: AHashSet<String> = AHashSet::new();
        let mut out: Vec<String> = Vec::new();
        let mut todo: Vec<String> = self.direct(class).map(|(_, s)| s.to_vec()).unwrap_or_default();
        while let Some(c) = todo.pop() {
            if !seen.insert(c.clone()) {
                continue;
            }
            if let Some((_, s)) = self.direct(&c) {
                todo.extend(s.iter().cloned());
            }
            out.push(c);
        }
        let out: Arc<[String]> = Arc::from(out);
        self.all.lock().unwrap_or_else(|e| e.into_inner()).insert(class.to_string(), Arc::clone(&out));
        out
    }
}

/// `hooks`, applying those on an interface or abstract class to its subtypes on `class_path`
/// (`:`-separated; jar manifests' `Class-Path` followed). A target not on the class path is asked of the running JVM through the
/// platform class loader, which never loads the class path's classes (those must load under
/// the class-load hook, after this).
pub fn with_subtypes(env: &mut jni::JNIEnv, class_path: &str, hooks: HookSet) -> HookSet {
    if hooks.is_empty() {
        return hooks;
    }
    let entries: Vec<PathBuf> = class_path.split(':').filter(|e| !e.is_empty()).map(PathBuf::from).collect();
    let types = ClassPathTypes::new(&crate::classpath::follow_manifests(&entries));
    let open: AHashSet<String> = hooks
        .target_classes()
        .into_iter()
        .filter(|t| types.is_open(t).unwrap_or_else(|| jdk_class_is_open(env, t)))
        .map(str::to_string)
        .collect();
    hooks.with_subtypes(Arc::new(types), open)
}

fn jdk_class_is_open(env: &mut jni::JNIEnv, class: &str) -> bool {
    let r = env.with_local_frame(8, |env| -> jni::errors::Result<bool> {
        let loader = env
            .call_static_method("java/lang/ClassLoader", "getPlatformClassLoader", "()Ljava/lang/ClassLoader;", &[])?
            .l()?;
        let name = env.new_string(class.replace('/', "."))?;
        let c = env
            .call_static_method(
                "java/lang/Class",
                "forName",
                "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;",
                &[(&name).into(), false.into(), (&loader).into()],
            )?
            .l()?;
        Ok(env.call_method(&c, "getModifiers", "()I", &[])?.i()? as u16 & OPEN != 0)
    });
    r.unwrap_or_else(|_| {
        // Not in the JDK either (a hook on a class no jar here has).
        let _ = env.exception_clear();
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A class file with only what the hierarchy reads: flags, this, super, interfaces.
    fn class(name: &str, flags: u16, sup: &str, interfaces: &[&str]) -> Vec<u8> {
        let mut pool: Vec<u8> = Vec::new();
        let mut count: u16 = 1;
        let mut add_class = |pool: &mut Vec<u8>, n: &str| -> u16 {
            pool.push(1);
            pool.extend_from_slice(&(n.len() as u16).to_be_bytes());
            pool.extend_from_slice(n.as_bytes());
            pool.push(7);
            pool.extend_from_slice(&count.to_be_bytes());
            count += 2;
            count - 1
        };
        let this = add_class(&mut pool, name);
        let sup = add_class(&mut pool, sup);
        let ifaces: Vec<u16> = interfaces.iter().map(|i| add_class(&mut pool, i)).collect();
        let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52];
        b.extend_from_slice(&count.to_be_bytes());
        b.extend_from_slice(&pool);
        for v in [flags, this, sup, ifaces.len() as u16] {
            b.extend_from_slice(&v.to_be_bytes());
        }
        for i in ifaces {
            b.extend_from_slice(&i.to_be_bytes());
        }
        b.extend_from_slice(&[0; 6]); // no fields, methods or attributes
        b
    }

    #[test]
    fn supertypes_are_followed_through_folders_and_jars_up_to_the_jdk() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-hierarchy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("classes/a")).unwrap();
        std::fs::write(dir.join("classes/a/Impl.class"), class("a/Impl", 0x21, "b/Base", &["a/Marker"])).unwrap();
        std::fs::write(dir.join("classes/a/Marker.class"), class("a/Marker", 0x601, "java/lang/Object", &[])).unwrap();
        let jar = dir.join("lib.jar");
        {
            let mut z = zip::ZipWriter::new(File::create(&jar).unwrap());
            z.start_file("b/Base.class", zip::write::SimpleFileOptions::default()).unwrap();
            let base = class("b/Base", 0x421, "javax/xml/stream/XMLInputFactory", &[]);
            std::io::Write::write_all(&mut z, &base).unwrap();
            z.finish().unwrap();
        }
        let t = ClassPathTypes::new(&[dir.join("classes"), jar, dir.join("missing")]);
        let mut all = t.of("a/Impl").to_vec();
        all.sort();
        assert_eq!(all, ["a/Marker", "b/Base", "java/lang/Object", "javax/xml/stream/XMLInputFactory"]);
        assert_eq!(t.is_open("b/Base"), Some(true));
        assert_eq!(t.is_open("a/Marker"), Some(true));
        assert_eq!(t.is_open("a/Impl"), Some(false));
        assert_eq!(t.is_open("javax/xml/stream/XMLInputFactory"), None);
        assert!(t.of("a/Nowhere").is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
