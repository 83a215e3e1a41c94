//! Small readers for the raw attributes the coverage model needs and the class-file layer
//! keeps as bytes: StackMapTable offsets, LocalVariable(Type)Table ranges, annotations
//! (only their type descriptors) and BootstrapMethods. Every read is bounds-checked and
//! reports a truncated attribute by name.

use crate::{Attribute, ConstantPool, CpEntry};

/// A raw attribute ended early or held an index that names nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("malformed {0} attribute")]
pub struct BadAttribute(pub &'static str);

/// A bounds-checked big-endian cursor over one attribute's bytes.
pub struct Bytes<'b> {
    b: &'b [u8],
    pos: usize,
    what: &'static str,
}

impl<'b> Bytes<'b> {
    pub fn new(b: &'b [u8], what: &'static str) -> Self {
        Bytes { b, pos: 0, what }
    }
    fn bad(&self) -> BadAttribute {
        BadAttribute(self.what)
    }
    pub fn u8(&mut self) -> Result<u8, BadAttribute> {
        let v = *self.b.get(self.pos).ok_or_else(|| self.bad())?;
        self.pos += 1;
        Ok(v)
    }
    pub fn u16(&mut self) -> Result<u16, BadAttribute> {
        let s = self.b.get(self.pos..self.pos + 2).ok_or_else(|| self.bad())?;
        self.pos += 2;
        Ok(u16::from_be_bytes([s[0], s[1]]))
    }
    pub fn skip(&mut self, n: usize) -> Result<(), BadAttribute> {
        if self.b.len() < self.pos + n {
            return Err(self.bad());
        }
        self.pos += n;
        Ok(())
    }
}

/// Name of an attribute, if its name index is a Utf8 entry.
pub fn name_is(cp: &ConstantPool<'_>, a: &Attribute<'_>, name: &str) -> bool {
    cp.utf8_bytes(a.name_index) == Some(name.as_bytes())
}

/// Offsets the StackMapTable puts frames at, plus the offsets of `new` instructions named by
/// `uninitialized(offset)` entries (ASM creates labels for both).
pub fn frame_offsets(raw: &[u8]) -> Result<(Vec<u32>, Vec<u32>), BadAttribute> {
    let mut r = Bytes::new(raw, "StackMapTable");
    let n = r.u16()?;
    let mut frames = Vec::with_capacity(n as usize);
    let mut uninit = Vec::new();
    let mut offset: i64 = -1;
    for _ in 0..n {
        let tag = r.u8()?;
        let delta = match tag {
            0..=63 => tag as u32,
            64..=127 => {
                verification_type(&mut r, &mut uninit)?;
                (tag - 64) as u32
            }
            247 => {
                let d = r.u16()? as u32;
                verification_type(&mut r, &mut uninit)?;
                d
            }
            248..=251 => r.u16()? as u32,
            252..=254 => {
                let d = r.u16()? as u32;
                for _ in 0..(tag - 251) {
                    verification_type(&mut r, &mut uninit)?;
                }
                d
            }
            255 => {
                let d = r.u16()? as u32;
                for _ in 0..2 {
                    let k = r.u16()?;
                    for _ in 0..k {
                        verification_type(&mut r, &mut uninit)?;
                    }
                }
                d
            }
            _ => return Err(BadAttribute("StackMapTable")),
        };
        // The first frame's offset is its delta; later ones are previous + delta + 1.
        offset = if offset < 0 { delta as i64 } else { offset + delta as i64 + 1 };
        frames.push(offset as u32);
    }
    Ok((frames, uninit))
}

fn verification_type(r: &mut Bytes<'_>, uninit: &mut Vec<u32>) -> Result<(), BadAttribute> {
    match r.u8()? {
        7 => r.skip(2),
        8 => {
            uninit.push(r.u16()? as u32);
            Ok(())
        }
        0..=6 => Ok(()),
        _ => Err(BadAttribute("StackMapTable")),
    }
}

/// (start, end) offsets of every LocalVariableTable / LocalVariableTypeTable entry.
pub fn local_variable_ranges(raw: &[u8]) -> Result<Vec<(u32, u32)>, BadAttribute> {
    let mut r = Bytes::new(raw, "LocalVariableTable");
    let n = r.u16()?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let start = r.u16()? as u32;
        let len = r.u16()? as u32;
        r.skip(6)?;
        out.push((start, start + len));
    }
    Ok(out)
}

/// Type descriptors of the annotations in a Runtime(In)VisibleAnnotations attribute.
pub fn annotation_types(cp: &ConstantPool<'_>, raw: &[u8]) -> Result<Vec<String>, BadAttribute> {
    let mut r = Bytes::new(raw, "RuntimeAnnotations");
    let n = r.u16()?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let type_index = r.u16()?;
        out.push(cp.utf8(type_index).map(|s| s.into_owned()).unwrap_or_default());
        skip_annotation_body(&mut r, 0)?;
    }
    Ok(out)
}

/// One annotation of a Runtime(In)VisibleAnnotations attribute, with its element values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annotation {
    /// The annotation type's descriptor, `Lpkg/Name;`.
    pub type_descriptor: String,
    pub elements: Vec<(String, ElementValue)>,
}

