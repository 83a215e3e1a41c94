//! Record readers: library methods that take a `byte[]` and never read the length of any array
//! (no `arraylength` in their code). Such a method cannot respect the length of the bytes it is
//! given: it reads fields at fixed offsets of a binary record whose size it leaves to its
//! caller (commons-compress's `TarUtils.parseOctal(header, 148, 8)` under `new
//! TarArchiveEntry(header)`, whose header is a 512-byte record; `ZipLong.getValue(bytes)` of a
//! four-byte array). The JVM's array fault past the end of the caller's array, with nothing but
//! such methods between the call and the fault, is the caller's record too short (the shim's
//! `Expected.fixedRecord`). A method that measures an array and still reads past the end has
//! its own bound wrong, and stays a bug (an empty array read at index 0 by a method that loops
//! over its length). Bytes only: an `int[]` of values indexed by another object's count
//! (`jlib.Fields.after`, one past a shape's last field) is a sequence, and reading past it is
//! the method's own off-by-one.
//!
//! Read from the bytecode (`classes`), written as a table beside the drivers ([`write_table`])
//! and handed to the client with `-Djvmfuzz.recordReaders`. Frames name no descriptor, so each
//! row carries the source lines of its overload, less those another overload of the same name
//! that is no reader also has: javac copies field initialisers into every constructor, and a
//! line two constructors share tells neither apart.

use std::collections::BTreeSet;
use std::path::Path;

use super::classes::{ClassPool, Method, ACC_ABSTRACT};
use super::types::param_descriptors;

/// One record reader: binary class name, method name, the source lines only it has.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordReader {
    pub class: String,
    pub method: String,
    pub lines: Vec<u32>,
}

/// The record readers of every class in `pool` that has line numbers.
pub fn find(pool: &ClassPool) -> Vec<RecordReader> {
    let mut out = Vec::new();
    for c in pool.classes.values() {
        for m in c.methods.iter().filter(|m| reads_a_record(m)) {
            let others: BTreeSet<u32> = c
                .methods
                .iter()
                .filter(|o| o.name == m.name && !reads_a_record(o))
                .flat_map(|o| o.lines.iter().copied())
                .collect();
            let lines: Vec<u32> = m.lines.iter().copied().filter(|l| !others.contains(l)).collect();
            if !lines.is_empty() {
                out.push(RecordReader { class: c.name.replace('/', "."), method: m.name.clone(), lines });
            }
        }
    }
    out.sort();
    out
}

fn reads_a_record(m: &Method) -> bool {
    m.access & ACC_ABSTRACT == 0
        && !m.measures_arrays
        && param_descriptors(&m.desc).unwrap_or_default().iter().any(|p| p == "[B")
}

pub fn write_table(readers: &[RecordReader], path: &Path) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let mut s = String::from(
        "# record readers: class method lines (they take a byte[] and measure no array; the lines only that overload has)\n",
    );
    for r in readers {
        let lines: Vec<String> = r.lines.iter().map(u32::to_string).collect();
        let _ = writeln!(s, "{} {} {}", r.class, r.method, lines.join(","));
    }
    std::fs::write(path, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::classes::Class;

    fn method(name: &str, desc: &str, measures: bool, lines: &[u32]) -> Method {
        Method {
            name: name.into(),
            desc: desc.into(),
            measures_arrays: measures,
            lines: lines.to_vec(),
            ..Default::default()
        }
    }

    #[test]
    fn only_methods_taking_bytes_that_measure_no_array_with_lines() {
        let mut pool = ClassPool::default();
        pool.classes.insert(
            "a/Tar".into(),
            Class {
                name: "a/Tar".into(),
                methods: vec![
                    method("parseOctal", "([BII)J", false, &[450, 455, 470]),
                    method("checksum", "([B)J", true, &[480, 490]),
                    method("names", "([Ljava/lang/String;)V", false, &[500, 505]),
                    method("grid", "([[I)V", false, &[510, 515]),
                    method("size", "(I)J", false, &[520, 525]),
                    method("stripped", "([B)V", false, &[]),
                    method("values", "([I)I", false, &[540, 545]),
                    Method { access: ACC_ABSTRACT, ..method("read", "([B)I", false, &[530]) },
                ],
                ..Default::default()
            },
        );
        assert_eq!(
            find(&pool),
            [RecordReader { class: "a.Tar".into(), method: "parseOctal".into(), lines: vec![450, 455, 470] }]
        );
    }

    #[test]
    fn lines_another_overload_shares_tell_nothing() {
        // Two constructors: javac copies the field initialiser at line 5 into both; the one
        // that measures its array (line 20) is no reader.
        let mut pool = ClassPool::default();
        pool.classes.insert(
            "a/Header".into(),
            Class {
                name: "a/Header".into(),
                methods: vec![
                    method("<init>", "([B)V", false, &[5, 10, 11]),
                    method("<init>", "([BI)V", true, &[5, 20, 21]),
                ],
                ..Default::default()
            },
        );
        assert_eq!(
            find(&pool),
            [RecordReader { class: "a.Header".into(), method: "<init>".into(), lines: vec![10, 11] }]
        );
    }

    #[test]
    fn the_table_has_a_row_per_reader() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-record-readers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("record-readers.txt");
        let r = RecordReader { class: "a.Tar$Header".into(), method: "<init>".into(), lines: vec![7, 9] };
        write_table(&[r], &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().nth(1), Some("a.Tar$Header <init> 7,9"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
