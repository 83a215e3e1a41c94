//! The constant pool (JVMS 4.4).
//!
//! The original pool is kept as the borrowed input bytes and new entries are appended
//! after it: existing indices never move, nothing in the class has to be renumbered, and
//! an unmodified pool re-serialises byte for byte. Only a table of entry offsets is built
//! at parse time; entries are decoded on lookup.

use std::borrow::Cow;
use std::fmt;

use ahash::AHashMap;

use super::{mutf8, ClassFileError, Result};

/// Constant-pool tags (JVMS table 4.4-B).
pub mod tag {
    pub const UTF8: u8 = 1;
    pub const INTEGER: u8 = 3;
    pub const FLOAT: u8 = 4;
    pub const LONG: u8 = 5;
    pub const DOUBLE: u8 = 6;
    pub const CLASS: u8 = 7;
    pub const STRING: u8 = 8;
    pub const FIELDREF: u8 = 9;
    pub const METHODREF: u8 = 10;
    pub const INTERFACE_METHODREF: u8 = 11;
    pub const NAME_AND_TYPE: u8 = 12;
    pub const METHOD_HANDLE: u8 = 15;
    pub const METHOD_TYPE: u8 = 16;
    pub const DYNAMIC: u8 = 17;
    pub const INVOKE_DYNAMIC: u8 = 18;
    pub const MODULE: u8 = 19;
    pub const PACKAGE: u8 = 20;
}

/// Marks index 0 and the unusable slot after a long/double.
const NO_ENTRY: usize = usize::MAX;

/// A decoded view of one entry. `Utf8` carries the raw modified-UTF-8 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpEntry<'s> {
    Utf8(&'s [u8]),
    Integer(i32),
    /// The IEEE-754 bits (kept as bits so NaN payloads survive comparisons).
    Float(u32),
    Long(i64),
    /// The IEEE-754 bits.
    Double(u64),
    Class {
        name_index: u16,
    },
    String {
        string_index: u16,
    },
    Fieldref {
        class_index: u16,
        name_and_type_index: u16,
    },
    Methodref {
        class_index: u16,
        name_and_type_index: u16,
    },
    InterfaceMethodref {
        class_index: u16,
        name_and_type_index: u16,
    },
    NameAndType {
        name_index: u16,
        descriptor_index: u16,
    },
    MethodHandle {
        kind: u8,
        ref_index: u16,
    },
    MethodType {
        descriptor_index: u16,
    },
    Dynamic {
        bootstrap_method_attr_index: u16,
        name_and_type_index: u16,
    },
    InvokeDynamic {
        bootstrap_method_attr_index: u16,
        name_and_type_index: u16,
    },
    Module {
        name_index: u16,
    },
    Package {
        name_index: u16,
    },
}

/// A resolved Fieldref, Methodref or InterfaceMethodref.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemberRef<'a> {
    pub class: Cow<'a, str>,
    pub name: Cow<'a, str>,
    pub descriptor: Cow<'a, str>,
}

#[derive(Clone)]
pub struct ConstantPool<'a> {
    /// Entries 1..original_count exactly as read (without the count).
    original: &'a [u8],
    original_count: u16,
    /// Offset of each entry's tag byte, in `original` below `original_count` and in
    /// `appended` from there on. `starts.len()` is the constant_pool_count.
    starts: Vec<usize>,
    appended: Vec<u8>,
    /// Dedup index for additions, built lazily per tag (see [`Dedup`]).
    dedup: Dedup<'a>,
}

/// Number of lookups of one tag answered by a linear scan of the original pool before
/// that tag's original entries are indexed in a hash map.
const LINEAR_LOOKUPS: u8 = 4;

