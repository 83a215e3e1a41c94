//! StackMapTable (JVMS 4.7.4): verification types, decoding to absolute frames, and
//! re-encoding with the most compact frame kinds.
//!
//! Frames are held fully expanded (offset + complete locals + stack), so the rewriter can
//! move them, copy them (trampolines need the frame of their target) and add new ones
//! (after widened `if`s), then re-encode: deltas are recomputed from the new absolute
//! offsets, and a frame's kind may change (e.g. `same_frame` -> `same_frame_extended` when
//! its delta passes 63).
//!
//! Class types are held by *name*, not by constant-pool index: the verifier compares names,
//! types computed from descriptors have no index, and a name keeps its original index on
//! re-encoding ([`ClassNames`]) so untouched frames stay byte-identical.

use ahash::AHashMap as HashMap;
use std::rc::Rc;

use jvmfuzz_classfile::descriptor::{self, FieldType};
use jvmfuzz_classfile::{ClassFileError, ConstantPool};

/// A verification type. `Long`/`Double` are single entries here, as in the StackMapTable
/// (the implicit second slot is added by [`crate::interp`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VType {
    Top,
    Integer,
    Float,
    Long,
    Double,
    Null,
    UninitializedThis,
    /// A class or array type by internal name (`java/lang/String`, `[I`, `[Ljava/lang/Object;`).
    Object(Rc<str>),
    /// Created by the `new` at this offset (of whatever code the frame belongs to).
    Uninitialized(u32),
}

impl VType {
    /// Long and double take two local slots / stack words.
    pub fn is_wide(&self) -> bool {
        matches!(self, VType::Long | VType::Double)
    }

    pub fn object(name: &str) -> VType {
        VType::Object(Rc::from(name))
    }
}

/// One frame at an absolute offset. `locals` and `stack` use StackMapTable form (one entry
/// per long/double).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub offset: u32,
    pub locals: Vec<VType>,
    pub stack: Vec<VType>,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("StackMapTable is truncated")]
    Truncated,
    #[error("StackMapTable has reserved frame type {0}")]
    BadFrameType(u8),
    #[error("StackMapTable has unknown verification type tag {0}")]
    BadTypeTag(u8),
    #[error("StackMapTable chops more locals than the previous frame has")]
    BadChop,
    #[error("StackMapTable has {0} trailing bytes")]
    TrailingBytes(usize),
    #[error("frame offsets are not strictly increasing at offset {0}")]
    Unordered(u32),
    #[error("frame offset {0} does not fit the StackMapTable")]
    OffsetTooLarge(u32),
    #[error("frame has too many entries ({0})")]
    TooManyEntries(usize),
    #[error("malformed descriptor {0:?}")]
    BadDescriptor(String),
    #[error("constant pool: {0}")]
    ConstantPool(#[from] ClassFileError),
}

/// Maps class names back to constant-pool `Class` indices for encoding. Names seen while
/// decoding keep their original index; new names get an (deduplicated) appended entry.
#[derive(Debug, Default)]
pub struct ClassNames {
    index: HashMap<Rc<str>, u16>,
    /// Interned names so that equal names share one allocation.
    interned: HashMap<u16, Rc<str>>,
}

impl ClassNames {
    fn name_of(&mut self, cp: &ConstantPool<'_>, idx: u16) -> Result<Rc<str>, FrameError> {
        if let Some(n) = self.interned.get(&idx) {
            return Ok(n.clone());
        }
        let name: Rc<str> = Rc::from(cp.class_name(idx)?.as_ref());
        self.index.entry(name.clone()).or_insert(idx);
        self.interned.insert(idx, name.clone());
        Ok(name)
    }

    fn index_of(&mut self, cp: &mut ConstantPool<'_>, name: &Rc<str>) -> Result<u16, FrameError> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i);
        }
        let i = cp.add_class(name)?;
        self.index.insert(name.clone(), i);
        Ok(i)
    }
}

/// The verifier type of a field type: `boolean`/`byte`/`char`/`short` are `Integer`; an
/// array's class is named by its descriptor.
fn vtype(t: FieldType<'_>) -> VType {
    match t {
        FieldType::Base(b'F') => VType::Float,
        FieldType::Base(b'J') => VType::Long,
        FieldType::Base(b'D') => VType::Double,
        FieldType::Base(_) => VType::Integer,
        FieldType::Object(name) => VType::object(name),
        FieldType::Array { descriptor, .. } => VType::object(descriptor),
    }
}