impl Annotation {
    /// The value of element `name`, if the class file gives one (defaults are not stored).
    pub fn element(&self, name: &str) -> Option<&ElementValue> {
        self.elements.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// JVMS 4.7.16.1. Only strings are resolved; other constants keep their tag and index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ElementValue {
    Str(String),
    Const { tag: u8, index: u16 },
    Enum { type_descriptor: String, name: String },
    Class(String),
    Annotation(Annotation),
    Array(Vec<ElementValue>),
}

/// Every annotation in a Runtime(In)VisibleAnnotations attribute, with element values.
pub fn annotations(cp: &ConstantPool<'_>, raw: &[u8]) -> Result<Vec<Annotation>, BadAttribute> {
    let mut r = Bytes::new(raw, "RuntimeAnnotations");
    let n = r.u16()?;
    (0..n).map(|_| read_annotation(cp, &mut r, 0)).collect()
}

fn utf8_of(cp: &ConstantPool<'_>, r: &mut Bytes<'_>) -> Result<String, BadAttribute> {
    let idx = r.u16()?;
    cp.utf8(idx).map(|s| s.into_owned()).map_err(|_| BadAttribute("RuntimeAnnotations"))
}

fn read_annotation(cp: &ConstantPool<'_>, r: &mut Bytes<'_>, depth: u32) -> Result<Annotation, BadAttribute> {
    let type_descriptor = utf8_of(cp, r)?;
    let pairs = r.u16()?;
    let mut elements = Vec::with_capacity(pairs as usize);
    for _ in 0..pairs {
        let name = utf8_of(cp, r)?;
        elements.push((name, read_element_value(cp, r, depth)?));
    }
    Ok(Annotation { type_descriptor, elements })
}

fn read_element_value(cp: &ConstantPool<'_>, r: &mut Bytes<'_>, depth: u32) -> Result<ElementValue, BadAttribute> {
    if depth > 64 {
        return Err(BadAttribute("RuntimeAnnotations"));
    }
    Ok(match r.u8()? {
        b's' => ElementValue::Str(utf8_of(cp, r)?),
        tag @ (b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z') => ElementValue::Const { tag, index: r.u16()? },
        b'e' => ElementValue::Enum { type_descriptor: utf8_of(cp, r)?, name: utf8_of(cp, r)? },
        b'c' => ElementValue::Class(utf8_of(cp, r)?),
        b'@' => ElementValue::Annotation(read_annotation(cp, r, depth + 1)?),
        b'[' => {
            let n = r.u16()?;
            ElementValue::Array((0..n).map(|_| read_element_value(cp, r, depth + 1)).collect::<Result<_, _>>()?)
        }
        _ => return Err(BadAttribute("RuntimeAnnotations")),
    })
}

fn skip_annotation_body(r: &mut Bytes<'_>, depth: u32) -> Result<(), BadAttribute> {
    let pairs = r.u16()?;
    for _ in 0..pairs {
        r.skip(2)?;
        skip_element_value(r, depth)?;
    }
    Ok(())
}

fn skip_element_value(r: &mut Bytes<'_>, depth: u32) -> Result<(), BadAttribute> {
    // Annotations nest; bound the depth so a hostile class cannot exhaust the stack.
    if depth > 64 {
        return Err(BadAttribute("RuntimeAnnotations"));
    }
    match r.u8()? {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => r.skip(2),
        b'e' => r.skip(4),
        b'@' => {
            r.skip(2)?;
            skip_annotation_body(r, depth + 1)
        }
        b'[' => {
            let n = r.u16()?;
            for _ in 0..n {
                skip_element_value(r, depth + 1)?;
            }
            Ok(())
        }
        _ => Err(BadAttribute("RuntimeAnnotations")),
    }
}

/// For each BootstrapMethods entry: (owner, name) of the bootstrap method handle.
pub fn bootstrap_methods(cp: &ConstantPool<'_>, raw: &[u8]) -> Result<Vec<(String, String)>, BadAttribute> {
    let mut r = Bytes::new(raw, "BootstrapMethods");
    let n = r.u16()?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let handle = r.u16()?;
        let nargs = r.u16()?;
        r.skip(2 * nargs as usize)?;
        let owner_name = match cp.entry(handle) {
            Some(CpEntry::MethodHandle { ref_index, .. }) => {
                cp.member_ref(ref_index).map(|m| (m.class.into_owned(), m.name.into_owned())).unwrap_or_default()
            }
            _ => Default::default(),
        };
        out.push(owner_name);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_map_offsets() {
        // same(3) -> 3; same_locals_1(uninit 7) delta 2 -> 6; full_frame delta 4 -> 11
        let raw = [0, 3, 3, 64 + 2, 8, 0, 7, 255, 0, 4, 0, 1, 1, 0, 1, 7, 0, 9];
        let (f, u) = frame_offsets(&raw).unwrap();
        assert_eq!(f, vec![3, 6, 11]);
        assert_eq!(u, vec![7]);
        assert!(frame_offsets(&raw[..raw.len() - 1]).is_err());
    }

    #[test]
    fn lvt_ranges() {
        let raw = [0, 1, 0, 2, 0, 5, 0, 1, 0, 2, 0, 0];
        assert_eq!(local_variable_ranges(&raw).unwrap(), vec![(2, 7)]);
        assert!(local_variable_ranges(&raw[..5]).is_err());
    }
}
