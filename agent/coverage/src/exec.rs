//! JaCoCo's execution-data format (`.exec`, version 0x1007), written so that JaCoCo's own
//! tools (`jacococli report` and `merge`, the Maven plugin's `report`, Sonar) read our runs:
//! a header block, one session block, then one block per class with its class id (JaCoCo's
//! CRC64 of the original class bytes), its name and its probe array in JaCoCo's probe order
//! ([`crate::ClassCoverage::jacoco_probes`]).
//!
//! Blocks: `0x01` header (`char` 0xC0C0, `char` 0x1007); `0x10` session (`UTF` id, `long`
//! start, `long` dump); `0x11` class (`long` id, `UTF` name, boolean array = varint length,
//! then the bits packed eight to a byte, lowest bit first). Numbers are big-endian and strings
//! Java's modified UTF-8 with a `u16` length, as `DataOutputStream` writes them.

use std::io::{self, Write};

/// One class's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecClass<'a> {
    pub id: u64,
    /// Internal name (`com/acme/Foo`).
    pub name: &'a str,
    pub probes: &'a [bool],
}

const BLOCK_HEADER: u8 = 0x01;
const BLOCK_SESSION: u8 = 0x10;
const BLOCK_CLASS: u8 = 0x11;
const MAGIC: u16 = 0xC0C0;
const VERSION: u16 = 0x1007;

/// JaCoCo's class id: a CRC64 (ISO 3309 polynomial, reflected, start 0) of the class bytes.
/// Class files of version 53 (Java 9) are hashed as if their major version byte were 52:
/// JaCoCo did that to support early Java 9 and kept it for its ids to stay stable.
pub fn class_id(bytes: &[u8]) -> u64 {
    const POLY: u64 = 0xd800_0000_0000_0000;
    let step = |sum: u64, b: u8| {
        let mut v = (sum ^ u64::from(b)) & 0xff;
        for _ in 0..8 {
            v = if v & 1 == 1 { (v >> 1) ^ POLY } else { v >> 1 };
        }
        (sum >> 8) ^ v
    };
    let java9 = bytes.len() > 7 && bytes[6] == 0 && bytes[7] == 53;
    bytes.iter().enumerate().fold(0, |sum, (i, &b)| step(sum, if java9 && i == 7 { 52 } else { b }))
}

/// Writes one session's execution data (a header, the session, the classes).
pub fn write_exec(
    out: &mut impl Write,
    session_id: &str,
    start_ms: i64,
    dump_ms: i64,
    classes: &[ExecClass<'_>],
) -> io::Result<()> {
    let mut b = Vec::new();
    b.push(BLOCK_HEADER);
    b.extend(MAGIC.to_be_bytes());
    b.extend(VERSION.to_be_bytes());
    b.push(BLOCK_SESSION);
    utf(&mut b, session_id)?;
    b.extend(start_ms.to_be_bytes());
    b.extend(dump_ms.to_be_bytes());
    for c in classes {
        b.push(BLOCK_CLASS);
        b.extend(c.id.to_be_bytes());
        utf(&mut b, c.name)?;
        varint(&mut b, c.probes.len());
        for chunk in c.probes.chunks(8) {
            b.push(chunk.iter().enumerate().fold(0u8, |byte, (i, &p)| byte | (u8::from(p) << i)));
        }
    }
    out.write_all(&b)
}

/// `DataOutputStream.writeUTF`: modified UTF-8 (NUL and supplementary characters as Java
/// writes them) after a `u16` length.
fn utf(b: &mut Vec<u8>, s: &str) -> io::Result<()> {
    let mut enc = Vec::with_capacity(s.len());
    for unit in s.encode_utf16() {
        match unit {
            0x0001..=0x007f => enc.push(unit as u8),
            0x0000 | 0x0080..=0x07ff => {
                enc.push(0xc0 | (unit >> 6) as u8);
                enc.push(0x80 | (unit & 0x3f) as u8);
            }
            _ => {
                enc.push(0xe0 | (unit >> 12) as u8);
                enc.push(0x80 | ((unit >> 6) & 0x3f) as u8);
                enc.push(0x80 | (unit & 0x3f) as u8);
            }
        }
    }
    let len = u16::try_from(enc.len())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "string too long for the exec format"))?;
    b.extend(len.to_be_bytes());
    b.extend(enc);
    Ok(())
}

/// JaCoCo's `CompactDataOutput.writeVarInt`: seven bits a byte, lowest first, the high bit
/// set on every byte but the last.
fn varint(b: &mut Vec<u8>, mut v: usize) {
    while v > 0x7f {
        b.push(0x80 | (v & 0x7f) as u8);
        v >>= 7;
    }
    b.push(v as u8);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc64_as_jacocos_classid() {
        // Values printed by JaCoCo 0.8.14's own CRC64.classId (org.jacoco.cli's nodeps jar).
        assert_eq!(class_id(b"123456789"), 0x46a5_a938_8a5b_effe);
        let mut java9 = vec![0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 53, 1, 2, 3];
        assert_eq!(class_id(&java9), 0xa2c3_1cf9_c000_00fd);
        java9[7] = 52;
        assert_eq!(class_id(&java9), 0xa2c3_1cf9_c000_00fd, "version 53 hashes as 52");
        assert_eq!(class_id(b""), 0);
    }

    #[test]
    fn blocks_as_jacoco_writes_them() {
        let mut out = Vec::new();
        let probes = [true, false, false, true, false, false, false, false, true];
        write_exec(&mut out, "s", 1, 2, &[ExecClass { id: 0x0102_0304_0506_0708, name: "a/B", probes: &probes }])
            .unwrap();
        let want: Vec<u8> = [
            &[0x01, 0xc0, 0xc0, 0x10, 0x07][..],
            &[0x10, 0, 1, b's'],
            &1i64.to_be_bytes(),
            &2i64.to_be_bytes(),
            &[0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0, 3, b'a', b'/', b'B'],
            &[9, 0b0000_1001, 0b0000_0001],
        ]
        .concat();
        assert_eq!(out, want);
    }

    #[test]
    fn varints_and_modified_utf8() {
        let mut b = Vec::new();
        varint(&mut b, 300);
        assert_eq!(b, [0xac, 0x02]);
        let mut u = Vec::new();
        utf(&mut u, "\u{0}é").unwrap();
        assert_eq!(u, [0, 4, 0xc0, 0x80, 0xc3, 0xa9]);
    }
}
