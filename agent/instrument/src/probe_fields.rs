//! Field probes: the default probe of the profiler (`counts=covered` and `counts=jacoco`) is
//! `iconst_1; putstatic ProbeFieldsK.fS:Z`, a store into a static `boolean` field of its own,
//! one field per probe id. This module owns their naming and the holder classes' bytes; the
//! agent defines the holders in the bootstrap loader at run time and reads them back
//! (`jvmfuzz_jvm::field_holders`).
//!
//! Why a field per probe rather than a slot of one `boolean[]` (JaCoCo's shape, and ours
//! before): the probe is 4 bytes instead of 8 and two bytecodes instead of four, and C1 compiles
//! it to one store with no array bounds check. `benchmarks/probes/run.sh` in C1-only mode
//! (benchmarks/README.md, "Field probes"): +15.5% over no agent, against +34.9% for the array
//! shape and +40.0% for JaCoCo. Short test suites run much of their code in the interpreter and
//! C1. In hot C2 code both shapes compile to a one-byte store into a constant base and cost the
//! same on a quiet machine (+8.9% and +9.4%, JaCoCo +43.9%; two runs under load had suggested
//! the field shape cost twice as much there). Neither the lang3 nor the math3 suite showed a
//! difference between the two shapes.
//!
//! The costs, and how they are bounded:
//! - three constant-pool entries per probe (`Utf8` name, `NameAndType`, `Fieldref`): a class
//!   whose probes would not fit in the 65,535 entries keeps the array probe ([`fits`]);
//! - a `Fieldref` resolution the first time each probe runs, about a microsecond. HotSpot finds
//!   a field by a linear walk over its holder's fields, so holders stay small ([`CHUNK`] fields
//!   each), and test classes, whose code mostly runs once, keep the array probe
//!   (`test_classes`);
//! - one class definition per [`CHUNK`] probe ids that field probes use.
//!
//! A holder lives in the bootstrap loader, not in the instrumented class: class shapes stay as
//! they were (no new fields for reflection to see, interfaces included), and the flags outlive
//! the classes that set them when a loader is collected.

use std::fmt::Write as _;

use jvmfuzz_classfile::{ClassFileError, ConstantPool};

/// Probe ids per holder class.
pub const CHUNK: u32 = 128;
/// Ids from here on use the array probe: at most this many / [`CHUNK`] holder classes.
pub const MAX_IDS: u32 = 1 << 20;
/// Holder `k` is `com/jvmfuzz/shim/ProbeFields<k>`.
pub const HOLDER_PREFIX: &str = "com/jvmfuzz/shim/ProbeFields";
/// Every holder has `public static void read(boolean[] out, int off)`, which copies its field
/// `fS` to `out[off + S]`: reading thousands of fields through JNI would mean a
/// `GetStaticFieldID` per field, each a linear search.
pub const READ_NAME: &str = "read";
pub const READ_DESCRIPTOR: &str = "([ZI)V";

/// The internal name of holder `chunk` (see [`chunk_of`]).
pub fn holder_name(chunk: u32) -> String {
    format!("{HOLDER_PREFIX}{chunk}")
}

/// The field of probe `id` in its holder.
pub fn field_name(id: u32) -> String {
    format!("f{}", id % CHUNK)
}

/// How many holders the ids below `end` need (the ids from [`MAX_IDS`] on have none).
pub fn holders_below(end: u64) -> u32 {
    end.min(u64::from(MAX_IDS)).div_ceil(u64::from(CHUNK)) as u32
}

/// The holder chunk of probe `id`.
pub fn chunk_of(id: u32) -> u32 {
    id / CHUNK
}

/// Whether the ids `first..first + count` can all be field probes in a class whose constant
/// pool has `cp_len` slots: below [`MAX_IDS`], and room for three entries per probe plus a
/// `Class` and its name per holder and the descriptor `Z`, with some to spare.
pub fn fits(cp_len: u16, first: u32, count: u32) -> bool {
    if count == 0 {
        return true;
    }
    let Some(end) = first.checked_add(count) else { return false };
    if end > MAX_IDS {
        return false;
    }
    let holders = u64::from(chunk_of(end - 1) - chunk_of(first) + 1);
    let needed = u64::from(cp_len) + 3 * u64::from(count) + 2 * holders + 1;
    // Spare for whatever else the rewriter adds (nothing today).
    needed + 16 <= u64::from(u16::MAX)
}