/// Whole entry (tag included) -> index, for `add_*`. Every appended entry is registered
/// when it is added; the original pool's entries of a tag are only registered once that
/// tag has been looked up more than [`LINEAR_LOOKUPS`] times (before, lookups scan the
/// original entries of that tag), so adding a handful of constants does not hash the whole
/// pool. Lookups return the lowest index holding an identical entry either way.
#[derive(Clone, Default)]
struct Dedup<'a> {
    /// Utf8 entries by their whole encoding.
    utf8: AHashMap<Cow<'a, [u8]>, u16>,
    /// Integer entries, sorted by value (probe ids arrive in increasing order, so this is
    /// mostly appended to; cheaper than hashing).
    ints: Vec<(u32, u16)>,
    /// Every other entry (at most 9 bytes) packed into a `u128` (see [`small_key`]).
    small: AHashMap<u128, u16>,
    /// Bit `t` set: the original entries with tag `t` are in the maps.
    indexed: u32,
    /// Linear-scan lookups so far, per tag.
    scans: [u8; 32],
    /// Original indices grouped by tag (ascending within a tag): tag `t`'s are
    /// `by_tag[tag_start[t]..tag_start[t + 1]]`. Built on the first lookup.
    by_tag: Vec<u16>,
    tag_start: [u16; 32],
    grouped: bool,
}

/// Per-tag table slot (tags are 1..=20; anything else shares slot 30).
fn tag_slot(t: u8) -> usize {
    usize::from(t).min(30)
}

/// The value bits of a whole Integer entry.
fn int_value(entry: &[u8]) -> Option<u32> {
    match entry {
        [tag::INTEGER, a, b, c, d] => Some(u32::from_be_bytes([*a, *b, *c, *d])),
        _ => None,
    }
}

/// A non-Utf8 entry (tag + up to 8 bytes; the tag fixes the length) as a map key.
fn small_key(entry: &[u8]) -> u128 {
    let mut k = [0u8; 16];
    let n = entry.len().min(15);
    k[..n].copy_from_slice(&entry[..n]);
    k[15] = entry.len() as u8;
    u128::from_le_bytes(k)
}

impl fmt::Debug for ConstantPool<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConstantPool")
            .field("count", &self.len())
            .field("original_count", &self.original_count)
            .field("appended_bytes", &self.appended.len())
            .finish()
    }
}

/// Size of the entry starting at `b[0]` (tag included), `None` for an unknown tag or
/// when a Utf8 length cannot be read.
fn entry_size(b: &[u8]) -> Option<usize> {
    Some(match *b.first()? {
        tag::UTF8 => 3 + usize::from(u16::from_be_bytes([*b.get(1)?, *b.get(2)?])),
        tag::INTEGER | tag::FLOAT => 5,
        tag::LONG | tag::DOUBLE => 9,
        tag::CLASS | tag::STRING | tag::METHOD_TYPE | tag::MODULE | tag::PACKAGE => 3,
        tag::METHOD_HANDLE => 4,
        tag::FIELDREF
        | tag::METHODREF
        | tag::INTERFACE_METHODREF
        | tag::NAME_AND_TYPE
        | tag::DYNAMIC
        | tag::INVOKE_DYNAMIC => 5,
        _ => return None,
    })
}

fn u16_at(b: &[u8], i: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?]))
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    let s = b.get(i..i + 4)?;
    Some(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

fn u64_at(b: &[u8], i: usize) -> Option<u64> {
    Some((u64::from(u32_at(b, i)?) << 32) | u64::from(u32_at(b, i + 4)?))
}

fn decode_entry(b: &[u8]) -> Option<CpEntry<'_>> {
    let a = || u16_at(b, 1);
    let c = || u16_at(b, 3);
    Some(match *b.first()? {
        tag::UTF8 => CpEntry::Utf8(b.get(3..)?),
        tag::INTEGER => CpEntry::Integer(u32_at(b, 1)? as i32),
        tag::FLOAT => CpEntry::Float(u32_at(b, 1)?),
        tag::LONG => CpEntry::Long(u64_at(b, 1)? as i64),
        tag::DOUBLE => CpEntry::Double(u64_at(b, 1)?),
        tag::CLASS => CpEntry::Class { name_index: a()? },
        tag::STRING => CpEntry::String { string_index: a()? },
        tag::FIELDREF => CpEntry::Fieldref { class_index: a()?, name_and_type_index: c()? },
        tag::METHODREF => CpEntry::Methodref { class_index: a()?, name_and_type_index: c()? },
        tag::INTERFACE_METHODREF => CpEntry::InterfaceMethodref { class_index: a()?, name_and_type_index: c()? },
        tag::NAME_AND_TYPE => CpEntry::NameAndType { name_index: a()?, descriptor_index: c()? },
        tag::METHOD_HANDLE => CpEntry::MethodHandle { kind: *b.get(1)?, ref_index: u16_at(b, 2)? },
        tag::METHOD_TYPE => CpEntry::MethodType { descriptor_index: a()? },
        tag::DYNAMIC => CpEntry::Dynamic { bootstrap_method_attr_index: a()?, name_and_type_index: c()? },
        tag::INVOKE_DYNAMIC => CpEntry::InvokeDynamic { bootstrap_method_attr_index: a()?, name_and_type_index: c()? },
        tag::MODULE => CpEntry::Module { name_index: a()? },
        tag::PACKAGE => CpEntry::Package { name_index: a()? },
        _ => return None,
    })
}

