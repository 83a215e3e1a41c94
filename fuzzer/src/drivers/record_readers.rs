//! Record readers: library methods that take a `byte[]`, at the lines where they have read the
//! length of no array yet (all their lines when they never do). There such a method cannot
//! respect the length of the bytes it is given: it reads or writes fields at fixed offsets of a
//! binary record whose size it leaves to its caller (commons-compress's `TarUtils.parseOctal(header,
//! 148, 8)` under `new TarArchiveEntry(header)`, whose header is a 512-byte record;
//! `ZipLong.getValue(bytes)` of a four-byte array; `TarArchiveEntry.writeEntryHeader(outbuf)`,
//! which writes every field at its offset and measures the buffer only to pad what is left).
//! The JVM's array fault past the end of the caller's array, with nothing but such methods
//! between the call and the fault, is the caller's record too short (the shim's
//! `Expected.fixedRecord`). A method that has measured an array and still reads past the end
//! has its own bound wrong, and stays a bug; one that measures further on (`measures_later`)
//! knows lengths, so an empty array read at its first byte is for it to refuse. Bytes only: an
//! `int[]` of values indexed by another object's count (`jlib.Fields.after`, one past a shape's
//! last field) is a sequence, and reading past it is the method's own off-by-one.
//!
//! Read from the bytecode (`classes`), written as a table beside the drivers ([`write_table`])
//! and handed to the client with `-Djvmfuzz.recordReaders`. Frames name no descriptor, so each
//! row carries the source lines of its overload, less those another overload of the same name
//! has where it is no reader: javac copies field initialisers into every constructor, and a
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
    /// It reads an array's length further on: a record read before any measure, but an empty
    /// array read at its first byte is for it to refuse.
    pub measures_later: bool,
}

/// The record readers of every class in `pool` that has line numbers.
pub fn find(pool: &ClassPool) -> Vec<RecordReader> {
    let mut out = Vec::new();
    for c in pool.classes.values() {
        for (i, m) in c.methods.iter().enumerate() {
            let own = reader_lines(m);
            if own.is_empty() {
                continue;
            }
            // A line another overload of the name also has, where that one is no reader, tells
            // the two apart no more.
            let others: BTreeSet<u32> = c
                .methods
                .iter()
                .enumerate()
                .filter(|&(j, o)| j != i && o.name == m.name)
                .flat_map(|(_, o)| {
                    let reads = reader_lines(o);
                    o.lines.iter().copied().filter(move |l| !reads.contains(l)).collect::<Vec<_>>()
                })
                .collect();
            let lines: Vec<u32> = own.into_iter().filter(|l| !others.contains(l)).collect();
            if !lines.is_empty() {
                out.push(RecordReader {
                    class: c.name.replace('/', "."),
                    method: m.name.clone(),
                    lines,
                    measures_later: m.measures_arrays || m.first_measuring_line.is_some(),
                });
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The lines where `m` reads a record: it takes a `byte[]`, and the line comes before any
/// line that reads an array's length (all of its lines when it measures none). Code that
/// pads the rest of the caller's record after writing its fields measures it only then.
fn reader_lines(m: &Method) -> Vec<u32> {
    if m.access & ACC_ABSTRACT != 0 || !param_descriptors(&m.desc).unwrap_or_default().iter().any(|p| p == "[B") {
        return Vec::new();
    }
    let first = match (m.measures_arrays, m.first_measuring_line) {
        (_, Some(line)) => line,
        (true, None) => 0,
        (false, None) => u32::MAX,
    };
    m.lines.iter().copied().filter(|&l| l < first).collect()
}

pub fn write_table(readers: &[RecordReader], path: &Path) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let mut s = String::from(
        "# record readers: class method lines [later] (they take a byte[]; the lines only that overload has, before any that measures an array; `later`: one does further on)\n",
    );
    for r in readers {
        let lines: Vec<String> = r.lines.iter().map(u32::to_string).collect();
        let later = if r.measures_later { " later" } else { "" };
        let _ = writeln!(s, "{} {} {}{later}", r.class, r.method, lines.join(","));
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
            first_measuring_line: measures.then(|| lines.first().copied().unwrap_or(0)),
            lines: lines.to_vec(),
            ..Default::default()
        }
    }

    fn reader(class: &str, method: &str, lines: &[u32], measures_later: bool) -> RecordReader {
        RecordReader { class: class.into(), method: method.into(), lines: lines.to_vec(), measures_later }
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
        assert_eq!(find(&pool), [reader("a.Tar", "parseOctal", &[450, 455, 470], false)]);
    }

    #[test]
    fn the_lines_before_the_first_measure_read_a_record() {
        // TarArchiveEntry.writeEntryHeader: every field written at its fixed offset (2014-2030),
        // then the rest of the buffer padded up to its length (2040); a checksum that reads the
        // stored sum (458) before looping over the header (460).
        let mut pool = ClassPool::default();
        let padded = Method { first_measuring_line: Some(2040), ..method("writeEntryHeader", "([B)V", true, &[]) };
        let summed = Method { first_measuring_line: Some(460), ..method("verify", "([B)Z", true, &[]) };
        pool.classes.insert(
            "a/Entry".into(),
            Class {
                name: "a/Entry".into(),
                methods: vec![
                    Method { lines: vec![2014, 2020, 2030, 2040, 2041], ..padded },
                    Method { lines: vec![458, 460, 461], ..summed },
                    Method { first_measuring_line: Some(0), ..method("unread", "([B)V", true, &[700, 701]) },
                ],
                ..Default::default()
            },
        );
        assert_eq!(
            find(&pool),
            [
                reader("a.Entry", "verify", &[458], true),
                reader("a.Entry", "writeEntryHeader", &[2014, 2020, 2030], true)
            ]
        );
    }

    #[test]
    fn lines_another_overload_shares_tell_nothing() {
        // Two constructors: javac copies the field initialiser at line 5 into both; the one
        // that measures its array from its first line of its own (20) reads no record there,
        // so line 20 and 21 are not the reader's, while line 5 is a reader's in either.
        let mut pool = ClassPool::default();
        pool.classes.insert(
            "a/Header".into(),
            Class {
                name: "a/Header".into(),
                methods: vec![
                    method("<init>", "([B)V", false, &[5, 10, 11, 20]),
                    Method { first_measuring_line: Some(20), ..method("<init>", "([BI)V", true, &[5, 20, 21]) },
                ],
                ..Default::default()
            },
        );
        assert_eq!(
            find(&pool),
            [reader("a.Header", "<init>", &[5], true), reader("a.Header", "<init>", &[5, 10, 11], false)]
        );
    }

    #[test]
    fn the_table_has_a_row_per_reader() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-record-readers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("record-readers.txt");
        write_table(&[reader("a.Tar$Header", "<init>", &[7, 9], false), reader("a.Tar", "pad", &[3], true)], &path)
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().nth(1), Some("a.Tar$Header <init> 7,9"));
        assert_eq!(text.lines().nth(2), Some("a.Tar pad 3 later"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