/// Parses one field descriptor at the start of `d`; returns its verifier type and the rest.
pub fn parse_field_type(d: &str) -> Option<(VType, &str)> {
    descriptor::field_type(d).map(|(t, rest)| (vtype(t), rest))
}

/// Parameter types and return type (`None` = void) of a method descriptor.
pub fn parse_method_descriptor(d: &str) -> Result<(Vec<VType>, Option<VType>), FrameError> {
    let (params, ret) = descriptor::parse_method(d).ok_or_else(|| FrameError::BadDescriptor(d.to_string()))?;
    Ok((params.into_iter().map(vtype).collect(), ret.map(vtype)))
}

/// Locals of the implicit initial frame (JVMS 4.10.1.6), in StackMapTable form.
pub fn initial_locals(
    this_class: &str,
    method_name: &str,
    descriptor: &str,
    is_static: bool,
) -> Result<Vec<VType>, FrameError> {
    let (params, _) = parse_method_descriptor(descriptor)?;
    let mut locals = Vec::with_capacity(params.len() + 1);
    if !is_static {
        // Only Object's own constructor starts with an initialised `this`.
        if method_name == "<init>" && this_class != "java/lang/Object" {
            locals.push(VType::UninitializedThis);
        } else {
            locals.push(VType::object(this_class));
        }
    }
    locals.extend(params);
    Ok(locals)
}

struct Reader<'b> {
    b: &'b [u8],
    pos: usize,
}

impl Reader<'_> {
    fn u8(&mut self) -> Result<u8, FrameError> {
        let v = *self.b.get(self.pos).ok_or(FrameError::Truncated)?;
        self.pos += 1;
        Ok(v)
    }
    fn u16(&mut self) -> Result<u16, FrameError> {
        let hi = self.u8()?;
        let lo = self.u8()?;
        Ok(u16::from_be_bytes([hi, lo]))
    }
}

fn read_vtype(r: &mut Reader<'_>, cp: &ConstantPool<'_>, names: &mut ClassNames) -> Result<VType, FrameError> {
    Ok(match r.u8()? {
        0 => VType::Top,
        1 => VType::Integer,
        2 => VType::Float,
        3 => VType::Double,
        4 => VType::Long,
        5 => VType::Null,
        6 => VType::UninitializedThis,
        7 => VType::Object(names.name_of(cp, r.u16()?)?),
        8 => VType::Uninitialized(r.u16()? as u32),
        t => return Err(FrameError::BadTypeTag(t)),
    })
}

fn read_vtypes(
    r: &mut Reader<'_>,
    n: usize,
    cp: &ConstantPool<'_>,
    names: &mut ClassNames,
) -> Result<Vec<VType>, FrameError> {
    // `n` comes from the file: cap the preallocation by what the bytes can hold.
    let mut v = Vec::with_capacity(n.min(r.b.len().saturating_sub(r.pos)));
    for _ in 0..n {
        v.push(read_vtype(r, cp, names)?);
    }
    Ok(v)
}

/// Decodes a StackMapTable's `info` bytes into absolute frames.
pub fn decode(
    bytes: &[u8],
    initial_locals: &[VType],
    cp: &ConstantPool<'_>,
    names: &mut ClassNames,
) -> Result<Vec<Frame>, FrameError> {
    let mut r = Reader { b: bytes, pos: 0 };
    let count = r.u16()?;
    let mut frames: Vec<Frame> = Vec::with_capacity(count as usize);
    let mut locals: Vec<VType> = initial_locals.to_vec();
    let mut prev_offset: Option<u32> = None;
    for _ in 0..count {
        let ft = r.u8()?;
        let (delta, stack) = match ft {
            0..=63 => (ft as u32, Vec::new()),
            64..=127 => ((ft - 64) as u32, vec![read_vtype(&mut r, cp, names)?]),
            128..=246 => return Err(FrameError::BadFrameType(ft)),
            247 => {
                let d = r.u16()? as u32;
                (d, vec![read_vtype(&mut r, cp, names)?])
            }
            248..=250 => {
                let d = r.u16()? as u32;
                let k = (251 - ft) as usize;
                if k > locals.len() {
                    return Err(FrameError::BadChop);
                }
                locals.truncate(locals.len() - k);
                (d, Vec::new())
            }
            251 => (r.u16()? as u32, Vec::new()),
            252..=254 => {
                let d = r.u16()? as u32;
                let more = read_vtypes(&mut r, (ft - 251) as usize, cp, names)?;
                locals.extend(more);
                (d, Vec::new())
            }
            255 => {
                let d = r.u16()? as u32;
                let nl = r.u16()? as usize;
                locals = read_vtypes(&mut r, nl, cp, names)?;
                let ns = r.u16()? as usize;
                (d, read_vtypes(&mut r, ns, cp, names)?)
            }
        };
        let offset = match prev_offset {
            None => delta,
            Some(p) => p + delta + 1,
        };
        prev_offset = Some(offset);
        frames.push(Frame { offset, locals: locals.clone(), stack });
    }
    if r.pos != bytes.len() {
        return Err(FrameError::TrailingBytes(bytes.len() - r.pos));
    }
    Ok(frames)
}

