//! `--threads N`: the jar-to-jar run spread over N worker threads.
//!
//! The main thread reads the jar file and its directory (phase "read"). Workers take chunks of
//! entries from a shared counter and, per entry, inflate it (one reused inflater each), check
//! its CRC-32, rewrite it if it is a class, and deflate the result (one reused deflater each,
//! same level as the single-threaded run) (phase "process"). The main thread then writes the
//! compressed entries in the jar's order (phase "write", `jar_writer`). With `--verify`, after
//! the timing, the output is read back with the zip crate and every entry's CRC-32 checked, so a
//! wrong jar fails the run instead of producing a figure (benchmarks/run.sh verifies once per
//! jar, outside the timed repetitions).

use std::fs::File;
use std::io::{BufWriter, Cursor, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use flate2::{Compress, Compression, Decompress, FlushCompress, Status};
use zip::ZipArchive;

use crate::jar_reader::{self, inflate, Inflater, Raw};
use crate::jar_writer::{self, Compressed};
use crate::{cpu_now, rewrite, secs, Args, Rewritten};

/// Entries a worker takes at a time: large enough that the shared counter is cold, small
/// enough that the last chunks balance the threads.
const CHUNK: usize = 16;

#[derive(Default)]
struct Tally {
    classes: u64,
    in_class_bytes: u64,
    out_class_bytes: u64,
    instrumented: u64,
    unchanged: u64,
    failed: u64,
    methods: u64,
    probes: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.classes += o.classes;
        self.in_class_bytes += o.in_class_bytes;
        self.out_class_bytes += o.out_class_bytes;
        self.instrumented += o.instrumented;
        self.unchanged += o.unchanged;
        self.failed += o.failed;
        self.methods += o.methods;
        self.probes += o.probes;
    }
}

/// Which deflate implementation the workers use (`--codec`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// flate2 on zlib-rs, as the single-threaded run.
    Zlib,
    /// libdeflate (whole-buffer; entry sizes are known from the directory): same format,
    /// faster at the same level, and its level 6 output is no larger than zlib's.
    Libdeflate,
}

/// A deflater reused across entries, level 6 unless `--level`.
enum Deflater {
    Zlib(Compress),
    Libdeflate(libdeflater::Compressor),
}

impl Deflater {
    fn new(codec: Codec, level: u32) -> Deflater {
        match codec {
            Codec::Zlib => Deflater::Zlib(Compress::new(Compression::new(level), false)),
            Codec::Libdeflate => Deflater::Libdeflate(libdeflater::Compressor::new(
                libdeflater::CompressionLvl::new(level as i32).unwrap_or_default(),
            )),
        }
    }

    /// A raw deflate stream of `data`.
    fn deflate(&mut self, data: &[u8]) -> Result<Vec<u8>, String> {
        match self {
            Deflater::Libdeflate(c) => {
                let mut out = vec![0u8; c.deflate_compress_bound(data.len())];
                let n = c.deflate_compress(data, &mut out).map_err(|e| e.to_string())?;
                out.truncate(n);
                Ok(out)
            }
            Deflater::Zlib(c) => {
                c.reset();
                // Room for incompressible data: deflate's stored blocks add 5 bytes per 16 KiB block.
                let mut out = Vec::with_capacity(data.len() + data.len() / 1000 + 64);
                loop {
                    let before = c.total_in() as usize;
                    let status = c.compress_vec(&data[before..], &mut out, FlushCompress::Finish).map_err(|e| e.to_string())?;
                    if status == Status::StreamEnd {
                        return Ok(out);
                    }
                    out.reserve(out.capacity().max(4096));
                }
            }
        }
    }
}

struct Worker {
    inflater: Inflater,
    deflater: Deflater,
}

impl Worker {
    fn new(codec: Codec, level: u32) -> Worker {
        let inflater = match codec {
            Codec::Zlib => Inflater::Zlib(Decompress::new(false)),
            Codec::Libdeflate => Inflater::Libdeflate(libdeflater::Decompressor::new()),
        };
        Worker { inflater, deflater: Deflater::new(codec, level) }
    }

    fn entry(&mut self, args: &Args, path: &Path, raw: &[u8], r: &Raw, next_id: &AtomicU32, t: &mut Tally) -> Result<Compressed, String> {
        let data = inflate(&mut self.inflater, path, raw, r)?;
        if r.is_dir {
            return Ok(Compressed { name: r.name.clone(), is_dir: true, data: Vec::new(), crc: 0, uncompressed: 0 });
        }
        let data = if !r.name.ends_with(".class") {
            data
        } else {
            t.classes += 1;
            t.in_class_bytes += data.len() as u64;
            let out = match rewrite(args.mode, &r.name, &data, next_id) {
                Rewritten::Instrumented { bytes, methods, probes } => {
                    t.instrumented += 1;
                    t.methods += u64::from(methods);
                    t.probes += u64::from(probes);
                    bytes
                }
                Rewritten::Unchanged(_) => {
                    t.unchanged += 1;
                    data
                }
                Rewritten::Failed(_) => {
                    t.failed += 1;
                    data
                }
            };
            t.out_class_bytes += out.len() as u64;
            out
        };
        let out = self.deflater.deflate(&data).map_err(|e| format!("{}: {}: deflate: {e}", path.display(), r.name))?;
        Ok(Compressed { name: r.name.clone(), is_dir: false, crc: crc32fast::hash(&data), uncompressed: data.len() as u64, data: out })
    }
}

