//! Writes a jar from entries that are already deflated (or are directories), in the given order.
//!
//! Why our own writer: the zip crate compresses what it is given and has no call that takes an
//! entry's raw deflate stream plus its CRC-32 and sizes, which is what `--threads N` workers
//! produce. The format written is the plain one `java.util.zip` writes for small jars: local
//! header, data, central directory, end record; UTF-8 names (flag bit 11); no data descriptors,
//! no zip64 (a jar that would need it is refused with an error, never written wrong).

use std::io::Write;

/// One entry, ready to be written.
pub struct Compressed {
    pub name: String,
    pub is_dir: bool,
    /// Raw deflate stream (empty for a directory).
    pub data: Vec<u8>,
    pub crc: u32,
    pub uncompressed: u64,
}

const LOCAL: u32 = 0x0403_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const END: u32 = 0x0605_4b50;
const UTF8: u16 = 1 << 11;
/// 1980-01-01 00:00, the DOS epoch: the output does not depend on the clock.
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;

fn u16le(w: &mut Vec<u8>, v: u16) {
    w.extend_from_slice(&v.to_le_bytes());
}

fn u32le(w: &mut Vec<u8>, v: u32) {
    w.extend_from_slice(&v.to_le_bytes());
}

fn small<T: TryFrom<u64>>(v: u64, what: &str, name: &str) -> Result<T, String> {
    T::try_from(v).map_err(|_| format!("{name}: {what} needs zip64, which this writer does not write"))
}

/// Writes the whole jar to `out`; returns the number of bytes written.
pub fn write(out: &mut impl Write, entries: &[Compressed]) -> Result<u64, String> {
    let count: u16 = small(entries.len() as u64, "the entry count", "jar")?;
    let mut central = Vec::with_capacity(entries.len() * 80);
    let mut offset: u64 = 0;
    let mut header = Vec::with_capacity(128);
    for e in entries {
        let name = e.name.as_bytes();
        let name_len: u16 = small(name.len() as u64, "the name length", &e.name)?;
        let csize: u32 = small(e.data.len() as u64, "the compressed size", &e.name)?;
        let usize_: u32 = small(e.uncompressed, "the size", &e.name)?;
        let at: u32 = small(offset, "the offset", &e.name)?;
        let method: u16 = if e.is_dir { 0 } else { 8 };
        let version: u16 = if e.is_dir { 10 } else { 20 };

        header.clear();
        u32le(&mut header, LOCAL);
        u16le(&mut header, version);
        u16le(&mut header, UTF8);
        u16le(&mut header, method);
        u16le(&mut header, DOS_TIME);
        u16le(&mut header, DOS_DATE);
        u32le(&mut header, e.crc);
        u32le(&mut header, csize);
        u32le(&mut header, usize_);
        u16le(&mut header, name_len);
        u16le(&mut header, 0);
        header.extend_from_slice(name);
        out.write_all(&header).map_err(|x| x.to_string())?;
        out.write_all(&e.data).map_err(|x| x.to_string())?;

        u32le(&mut central, CENTRAL);
        u16le(&mut central, 20); // made by: MS-DOS/FAT attributes, spec 2.0
        u16le(&mut central, version);
        u16le(&mut central, UTF8);
        u16le(&mut central, method);
        u16le(&mut central, DOS_TIME);
        u16le(&mut central, DOS_DATE);
        u32le(&mut central, e.crc);
        u32le(&mut central, csize);
        u32le(&mut central, usize_);
        u16le(&mut central, name_len);
        u16le(&mut central, 0); // extra
        u16le(&mut central, 0); // comment
        u16le(&mut central, 0); // disk
        u16le(&mut central, 0); // internal attributes
        u32le(&mut central, if e.is_dir { 0x10 } else { 0 });
        u32le(&mut central, at);
        central.extend_from_slice(name);

        offset += header.len() as u64 + e.data.len() as u64;
    }
    let cd_at: u32 = small(offset, "the central directory offset", "jar")?;
    let cd_len: u32 = small(central.len() as u64, "the central directory size", "jar")?;
    let mut end = Vec::with_capacity(22);
    u32le(&mut end, END);
    u16le(&mut end, 0);
    u16le(&mut end, 0);
    u16le(&mut end, count);
    u16le(&mut end, count);
    u32le(&mut end, cd_len);
    u32le(&mut end, cd_at);
    u16le(&mut end, 0);
    out.write_all(&central).map_err(|x| x.to_string())?;
    out.write_all(&end).map_err(|x| x.to_string())?;
    Ok(offset + central.len() as u64 + end.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::{Compress, Compression, FlushCompress};
    use std::io::{Cursor, Read};

    fn deflate(data: &[u8]) -> Vec<u8> {
        let mut c = Compress::new(Compression::new(6), false);
        let mut out = Vec::with_capacity(data.len() + 64);
        c.compress_vec(data, &mut out, FlushCompress::Finish).unwrap();
        out
    }

    /// What the zip crate (and so `java.util.zip`'s format) reads back is what went in.
    #[test]
    fn round_trips_through_the_zip_crate() {
        let a = b"hello hello hello hello".to_vec();
        let b: Vec<u8> = (0..5000u32).flat_map(|i| i.to_le_bytes()).collect();
        let entries = vec![
            Compressed { name: "META-INF/".into(), is_dir: true, data: Vec::new(), crc: 0, uncompressed: 0 },
            Compressed { name: "a/Ä.txt".into(), is_dir: false, data: deflate(&a), crc: crc32fast::hash(&a), uncompressed: a.len() as u64 },
            Compressed { name: "b.bin".into(), is_dir: false, data: deflate(&b), crc: crc32fast::hash(&b), uncompressed: b.len() as u64 },
            Compressed { name: "empty".into(), is_dir: false, data: deflate(&[]), crc: 0, uncompressed: 0 },
        ];
        let mut jar = Vec::new();
        let n = write(&mut jar, &entries).unwrap();
        assert_eq!(n, jar.len() as u64);
        let mut z = zip::ZipArchive::new(Cursor::new(jar)).unwrap();
        assert_eq!(z.len(), 4);
        assert!(z.by_index(0).unwrap().is_dir());
        for (i, want) in [(1, &a), (2, &b)] {
            let mut f = z.by_index(i).unwrap();
            let mut got = Vec::new();
            f.read_to_end(&mut got).unwrap(); // checks the CRC-32 too
            assert_eq!(&got, want);
        }
        assert_eq!(z.by_index(1).unwrap().name().unwrap(), "a/Ä.txt");
        assert_eq!(z.by_index(3).unwrap().size(), 0);
    }

    #[test]
    fn refuses_what_needs_zip64() {
        let many: Vec<Compressed> = (0..70_000)
            .map(|i| Compressed { name: format!("d{i}/"), is_dir: true, data: Vec::new(), crc: 0, uncompressed: 0 })
            .collect();
        let err = write(&mut Vec::new(), &many).unwrap_err();
        assert!(err.contains("zip64"), "{err}");
    }
}
