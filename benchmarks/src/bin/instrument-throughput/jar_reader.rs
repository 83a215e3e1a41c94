//! Reading a jar for the benchmark, shared by the one-thread run (`main.rs`) and the workers of
//! `--threads N` (`parallel.rs`): where each entry's bytes sit (`directory`), and one entry
//! inflated by a reused inflater, its size and CRC-32 checked (`inflate`). A reused inflater is
//! what `java.util.zip.ZipInputStream`, which JaCoCo's `instrument` reads jars with, does; the
//! zip crate's own reader would build a fresh one per entry.

use std::io::Cursor;
use std::path::Path;

use flate2::{Decompress, FlushDecompress, Status};
use zip::{CompressionMethod, ZipArchive};

/// One entry of the jar file, not yet inflated.
pub struct Raw {
    pub name: String,
    pub is_dir: bool,
    method: CompressionMethod,
    start: usize,
    len: usize,
    size: usize,
    crc: u32,
}

/// The entries of the jar held in `raw` (read from `path`), in directory order.
pub fn directory(path: &Path, raw: &[u8]) -> Result<Vec<Raw>, String> {
    let mut zip = ZipArchive::new(Cursor::new(raw)).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let f = zip.by_index_raw(i).map_err(|e| format!("{}: entry {i}: {e}", path.display()))?;
        let name = f.name().map_err(|e| format!("{}: entry {i}: {e}", path.display()))?.into_owned();
        let bad = |what: &str| format!("{}: {name}: {what}", path.display());
        let start = f.data_start().and_then(|s| usize::try_from(s).ok()).ok_or_else(|| bad("no data offset"))?;
        let len = usize::try_from(f.compressed_size()).map_err(|_| bad("entry too large"))?;
        if start.checked_add(len).is_none_or(|end| end > raw.len()) {
            return Err(bad("entry data outside the file"));
        }
        let size = usize::try_from(f.size()).map_err(|_| bad("entry too large"))?;
        out.push(Raw { is_dir: f.is_dir(), method: f.compression(), start, len, size, crc: f.crc32(), name });
    }
    Ok(out)
}

/// An inflater reused across entries.
pub enum Inflater {
    /// flate2 on zlib-rs (streaming; reset per entry).
    Zlib(Decompress),
    /// libdeflate (whole buffer: the entry's size is known from the directory).
    Libdeflate(libdeflater::Decompressor),
}

/// The entry's bytes (empty for a directory), checked against the directory's size and CRC-32.
pub fn inflate(inflater: &mut Inflater, path: &Path, raw: &[u8], r: &Raw) -> Result<Vec<u8>, String> {
    let bad = |what: &str| format!("{}: {}: {what}", path.display(), r.name);
    if r.is_dir {
        return Ok(Vec::new());
    }
    let compressed = &raw[r.start..r.start + r.len];
    let data = match (r.method, inflater) {
        (CompressionMethod::Stored, _) => compressed.to_vec(),
        (CompressionMethod::Deflated, Inflater::Zlib(z)) => {
            z.reset(false);
            // A little spare room: inflate must be able to reach the end of the stream.
            let mut out = Vec::with_capacity(r.size + 64);
            let status = z
                .decompress_vec(compressed, &mut out, FlushDecompress::Finish)
                .map_err(|e| bad(&format!("inflate: {e}")))?;
            if status != Status::StreamEnd {
                return Err(bad("deflate stream does not end where the directory says"));
            }
            out
        }
        (CompressionMethod::Deflated, Inflater::Libdeflate(d)) => {
            let mut out = vec![0u8; r.size];
            let n = d.deflate_decompress(compressed, &mut out).map_err(|e| bad(&format!("inflate: {e}")))?;
            out.truncate(n);
            out
        }
        (m, _) => return Err(bad(&format!("unsupported compression {m:?}"))),
    };
    if data.len() != r.size {
        return Err(bad("inflated size differs from the directory's"));
    }
    if crc32fast::hash(&data) != r.crc {
        return Err(bad("CRC-32 mismatch"));
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jar_writer::{self, Compressed};
    use flate2::{Compress, Compression, FlushCompress};

    fn jar(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let compressed: Vec<Compressed> = entries
            .iter()
            .map(|(name, data)| {
                let mut c = Compress::new(Compression::new(6), false);
                let mut out = Vec::with_capacity(data.len() + 64);
                c.compress_vec(data, &mut out, FlushCompress::Finish).unwrap();
                let is_dir = name.ends_with('/');
                Compressed { name: name.to_string(), is_dir, data: if is_dir { Vec::new() } else { out }, crc: crc32fast::hash(data), uncompressed: data.len() as u64 }
            })
            .collect();
        let mut bytes = Vec::new();
        jar_writer::write(&mut bytes, &compressed).unwrap();
        bytes
    }

    #[test]
    fn both_inflaters_give_the_entries_back() {
        let big: Vec<u8> = (0..20_000u32).flat_map(|i| (i % 251).to_le_bytes()).collect();
        let raw = jar(&[("d/", b""), ("d/A.class", b"\xca\xfe\xba\xbe rest"), ("big.bin", &big)]);
        let path = Path::new("t.jar");
        for mut inf in [Inflater::Zlib(Decompress::new(false)), Inflater::Libdeflate(libdeflater::Decompressor::new())] {
            let dir = directory(path, &raw).unwrap();
            let got: Vec<Vec<u8>> = dir.iter().map(|r| inflate(&mut inf, path, &raw, r).unwrap()).collect();
            assert!(dir[0].is_dir && got[0].is_empty());
            assert_eq!(got[1], b"\xca\xfe\xba\xbe rest");
            assert_eq!(got[2], big);
        }
    }

    #[test]
    fn a_corrupted_entry_is_an_error_not_wrong_bytes() {
        let data = b"0123456789abcdef0123456789abcdef".to_vec();
        let mut raw = jar(&[("x.txt", &data)]);
        let path = Path::new("t.jar");
        let dir = directory(path, &raw).unwrap();
        // Flip a byte of the stored CRC-32 in the central directory's copy the reader trusts.
        let r = &dir[0];
        let mut wrong = Raw { name: r.name.clone(), is_dir: false, method: r.method, start: r.start, len: r.len, size: r.size, crc: r.crc ^ 1 };
        let mut inf = Inflater::Zlib(Decompress::new(false));
        assert!(inflate(&mut inf, path, &raw, &wrong).unwrap_err().contains("CRC-32"));
        wrong.crc ^= 1;
        wrong.size += 1;
        assert!(inflate(&mut inf, path, &raw, &wrong).unwrap_err().contains("size"));
        // A truncated jar is refused, not read short.
        raw.truncate(r.start + 2);
        assert!(directory(path, &raw).is_err());
    }
}