/// Reads `path` back and checks that every entry inflates to its recorded CRC-32 and size.
fn verify(path: &Path, expect: usize) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut z = ZipArchive::new(Cursor::new(bytes)).map_err(|e| format!("{}: written jar does not open: {e}", path.display()))?;
    if z.len() != expect {
        return Err(format!("{}: {} entries written, {expect} expected", path.display(), z.len()));
    }
    let mut buf = Vec::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).map_err(|e| format!("{}: entry {i}: {e}", path.display()))?;
        buf.clear();
        f.read_to_end(&mut buf).map_err(|e| format!("{}: entry {i} does not read back: {e}", path.display()))?;
    }
    Ok(())
}

pub fn run_jar(args: &Args, jar: &Path, next_id: &AtomicU32) -> Result<(), String> {
    let file_name = jar.file_name().ok_or_else(|| format!("{}: not a file", jar.display()))?;
    let out_path = args.out.join(file_name);

    let c0 = cpu_now();
    let t0 = Instant::now();
    let raw = std::fs::read(jar).map_err(|e| format!("{}: {e}", jar.display()))?;
    let dir = jar_reader::directory(jar, &raw)?;
    let t_read = t0.elapsed();
    let c_read = cpu_now().saturating_sub(c0);

    let c1 = cpu_now();
    let t1 = Instant::now();
    let next_chunk = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Compressed>>> = dir.iter().map(|_| Mutex::new(None)).collect();
    let mut tally = Tally::default();
    let results: Vec<Result<Tally, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.threads)
            .map(|_| {
                s.spawn(|| -> Result<Tally, String> {
                    let level = u32::try_from(args.level).unwrap_or(6);
                    let mut w = Worker::new(args.codec, level);
                    let mut t = Tally::default();
                    loop {
                        let first = next_chunk.fetch_add(CHUNK, Ordering::Relaxed);
                        if first >= dir.len() {
                            return Ok(t);
                        }
                        for i in first..(first + CHUNK).min(dir.len()) {
                            let c = w.entry(args, jar, &raw, &dir[i], next_id, &mut t)?;
                            *slots[i].lock().map_err(|_| "a worker panicked".to_string())? = Some(c);
                        }
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into()))).collect()
    });
    for r in results {
        tally.add(&r?);
    }
    let entries: Vec<Compressed> = slots
        .into_iter()
        .map(|m| m.into_inner().ok().flatten().ok_or_else(|| "an entry was not processed".to_string()))
        .collect::<Result<_, _>>()?;
    let t_process = t1.elapsed();
    let c_process = cpu_now().saturating_sub(c1);

    let c2 = cpu_now();
    let t2 = Instant::now();
    let file = File::create(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let mut w = BufWriter::with_capacity(1 << 20, file);
    let out_jar_bytes = jar_writer::write(&mut w, &entries).map_err(|e| format!("{}: {e}", out_path.display()))?;
    w.flush().map_err(|e| format!("{}: {e}", out_path.display()))?;
    drop(w);
    let t_write = t2.elapsed();
    let c_write = cpu_now().saturating_sub(c2);

    if args.verify {
        verify(&out_path, entries.len())?;
    }

    let t_total = t_read + t_process + t_write;
    let c_total = c_read + c_process + c_write;
    let mb = tally.in_class_bytes as f64 / 1e6;
    let name = file_name.to_string_lossy();
    println!(
        "{name} [{mode}, {threads} threads]: {} classes, {mb:.2} MB of class bytes -> {:.2} MB ({:+.1}%); {} instrumented, {} unchanged, {} failed; {} methods, {} probes",
        tally.classes,
        tally.out_class_bytes as f64 / 1e6,
        (tally.out_class_bytes as f64 / tally.in_class_bytes.max(1) as f64 - 1.0) * 100.0,
        tally.instrumented,
        tally.unchanged,
        tally.failed,
        tally.methods,
        tally.probes,
        mode = args.mode.name(),
        threads = args.threads,
    );
    println!(
        "  read {:.1} ms | inflate+rewrite+deflate {:.1} ms ({:.1} ms CPU) | write {:.1} ms | total {:.1} ms, {:.1} ms CPU{}",
        secs(t_read) * 1e3,
        secs(t_process) * 1e3,
        secs(c_process) * 1e3,
        secs(t_write) * 1e3,
        secs(t_total) * 1e3,
        secs(c_total) * 1e3,
        if args.verify { "; output verified" } else { "" },
    );
    println!(
        "  end to end: {:.0} classes/s, {:.1} MB/s",
        tally.classes as f64 / secs(t_total),
        mb / secs(t_total),
    );
    println!(
        "RESULT jar={name} mode={} threads={} classes={} instrumented={} unchanged={} failed={} methods={} probes={} \
         in_class_bytes={} out_class_bytes={} out_jar_bytes={out_jar_bytes} read_s={:.6} process_s={:.6} write_s={:.6} \
         total_s={:.6} read_cpu_s={:.6} process_cpu_s={:.6} write_cpu_s={:.6} total_cpu_s={:.6}",
        args.mode.name(),
        args.threads,
        tally.classes,
        tally.instrumented,
        tally.unchanged,
        tally.failed,
        tally.methods,
        tally.probes,
        tally.in_class_bytes,
        tally.out_class_bytes,
        secs(t_read),
        secs(t_process),
        secs(t_write),
        secs(t_total),
        secs(c_read),
        secs(c_process),
        secs(c_write),
        secs(c_total),
    );
    Ok(())
}