fn bad(index: u16, expected: &'static str) -> ClassFileError {
    ClassFileError::BadConstantIndex { index, expected }
}

impl<'a> ConstantPool<'a> {
    /// An empty pool (constant_pool_count 1), for building classes from scratch.
    pub fn empty() -> ConstantPool<'static> {
        ConstantPool {
            original: &[],
            original_count: 1,
            starts: vec![NO_ENTRY],
            appended: Vec::new(),
            dedup: Dedup::default(),
        }
    }

    /// Reads the pool starting at `pos` (the constant_pool_count). Returns the pool and
    /// the offset just after it.
    pub fn parse(bytes: &'a [u8], pos: usize) -> Result<(Self, usize)> {
        let count = u16_at(bytes, pos).ok_or(ClassFileError::Truncated(pos))?;
        if count == 0 {
            return Err(ClassFileError::Malformed { offset: pos, why: "constant_pool_count is 0" });
        }
        let start = pos + 2;
        let mut p = start;
        // Room for the few entries instrumentation appends without copying the table.
        let mut starts = Vec::with_capacity(usize::from(count) + 32);
        starts.push(NO_ENTRY);
        let mut idx: u16 = 1;
        while idx < count {
            let rest = bytes.get(p..).unwrap_or(&[]);
            let t = *rest.first().ok_or(ClassFileError::Truncated(p))?;
            let size = match entry_size(rest) {
                Some(s) => s,
                None if t == tag::UTF8 => return Err(ClassFileError::Truncated(p)),
                None => return Err(ClassFileError::BadConstantTag { tag: t, index: idx }),
            };
            if rest.len() < size {
                return Err(ClassFileError::Truncated(bytes.len()));
            }
            starts.push(p - start);
            p += size;
            if t == tag::LONG || t == tag::DOUBLE {
                // The second slot must exist too (HotSpot rejects a wide last entry).
                if idx + 1 >= count {
                    return Err(ClassFileError::Malformed {
                        offset: p - size,
                        why: "8-byte constant in the last constant-pool slot",
                    });
                }
                starts.push(NO_ENTRY);
                idx += 2;
            } else {
                idx += 1;
            }
        }
        let original = bytes.get(start..p).ok_or(ClassFileError::Truncated(p))?;
        Ok((ConstantPool { original, original_count: count, starts, appended: Vec::new(), dedup: Dedup::default() }, p))
    }

    /// constant_pool_count to write: one more than the highest usable index.
    pub fn len(&self) -> u16 {
        // starts never grows past 65535 (checked in add_raw).
        self.starts.len() as u16
    }

    /// True when the pool has no entries (count 1).
    pub fn is_empty(&self) -> bool {
        self.starts.len() <= 1
    }

    /// The constant_pool_count the class was read with; indices from here on were appended.
    pub fn original_len(&self) -> u16 {
        self.original_count
    }

    /// Serialised size in bytes, count included.
    pub fn byte_len(&self) -> usize {
        2 + self.original.len() + self.appended.len()
    }

    pub(crate) fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.len().to_be_bytes());
        out.extend_from_slice(self.original);
        out.extend_from_slice(&self.appended);
    }

    fn start(&self, idx: u16) -> Option<usize> {
        match self.starts.get(usize::from(idx)) {
            Some(&s) if s != NO_ENTRY => Some(s),
            _ => None,
        }
    }

    /// Whole entry of the original pool, with the input's lifetime.
    fn original_raw(&self, idx: u16) -> Option<&'a [u8]> {
        if idx >= self.original_count {
            return None;
        }
        let rest = self.original.get(self.start(idx)?..)?;
        rest.get(..entry_size(rest)?)
    }

    /// Whole entry, tag included, original or appended.
    pub fn raw_entry(&self, idx: u16) -> Option<&[u8]> {
        if idx < self.original_count {
            return self.original_raw(idx);
        }
        let rest = self.appended.get(self.start(idx)?..)?;
        rest.get(..entry_size(rest)?)
    }

    pub fn tag(&self, idx: u16) -> Option<u8> {
        self.raw_entry(idx)?.first().copied()
    }

    pub fn entry(&self, idx: u16) -> Option<CpEntry<'_>> {
        decode_entry(self.raw_entry(idx)?)
    }

    /// All usable entries in index order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, CpEntry<'_>)> + '_ {
        (1..self.len()).filter_map(move |i| Some((i, self.entry(i)?)))
    }

    /// Raw modified-UTF-8 bytes of a Utf8 entry (original or appended).
    pub fn utf8_bytes(&self, idx: u16) -> Option<&[u8]> {
        match self.entry(idx)? {
            CpEntry::Utf8(b) => Some(b),
            _ => None,
        }
    }

    /// A Utf8 entry decoded. Borrows from the input for the usual case; unpaired
    /// surrogates become U+FFFD (see [`mutf8::decode`]).
    pub fn utf8(&self, idx: u16) -> Result<Cow<'a, str>> {
        if let Some(raw) = self.original_raw(idx) {
            return match decode_entry(raw) {
                Some(CpEntry::Utf8(b)) => mutf8::decode(b).ok_or(ClassFileError::BadUtf8(idx)),
                _ => Err(bad(idx, "Utf8")),
            };
        }
        let b = self.utf8_bytes(idx).ok_or(bad(idx, "Utf8"))?;
        mutf8::decode(b).map(|s| Cow::Owned(s.into_owned())).ok_or(ClassFileError::BadUtf8(idx))
    }

    /// Internal name of a Class entry (`java/lang/String`, or a descriptor for arrays).
    pub fn class_name(&self, idx: u16) -> Result<Cow<'a, str>> {
        match self.entry(idx) {
            Some(CpEntry::Class { name_index }) => self.utf8(name_index),
            _ => Err(bad(idx, "Class")),
        }
    }

    /// (name, descriptor) of a NameAndType entry.
    pub fn name_and_type(&self, idx: u16) -> Result<(Cow<'a, str>, Cow<'a, str>)> {
        match self.entry(idx) {
            Some(CpEntry::NameAndType { name_index, descriptor_index }) => {
                Ok((self.utf8(name_index)?, self.utf8(descriptor_index)?))
            }
            _ => Err(bad(idx, "NameAndType")),
        }
    }

    /// A Fieldref, Methodref or InterfaceMethodref resolved to names.
    pub fn member_ref(&self, idx: u16) -> Result<MemberRef<'a>> {
        let (class_index, nt) = match self.entry(idx) {
            Some(
                CpEntry::Fieldref { class_index, name_and_type_index }
                | CpEntry::Methodref { class_index, name_and_type_index }
                | CpEntry::InterfaceMethodref { class_index, name_and_type_index },
            ) => (class_index, name_and_type_index),
            _ => return Err(bad(idx, "Fieldref/Methodref/InterfaceMethodref")),
        };
        let class = self.class_name(class_index)?;
        let (name, descriptor) = self.name_and_type(nt)?;
        Ok(MemberRef { class, name, descriptor })
    }

    pub fn is_interface_methodref(&self, idx: u16) -> bool {
        self.tag(idx) == Some(tag::INTERFACE_METHODREF)
    }

    pub fn integer(&self, idx: u16) -> Result<i32> {
        match self.entry(idx) {
            Some(CpEntry::Integer(v)) => Ok(v),
            _ => Err(bad(idx, "Integer")),
        }
    }

    pub fn float(&self, idx: u16) -> Result<f32> {
        match self.entry(idx) {
            Some(CpEntry::Float(v)) => Ok(f32::from_bits(v)),
            _ => Err(bad(idx, "Float")),
        }
    }

    pub fn long(&self, idx: u16) -> Result<i64> {
        match self.entry(idx) {
            Some(CpEntry::Long(v)) => Ok(v),
            _ => Err(bad(idx, "Long")),
        }
    }

    pub fn double(&self, idx: u16) -> Result<f64> {
        match self.entry(idx) {
            Some(CpEntry::Double(v)) => Ok(f64::from_bits(v)),
            _ => Err(bad(idx, "Double")),
        }
    }

    /// The text of a String entry.
    pub fn string(&self, idx: u16) -> Result<Cow<'a, str>> {
        match self.entry(idx) {
            Some(CpEntry::String { string_index }) => self.utf8(string_index),
            _ => Err(bad(idx, "String")),
        }
    }

    // ---- additions -------------------------------------------------------------------

    /// Registers `entry` at `idx` unless an identical entry is already registered.
    fn register(dedup: &mut Dedup<'a>, entry: &[u8], borrowed: Option<&'a [u8]>, idx: u16) {
        if let Some(v) = int_value(entry) {
            let ints = &mut dedup.ints;
            match ints.last() {
                Some(&(last, _)) if last >= v => {
                    if let Err(at) = ints.binary_search_by_key(&v, |e| e.0) {
                        ints.insert(at, (v, idx));
                    }
                }
                _ => ints.push((v, idx)),
            }
        } else if entry.first() == Some(&tag::UTF8) {
            let key = match borrowed {
                Some(b) => Cow::Borrowed(b),
                None => Cow::Owned(entry.to_vec()),
            };
            dedup.utf8.entry(key).or_insert(idx);
        } else {
            dedup.small.entry(small_key(entry)).or_insert(idx);
        }
    }

    fn registered(dedup: &Dedup<'a>, entry: &[u8]) -> Option<u16> {
        if let Some(v) = int_value(entry) {
            let ints = &dedup.ints;
            ints.binary_search_by_key(&v, |e| e.0).ok().map(|k| ints[k].1)
        } else if entry.first() == Some(&tag::UTF8) {
            dedup.utf8.get(entry).copied()
        } else {
            dedup.small.get(&small_key(entry)).copied()
        }
    }

    /// Groups the original entries' indices by tag (a counting sort over the pool).
    fn group_by_tag(&mut self) {
        let mut counts = [0u16; 32];
        let tag_of = |pool: &Self, idx: u16| -> Option<usize> {
            let start = pool.start(idx)?;
            pool.original.get(start).map(|&t| tag_slot(t))
        };
        for idx in 1..self.original_count {
            if let Some(t) = tag_of(self, idx) {
                counts[t + 1] += 1;
            }
        }
        for t in 1..32 {
            counts[t] += counts[t - 1];
        }
        let mut by_tag = vec![0u16; usize::from(counts[31])];
        let mut next = counts;
        for idx in 1..self.original_count {
            if let Some(t) = tag_of(self, idx) {
                by_tag[usize::from(next[t])] = idx;
                next[t] += 1;
            }
        }
        self.dedup.tag_start = counts;
        self.dedup.by_tag = by_tag;
        self.dedup.grouped = true;
    }

    /// Index of an entry identical to `entry`, if any (the lowest such index).
    fn find(&mut self, entry: &[u8]) -> Option<u16> {
        let t = *entry.first()?;
        let slot = tag_slot(t);
        let bit = 1u32 << slot;
        if self.dedup.indexed & bit == 0 {
            if !self.dedup.grouped {
                self.group_by_tag();
            }
            let range = usize::from(self.dedup.tag_start[slot])..usize::from(self.dedup.tag_start[slot + 1]);
            if range.len() <= 8 || self.dedup.scans[slot] < LINEAR_LOOKUPS {
                self.dedup.scans[slot] = self.dedup.scans[slot].saturating_add(1);
                // Originals have lower indices than anything appended.
                for &idx in &self.dedup.by_tag[range] {
                    if self.original_raw(idx) == Some(entry) {
                        return Some(idx);
                    }
                }
                return Self::registered(&self.dedup, entry);
            }
            if t == tag::INTEGER {
                // Bulk: push every original, then sort by (value, index) and keep the first
                // (lowest index; appended entries have higher indices than any original).
                let mut ints = std::mem::take(&mut self.dedup.ints);
                ints.reserve(range.len());
                for k in range {
                    let idx = self.dedup.by_tag[k];
                    if let Some(v) = self.original_raw(idx).and_then(int_value) {
                        ints.push((v, idx));
                    }
                }
                ints.sort_unstable();
                ints.dedup_by_key(|e| e.0);
                self.dedup.ints = ints;
                self.dedup.indexed |= bit;
                return Self::registered(&self.dedup, entry);
            }
            for k in range {
                let idx = self.dedup.by_tag[k];
                if let Some(raw) = self.original_raw(idx) {
                    // An appended entry of this tag is never identical to an original one
                    // (it would have been found instead of appended), so this keeps the
                    // lowest index.
                    Self::register(&mut self.dedup, raw, Some(raw), idx);
                }
            }
            self.dedup.indexed |= bit;
        }
        Self::registered(&self.dedup, entry)
    }

    /// Appends a whole encoded entry unless an identical one exists.
    fn add_raw(&mut self, entry: &[u8]) -> Result<u16> {
        if let Some(idx) = self.find(entry) {
            return Ok(idx);
        }
        let wide = matches!(entry.first(), Some(&tag::LONG | &tag::DOUBLE));
        let idx = self.len();
        let slots = if wide { 2 } else { 1 };
        if usize::from(idx) + slots > usize::from(u16::MAX) {
            return Err(ClassFileError::ConstantPoolFull);
        }
        if self.appended.is_empty() {
            self.appended.reserve(128);
        }
        self.starts.push(self.appended.len());
        if wide {
            self.starts.push(NO_ENTRY);
        }
        self.appended.extend_from_slice(entry);
        Self::register(&mut self.dedup, entry, None, idx);
        Ok(idx)
    }

    /// Appends `Utf8 name`, `NameAndType(name, descriptor)` and `Fieldref(class, that)` as three
    /// consecutive entries, without looking for identical ones (duplicates are legal), and
    /// returns the `Fieldref`'s index. For the rewriter's field probes: thousands of fresh
    /// names per class, where the lookups were most of the cost. `name` must be ASCII without
    /// NUL (its modified UTF-8 is itself).
    pub fn append_field_ref(&mut self, class: u16, name: &str, descriptor: u16) -> Result<u16> {
        let idx = self.len();
        if usize::from(idx) + 3 > usize::from(u16::MAX) {
            return Err(ClassFileError::ConstantPoolFull);
        }
        debug_assert!(name.bytes().all(|b| b.is_ascii() && b != 0));
        let len = u16::try_from(name.len())
            .map_err(|_| ClassFileError::TooLarge { what: "Utf8 constant", len: name.len() })?;
        if self.appended.is_empty() {
            self.appended.reserve(128);
        }
        self.starts.push(self.appended.len());
        self.appended.push(tag::UTF8);
        self.appended.extend_from_slice(&len.to_be_bytes());
        self.appended.extend_from_slice(name.as_bytes());
        self.starts.push(self.appended.len());
        self.appended.push(tag::NAME_AND_TYPE);
        self.appended.extend_from_slice(&idx.to_be_bytes());
        self.appended.extend_from_slice(&descriptor.to_be_bytes());
        self.starts.push(self.appended.len());
        self.appended.push(tag::FIELDREF);
        self.appended.extend_from_slice(&class.to_be_bytes());
        self.appended.extend_from_slice(&(idx + 1).to_be_bytes());
        Ok(idx + 2)
    }

    fn add_u16s(&mut self, t: u8, a: u16, b: Option<u16>) -> Result<u16> {
        let [a0, a1] = a.to_be_bytes();
        match b {
            None => self.add_raw(&[t, a0, a1]),
            Some(b) => {
                let [b0, b1] = b.to_be_bytes();
                self.add_raw(&[t, a0, a1, b0, b1])
            }
        }
    }

    /// Adds (or finds) a Utf8 entry; `s` is encoded as modified UTF-8.
    pub fn add_utf8(&mut self, s: &str) -> Result<u16> {
        let enc = mutf8::encode(s);
        let len =
            u16::try_from(enc.len()).map_err(|_| ClassFileError::TooLarge { what: "Utf8 constant", len: enc.len() })?;
        let mut entry = Vec::with_capacity(3 + enc.len());
        entry.push(tag::UTF8);
        entry.extend_from_slice(&len.to_be_bytes());
        entry.extend_from_slice(&enc);
        self.add_raw(&entry)
    }

    /// Adds (or finds) a Class entry for an internal name such as `java/lang/String`.
    pub fn add_class(&mut self, internal_name: &str) -> Result<u16> {
        let n = self.add_utf8(internal_name)?;
        self.add_u16s(tag::CLASS, n, None)
    }

    pub fn add_string(&mut self, s: &str) -> Result<u16> {
        let n = self.add_utf8(s)?;
        self.add_u16s(tag::STRING, n, None)
    }

    pub fn add_integer(&mut self, v: i32) -> Result<u16> {
        let [a, b, c, d] = v.to_be_bytes();
        self.add_raw(&[tag::INTEGER, a, b, c, d])
    }

    pub fn add_float(&mut self, v: f32) -> Result<u16> {
        let [a, b, c, d] = v.to_bits().to_be_bytes();
        self.add_raw(&[tag::FLOAT, a, b, c, d])
    }

    /// Takes two slots.
    pub fn add_long(&mut self, v: i64) -> Result<u16> {
        let mut e = [tag::LONG; 9];
        e[1..].copy_from_slice(&v.to_be_bytes());
        self.add_raw(&e)
    }

    /// Takes two slots.
    pub fn add_double(&mut self, v: f64) -> Result<u16> {
        let mut e = [tag::DOUBLE; 9];
        e[1..].copy_from_slice(&v.to_bits().to_be_bytes());
        self.add_raw(&e)
    }

    pub fn add_name_and_type(&mut self, name: &str, descriptor: &str) -> Result<u16> {
        let n = self.add_utf8(name)?;
        let d = self.add_utf8(descriptor)?;
        self.add_u16s(tag::NAME_AND_TYPE, n, Some(d))
    }

    fn add_member(&mut self, t: u8, class: &str, name: &str, descriptor: &str) -> Result<u16> {
        let c = self.add_class(class)?;
        let nt = self.add_name_and_type(name, descriptor)?;
        self.add_u16s(t, c, Some(nt))
    }

    pub fn add_field_ref(&mut self, class: &str, name: &str, descriptor: &str) -> Result<u16> {
        self.add_member(tag::FIELDREF, class, name, descriptor)
    }

    pub fn add_method_ref(&mut self, class: &str, name: &str, descriptor: &str) -> Result<u16> {
        self.add_member(tag::METHODREF, class, name, descriptor)
    }

    /// Adds (or finds) a MethodHandle entry (`kind` is a JVMS 5.4.3.5 reference kind).
    pub fn add_method_handle(&mut self, kind: u8, member_ref: u16) -> Result<u16> {
        let [a, b] = member_ref.to_be_bytes();
        self.add_raw(&[tag::METHOD_HANDLE, kind, a, b])
    }

    pub fn add_interface_method_ref(&mut self, class: &str, name: &str, descriptor: &str) -> Result<u16> {
        self.add_member(tag::INTERFACE_METHODREF, class, name, descriptor)
    }
}