/// Appends the `Fieldref`s of ids `first..first + count` to `cp`, three entries apart in id
/// order (see [`jvmfuzz_classfile::ConstantPool::append_field_ref`]), after a `Class` per holder
/// and the descriptor `Z`; returns the first `Fieldref`'s index. The caller checked [`fits`].
pub fn append_refs(cp: &mut ConstantPool<'_>, first: u32, count: u32) -> Result<u16, ClassFileError> {
    let z = cp.add_utf8("Z")?;
    let end = first.saturating_add(count);
    let classes = (chunk_of(first)..=chunk_of(end.saturating_sub(1).max(first)))
        .map(|k| cp.add_class(&holder_name(k)))
        .collect::<Result<Vec<u16>, _>>()?;
    let mut name = String::with_capacity(8);
    let mut first_ref = None;
    for id in first..end {
        name.clear();
        let _ = write!(name, "f{}", id % CHUNK);
        let class = classes[(chunk_of(id) - chunk_of(first)) as usize];
        let r = cp.append_field_ref(class, &name, z)?;
        first_ref.get_or_insert(r);
    }
    Ok(first_ref.unwrap_or(0))
}

/// The class file of holder `chunk`: public final, [`CHUNK`] `public static boolean` fields
/// `f0..`, and `read`. Version 52: straight-line code needs no StackMapTable.
pub fn holder_class(chunk: u32) -> Vec<u8> {
    const UTF8: u8 = 1;
    const CLASS: u8 = 7;
    const FIELDREF: u8 = 9;
    const NAME_AND_TYPE: u8 = 12;
    fn utf8(out: &mut Vec<u8>, s: &str) {
        out.push(UTF8);
        out.extend_from_slice(&(s.len() as u16).to_be_bytes());
        out.extend_from_slice(s.as_bytes());
    }
    fn u16s(out: &mut Vec<u8>, tag: u8, a: u16, b: Option<u16>) {
        out.push(tag);
        out.extend_from_slice(&a.to_be_bytes());
        if let Some(b) = b {
            out.extend_from_slice(&b.to_be_bytes());
        }
    }
    // Constant pool: 1 this name, 2 this, 3 Object's name, 4 Object, 5 "Z", 6 "read",
    // 7 its descriptor, 8 "Code", then per field S: 9+3S name, 10+3S NameAndType, 11+3S Fieldref.
    let field_base: u16 = 9;
    let n = CHUNK as u16;
    let mut out = Vec::with_capacity(40_000);
    out.extend_from_slice(&0xCAFE_BABEu32.to_be_bytes());
    out.extend_from_slice(&0u16.to_be_bytes());
    out.extend_from_slice(&52u16.to_be_bytes());
    out.extend_from_slice(&(field_base + 3 * n).to_be_bytes());
    utf8(&mut out, &holder_name(chunk));
    u16s(&mut out, CLASS, 1, None);
    utf8(&mut out, "java/lang/Object");
    u16s(&mut out, CLASS, 3, None);
    utf8(&mut out, "Z");
    utf8(&mut out, READ_NAME);
    utf8(&mut out, READ_DESCRIPTOR);
    utf8(&mut out, "Code");
    for s in 0..n {
        let name = field_base + 3 * s;
        utf8(&mut out, &field_name(u32::from(s)));
        u16s(&mut out, NAME_AND_TYPE, name, Some(5));
        u16s(&mut out, FIELDREF, 2, Some(name + 1));
    }
    // public final super; this, super; no interfaces.
    for v in [0x0031u16, 2, 4, 0] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    out.extend_from_slice(&n.to_be_bytes());
    for s in 0..n {
        // public static synthetic
        for v in [0x1009u16, field_base + 3 * s, 5, 0] {
            out.extend_from_slice(&v.to_be_bytes());
        }
    }
    // read: out[off + S] = fS for every S.
    let mut code = Vec::with_capacity(CHUNK as usize * 10 + 1);
    for s in 0..n {
        code.extend_from_slice(&[0x2a, 0x1b, 0x11]); // aload_0, iload_1, sipush
        code.extend_from_slice(&s.to_be_bytes());
        code.extend_from_slice(&[0x60, 0xb2]); // iadd, getstatic
        code.extend_from_slice(&(field_base + 3 * s + 2).to_be_bytes());
        code.push(0x54); // bastore
    }
    code.push(0xb1); // return
    out.extend_from_slice(&1u16.to_be_bytes());
    for v in [0x0009u16, 6, 7, 1, 8] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    out.extend_from_slice(&(12 + code.len() as u32).to_be_bytes());
    out.extend_from_slice(&3u16.to_be_bytes()); // max_stack
    out.extend_from_slice(&2u16.to_be_bytes()); // max_locals
    out.extend_from_slice(&(code.len() as u32).to_be_bytes());
    out.extend_from_slice(&code);
    out.extend_from_slice(&0u16.to_be_bytes()); // exception table
    out.extend_from_slice(&0u16.to_be_bytes()); // code attributes
    out.extend_from_slice(&0u16.to_be_bytes()); // class attributes
    out
}

#[cfg(test)]
mod tests;
