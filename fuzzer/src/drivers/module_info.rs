//! The packages a JPMS module descriptor (`module-info.class`) exports to everyone: the
//! library's own statement of what its API is. Classes in the packages it keeps to itself
//! (gson's `com.google.gson.internal`) are not fuzzed as a package's methods, and objects of
//! the API are not built through them (see `Class::hidden`).
//!
//! The descriptor is read with the agent's class-file reader (`jvmfuzz-classfile`), which knows
//! the constant-pool tags of modules and packages that `classfile-parser` refuses; the `Module`
//! attribute's few fields are read here with the same crate's cursor.

use std::collections::BTreeSet;

use jvmfuzz_classfile::{attrs, AttributeInfo, ClassFile, CpEntry};

/// The unqualified `exports` of a module descriptor, as internal names (`com/google/gson`);
/// `None` when the bytes are no well-formed descriptor (a malformed file hides nothing).
pub fn exported_packages(bytes: &[u8]) -> Option<BTreeSet<String>> {
    let cf = ClassFile::parse(bytes).ok()?;
    let cp = &cf.constant_pool;
    let body = cf.attributes.iter().find(|a| attrs::name_is(cp, a, "Module")).and_then(|a| match &a.info {
        AttributeInfo::Raw(b) => Some(b),
        AttributeInfo::Code(_) => None,
    })?;
    let mut m = attrs::Bytes::new(body, "Module");
    // name, flags, version; then the requires (module, flags, version each).
    m.skip(6).ok()?;
    let requires = m.u16().ok()? as usize;
    m.skip(requires * 6).ok()?;
    let exports = m.u16().ok()?;
    let mut out = BTreeSet::new();
    for _ in 0..exports {
        let package = m.u16().ok()?;
        m.skip(2).ok()?;
        let to = m.u16().ok()? as usize;
        m.skip(to * 2).ok()?;
        // A qualified export (`exports p to friend.module`) is not the API's.
        if to == 0 {
            let Some(CpEntry::Package { name_index }) = cp.entry(package) else { return None };
            out.insert(cp.utf8(name_index).ok()?.into_owned());
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A descriptor as javac writes it: `module m { exports a.b; exports a.c to x; }`, with a
    /// Long in the pool (two slots) before the packages.
    fn descriptor() -> Vec<u8> {
        let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 53];
        let mut pool: Vec<Vec<u8>> = Vec::new();
        let utf8 = |s: &str| {
            let mut e = vec![1u8];
            e.extend_from_slice(&(s.len() as u16).to_be_bytes());
            e.extend_from_slice(s.as_bytes());
            e
        };
        pool.push(utf8("Module")); // 1
        pool.push(vec![5, 0, 0, 0, 0, 0, 0, 0, 7]); // 2 (and 3): a Long
        pool.push(utf8("a/b")); // 4
        pool.push(vec![20, 0, 4]); // 5: Package a/b
        pool.push(utf8("a/c")); // 6
        pool.push(vec![20, 0, 6]); // 7: Package a/c
        pool.push(utf8("m")); // 8
        pool.push(vec![19, 0, 8]); // 9: Module m
        b.extend_from_slice(&10u16.to_be_bytes());
        for e in &pool {
            b.extend_from_slice(e);
        }
        b.extend_from_slice(&[0x80, 0, 0, 0, 0, 0]); // ACC_MODULE, this, super
        b.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // interfaces, fields, methods
        let mut module = Vec::new();
        module.extend_from_slice(&[0, 9, 0, 0, 0, 0]); // name, flags, version
        module.extend_from_slice(&[0, 0]); // requires
        module.extend_from_slice(&[0, 2]); // exports
        module.extend_from_slice(&[0, 5, 0, 0, 0, 0]); // a/b to everyone
        module.extend_from_slice(&[0, 7, 0, 0, 0, 1, 0, 9]); // a/c to m only
        module.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // opens, uses, provides
        b.extend_from_slice(&[0, 1, 0, 1]);
        b.extend_from_slice(&(module.len() as u32).to_be_bytes());
        b.extend_from_slice(&module);
        b
    }

    #[test]
    fn unqualified_exports_only() {
        let got = exported_packages(&descriptor()).expect("a descriptor");
        assert_eq!(got.into_iter().collect::<Vec<_>>(), vec!["a/b".to_string()]);
    }

    #[test]
    fn a_truncated_or_foreign_file_hides_nothing() {
        let d = descriptor();
        for cut in [0, 4, 10, 30, d.len() - 3] {
            assert_eq!(exported_packages(&d[..cut]), None, "cut at {cut}");
        }
        assert_eq!(exported_packages(b"not a class file"), None);
    }
}