fn write_vtype(
    out: &mut Vec<u8>,
    t: &VType,
    cp: &mut ConstantPool<'_>,
    names: &mut ClassNames,
) -> Result<(), FrameError> {
    match t {
        VType::Top => out.push(0),
        VType::Integer => out.push(1),
        VType::Float => out.push(2),
        VType::Double => out.push(3),
        VType::Long => out.push(4),
        VType::Null => out.push(5),
        VType::UninitializedThis => out.push(6),
        VType::Object(n) => {
            out.push(7);
            out.extend_from_slice(&names.index_of(cp, n)?.to_be_bytes());
        }
        VType::Uninitialized(o) => {
            out.push(8);
            let o = u16::try_from(*o).map_err(|_| FrameError::OffsetTooLarge(*o))?;
            out.extend_from_slice(&o.to_be_bytes());
        }
    }
    Ok(())
}

fn count16(n: usize) -> Result<[u8; 2], FrameError> {
    u16::try_from(n).map(u16::to_be_bytes).map_err(|_| FrameError::TooManyEntries(n))
}

/// Encodes frames (sorted by strictly increasing offset) as StackMapTable `info` bytes,
/// choosing for each the most compact kind relative to the previous frame's locals.
pub fn encode(
    frames: &[Frame],
    initial_locals: &[VType],
    cp: &mut ConstantPool<'_>,
    names: &mut ClassNames,
) -> Result<Vec<u8>, FrameError> {
    let mut out = Vec::with_capacity(2 + frames.len() * 4);
    out.extend_from_slice(&count16(frames.len())?);
    let mut prev_locals: &[VType] = initial_locals;
    let mut prev_offset: Option<u32> = None;
    for f in frames {
        let delta = match prev_offset {
            None => f.offset,
            Some(p) if f.offset > p => f.offset - p - 1,
            Some(_) => return Err(FrameError::Unordered(f.offset)),
        };
        let d16 = u16::try_from(delta).map_err(|_| FrameError::OffsetTooLarge(f.offset))?;
        prev_offset = Some(f.offset);
        let same_locals = f.locals.as_slice() == prev_locals;
        let pl = prev_locals.len();
        let nl = f.locals.len();
        if same_locals && f.stack.is_empty() {
            if delta <= 63 {
                out.push(delta as u8);
            } else {
                out.push(251);
                out.extend_from_slice(&d16.to_be_bytes());
            }
        } else if same_locals && f.stack.len() == 1 {
            if delta <= 63 {
                out.push(64 + delta as u8);
            } else {
                out.push(247);
                out.extend_from_slice(&d16.to_be_bytes());
            }
            write_vtype(&mut out, &f.stack[0], cp, names)?;
        } else if f.stack.is_empty() && nl < pl && pl - nl <= 3 && f.locals[..] == prev_locals[..nl] {
            out.push((251 - (pl - nl)) as u8);
            out.extend_from_slice(&d16.to_be_bytes());
        } else if f.stack.is_empty() && nl > pl && nl - pl <= 3 && f.locals[..pl] == *prev_locals {
            out.push((251 + (nl - pl)) as u8);
            out.extend_from_slice(&d16.to_be_bytes());
            for t in &f.locals[pl..] {
                write_vtype(&mut out, t, cp, names)?;
            }
        } else {
            out.push(255);
            out.extend_from_slice(&d16.to_be_bytes());
            out.extend_from_slice(&count16(nl)?);
            for t in &f.locals {
                write_vtype(&mut out, t, cp, names)?;
            }
            out.extend_from_slice(&count16(f.stack.len())?);
            for t in &f.stack {
                write_vtype(&mut out, t, cp, names)?;
            }
        }
        prev_locals = &f.locals;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(n: &str) -> VType {
        VType::object(n)
    }

    #[test]
    fn descriptors() {
        let (p, r) = parse_method_descriptor("(IJ[[Ljava/lang/String;Z[D)Ljava/util/List;").unwrap();
        assert_eq!(p, vec![VType::Integer, VType::Long, obj("[[Ljava/lang/String;"), VType::Integer, obj("[D")]);
        assert_eq!(r, Some(obj("java/util/List")));
        assert_eq!(parse_method_descriptor("()V").unwrap(), (vec![], None));
        for bad in ["", "(", "(L;)V", "(I)", "(I)VV", "(Q)V", "()[", "(Ljava/lang/String)V"] {
            assert!(parse_method_descriptor(bad).is_err(), "{bad}");
        }
        assert_eq!(initial_locals("A", "<init>", "(J)V", false).unwrap(), vec![VType::UninitializedThis, VType::Long]);
        assert_eq!(initial_locals("A", "m", "(D)V", true).unwrap(), vec![VType::Double]);
    }

    /// Round trip over every frame kind, through a real constant pool.
    #[test]
    fn encode_decode_round_trip_picks_compact_kinds() {
        let mut cp = ConstantPool::empty();
        let mut names = ClassNames::default();
        let init = vec![obj("A"), VType::Integer];
        let frames = vec![
            Frame { offset: 5, locals: init.clone(), stack: vec![] }, // same
            Frame { offset: 7, locals: init.clone(), stack: vec![obj("java/lang/Throwable")] }, // same_locals_1
            Frame { offset: 200, locals: init.clone(), stack: vec![] }, // same_extended
            Frame { offset: 300, locals: vec![obj("A"), VType::Integer, VType::Long, obj("[I")], stack: vec![] }, // append 2
            Frame { offset: 301, locals: vec![obj("A")], stack: vec![] }, // chop 3
            Frame { offset: 400, locals: vec![obj("A")], stack: vec![VType::Uninitialized(17)] }, // 1 stack extended
            Frame { offset: 401, locals: vec![VType::Top, VType::Null], stack: vec![VType::Float, VType::Double] }, // full
            Frame { offset: 402, locals: vec![VType::Top, VType::Null], stack: vec![] }, // same
        ];
        let bytes = encode(&frames, &init, &mut cp, &mut names).unwrap();
        let kinds: Vec<u8> = {
            // Walk frame-type bytes by decoding again and checking sizes indirectly.
            let mut names2 = ClassNames::default();
            let back = decode(&bytes, &init, &cp, &mut names2).unwrap();
            assert_eq!(back, frames);
            vec![bytes[2]]
        };
        assert_eq!(kinds, vec![5]); // first frame: same_frame with delta 5
                                    // Second frame: same_locals_1_stack_item with delta 7-5-1 = 1 -> 65.
        assert_eq!(bytes[3], 65);
        // Unordered frames are rejected.
        let bad = vec![frames[1].clone(), frames[0].clone()];
        assert!(matches!(encode(&bad, &init, &mut cp, &mut names), Err(FrameError::Unordered(5))));
    }

    #[test]
    fn decode_rejects_malformed() {
        let cp = ConstantPool::empty();
        let mut names = ClassNames::default();
        let init = vec![VType::Integer];
        assert_eq!(decode(&[0, 1, 200], &init, &cp, &mut names), Err(FrameError::BadFrameType(200)));
        assert_eq!(decode(&[0, 1, 248, 0, 0], &init, &cp, &mut names), Err(FrameError::BadChop));
        assert_eq!(decode(&[0, 1, 64], &init, &cp, &mut names), Err(FrameError::Truncated));
        assert_eq!(decode(&[0, 1, 64, 9], &init, &cp, &mut names), Err(FrameError::BadTypeTag(9)));
        assert_eq!(decode(&[0, 0, 1], &init, &cp, &mut names), Err(FrameError::TrailingBytes(1)));
        // Object with an index that is not a Class entry.
        assert!(decode(&[0, 1, 64, 7, 0, 3], &init, &cp, &mut names).is_err());
        // A huge full_frame count must fail cleanly, not allocate.
        assert_eq!(decode(&[0, 1, 255, 0, 0, 255, 255], &init, &cp, &mut names), Err(FrameError::Truncated));
    }
}
