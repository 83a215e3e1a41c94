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
//! row carries the method's source lines, which tell overloads apart.

use std::path::Path;

use super::classes::{Class, ClassPool, Method, ACC_ABSTRACT};
use super::types::param_descriptors;

/// One record reader: binary class name, method name, first and last source line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordReader {
    pub class: String,
    pub method: String,
    pub lines: (u32, u32),
}

/// The record readers of every class in `pool` that has line numbers.
pub fn find(pool: &ClassPool) -> Vec<RecordReader> {
    let mut out: Vec<RecordReader> = pool
        .classes
        .values()
        .flat_map(|c: &Class| c.methods.iter().filter(|m| reads_a_record(m)).map(move |m| (c, m)))
        .filter_map(|(c, m)| {
            Some(RecordReader { class: c.name.replace('/', "."), method: m.name.clone(), lines: m.lines? })
        })
        .collect();
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
        "# record readers: class method first-line last-line (they take an array of primitives and measure no array)\n",
    );
    for r in readers {
        let _ = writeln!(s, "{} {} {} {}", r.class, r.method, r.lines.0, r.lines.1);
    }
    std::fs::write(path, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(name: &str, desc: &str, measures: bool, lines: Option<(u32, u32)>) -> Method {
        Method { name: name.into(), desc: desc.into(), measures_arrays: measures, lines, ..Default::default() }
    }

    #[test]
    fn only_methods_taking_bytes_that_measure_no_array_with_lines() {
        let mut pool = ClassPool::default();
        pool.classes.insert(
            "a/Tar".into(),
            Class {
                name: "a/Tar".into(),
                methods: vec![
                    method("parseOctal", "([BII)J", false, Some((450, 470))),
                    method("checksum", "([B)J", true, Some((480, 490))),
                    method("names", "([Ljava/lang/String;)V", false, Some((500, 505))),
                    method("grid", "([[I)V", false, Some((510, 515))),
                    method("size", "(I)J", false, Some((520, 525))),
                    method("stripped", "([B)V", false, None),
                    method("values", "([I)I", false, Some((540, 545))),
                    Method { access: ACC_ABSTRACT, ..method("read", "([B)I", false, Some((530, 530))) },
                ],
                ..Default::default()
            },
        );
        assert_eq!(
            find(&pool),
            [RecordReader { class: "a.Tar".into(), method: "parseOctal".into(), lines: (450, 470) }]
        );
    }

    #[test]
    fn the_table_has_a_row_per_reader() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-record-readers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("record-readers.txt");
        let r = RecordReader { class: "a.Tar$Header".into(), method: "<init>".into(), lines: (7, 9) };
        write_table(&[r], &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().nth(1), Some("a.Tar$Header <init> 7 9"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
