//! Remaps the offset-bearing sub-attributes of `Code` other than StackMapTable:
//! LineNumberTable, LocalVariableTable, LocalVariableTypeTable, and the type annotations
//! (RuntimeVisible/InvisibleTypeAnnotations) whose targets point into the code.
//!
//! Where each kind of offset goes (see `layout` for the three positions per instruction):
//! - a line starts at the instruction's *label*, so jumps to it hit a breakpoint there
//!   (except a line at offset 0, which stays at 0 so the entry probe has a line too);
//! - a local variable's scope `[start, end)` starts before any probe inserted ahead of
//!   `start` (the variable was stored just before) and ends before the probes ahead of
//!   `end`; a scope reaching the end of the code reaches the end of the new code;
//! - an annotated instruction (`new`, `instanceof`, a cast, ...) is the instruction itself.

use super::layout::Layout;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RemapError {
    #[error("{0} is truncated or malformed")]
    Malformed(&'static str),
    #[error("{attr} refers to offset {offset}, which is not an instruction start")]
    NotInstruction { attr: &'static str, offset: u32 },
    #[error("{0} nests annotations too deeply")]
    TooDeep(&'static str),
    #[error("{0} has target type 0x{1:02x}, which is not allowed in Code")]
    BadTarget(&'static str, u8),
}

/// Original offset -> new offsets, for one method.
pub struct OffsetMap<'l> {
    /// Instruction index of each original offset (`u32::MAX` if not an instruction start);
    /// the entry at `code_len` is the end sentinel `n`.
    pub index_of: &'l [u32],
    pub layout: &'l Layout,
}

impl OffsetMap<'_> {
    fn index(&self, offset: u32) -> Option<usize> {
        match self.index_of.get(offset as usize) {
            Some(&i) if i != u32::MAX => Some(i as usize),
            _ => None,
        }
    }
    /// New offset of the original instruction at `offset` (end of code maps to the end
    /// of the relocated original code).
    pub fn insn(&self, offset: u32) -> Option<u32> {
        self.index(offset).and_then(|i| self.layout.insn.get(i).copied())
    }
    pub fn label(&self, offset: u32) -> Option<u32> {
        self.index(offset).and_then(|i| self.layout.label.get(i).copied())
    }
    pub fn pre(&self, offset: u32) -> Option<u32> {
        self.index(offset).and_then(|i| self.layout.pre.get(i).copied())
    }
    /// Maps a scope `[start, start+len)` (LocalVariableTable style) to the new code.
    fn scope(&self, attr: &'static str, start: u32, len: u32) -> Result<(u16, u16), RemapError> {
        let end = start + len;
        let ns = self.pre(start).ok_or(RemapError::NotInstruction { attr, offset: start })?;
        let code_len = self.index_of.len() as u32 - 1;
        let ne = if end == code_len {
            self.layout.len
        } else {
            self.pre(end).ok_or(RemapError::NotInstruction { attr, offset: end })?
        };
        let ns16 = u16::try_from(ns).map_err(|_| RemapError::Malformed(attr))?;
        let nl16 = u16::try_from(ne.saturating_sub(ns)).map_err(|_| RemapError::Malformed(attr))?;
        Ok((ns16, nl16))
    }
}

fn u16_at(b: &[u8], i: usize, attr: &'static str) -> Result<u16, RemapError> {
    b.get(i..i + 2).map(|s| u16::from_be_bytes([s[0], s[1]])).ok_or(RemapError::Malformed(attr))
}

fn put16(b: &mut [u8], i: usize, v: u16) {
    if let Some(s) = b.get_mut(i..i + 2) {
        s.copy_from_slice(&v.to_be_bytes());
    }
}

fn to16(v: u32, attr: &'static str) -> Result<u16, RemapError> {
    u16::try_from(v).map_err(|_| RemapError::Malformed(attr))
}

/// LineNumberTable: `{start_pc, line_number}[]`, start at the label.
pub fn line_numbers(raw: &[u8], map: &OffsetMap<'_>) -> Result<Vec<u8>, RemapError> {
    const A: &str = "LineNumberTable";
    let n = u16_at(raw, 0, A)? as usize;
    if raw.len() != 2 + 4 * n {
        return Err(RemapError::Malformed(A));
    }
    let mut out = raw.to_vec();
    for k in 0..n {
        let at = 2 + 4 * k;
        let pc = u16_at(raw, at, A)? as u32;
        // Offset 0 stays 0: the method-entry probe then belongs to the first line.
        let np = if pc == 0 { 0 } else { map.label(pc).ok_or(RemapError::NotInstruction { attr: A, offset: pc })? };
        put16(&mut out, at, to16(np, A)?);
    }
    Ok(out)
}

/// LocalVariableTable / LocalVariableTypeTable: `{start_pc, length, name, desc, index}[]`.
pub fn local_variables(raw: &[u8], map: &OffsetMap<'_>, attr: &'static str) -> Result<Vec<u8>, RemapError> {
    let n = u16_at(raw, 0, attr)? as usize;
    if raw.len() != 2 + 10 * n {
        return Err(RemapError::Malformed(attr));
    }
    let mut out = raw.to_vec();
    for k in 0..n {
        let at = 2 + 10 * k;
        let (s, l) = map.scope(attr, u16_at(raw, at, attr)? as u32, u16_at(raw, at + 2, attr)? as u32)?;
        put16(&mut out, at, s);
        put16(&mut out, at + 2, l);
    }
    Ok(out)
}

/// Nesting limit for element values: malicious input must not overflow our stack.
const MAX_DEPTH: u32 = 64;

struct Walker<'b> {
    raw: &'b [u8],
    pos: usize,
    attr: &'static str,
}

impl Walker<'_> {
    fn u8(&mut self) -> Result<u8, RemapError> {
        let v = *self.raw.get(self.pos).ok_or(RemapError::Malformed(self.attr))?;
        self.pos += 1;
        Ok(v)
    }
    fn u16(&mut self) -> Result<u16, RemapError> {
        let v = u16_at(self.raw, self.pos, self.attr)?;
        self.pos += 2;
        Ok(v)
    }
    fn skip(&mut self, n: usize) -> Result<(), RemapError> {
        if self.pos + n > self.raw.len() {
            return Err(RemapError::Malformed(self.attr));
        }
        self.pos += n;
        Ok(())
    }
    fn annotation(&mut self, depth: u32) -> Result<(), RemapError> {
        self.skip(2)?; // type_index
        let pairs = self.u16()?;
        for _ in 0..pairs {
            self.skip(2)?; // element_name_index
            self.element_value(depth + 1)?;
        }
        Ok(())
    }
    fn element_value(&mut self, depth: u32) -> Result<(), RemapError> {
        if depth > MAX_DEPTH {
            return Err(RemapError::TooDeep(self.attr));
        }
        match self.u8()? {
            b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => self.skip(2),
            b'e' => self.skip(4),
            b'@' => self.annotation(depth),
            b'[' => {
                let n = self.u16()?;
                for _ in 0..n {
                    self.element_value(depth + 1)?;
                }
                Ok(())
            }
            _ => Err(RemapError::Malformed(self.attr)),
        }
    }
}

/// Runtime(In)VisibleTypeAnnotations of a Code attribute (JVMS 4.7.20): rewrites the offset
/// and localvar targets, copies everything else.
pub fn type_annotations(raw: &[u8], map: &OffsetMap<'_>, attr: &'static str) -> Result<Vec<u8>, RemapError> {
    let mut out = raw.to_vec();
    let mut w = Walker { raw, pos: 0, attr };
    let n = w.u16()?;
    for _ in 0..n {
        let target_type = w.u8()?;
        match target_type {
            // localvar_target / resource_var: {start_pc, length, index}[]
            0x40 | 0x41 => {
                let len = w.u16()?;
                for _ in 0..len {
                    let at = w.pos;
                    let s = w.u16()? as u32;
                    let l = w.u16()? as u32;
                    w.skip(2)?;
                    let (ns, nl) = map.scope(attr, s, l)?;
                    put16(&mut out, at, ns);
                    put16(&mut out, at + 2, nl);
                }
            }
            // catch_target: an exception-table index, which the rewriter keeps stable.
            0x42 => w.skip(2)?,
            // offset_target (instanceof, new, ::new, ::m) and type_argument_target (+1 byte).
            0x43..=0x4B => {
                let at = w.pos;
                let o = w.u16()? as u32;
                let no = map.insn(o).ok_or(RemapError::NotInstruction { attr, offset: o })?;
                put16(&mut out, at, to16(no, attr)?);
                if target_type >= 0x47 {
                    w.skip(1)?;
                }
            }
            t => return Err(RemapError::BadTarget(attr, t)),
        }
        let path_len = w.u8()? as usize;
        w.skip(2 * path_len)?;
        w.annotation(0)?;
    }
    if w.pos != raw.len() {
        return Err(RemapError::Malformed(attr));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three instructions at 0, 1, 4 (code length 5); 6 bytes before #1's label, 6 at it.
    fn fixture() -> (Vec<u32>, Layout) {
        let mut index_of = vec![u32::MAX; 6];
        index_of[0] = 0;
        index_of[1] = 1;
        index_of[4] = 2;
        index_of[5] = 3;
        let lay = Layout {
            pre: vec![0, 1, 16, 17],
            label: vec![0, 7, 16, 17],
            insn: vec![0, 13, 16, 17],
            wide: vec![false; 3],
            tramp: vec![17],
            main_end: 17,
            len: 28,
        };
        (index_of, lay)
    }

    #[test]
    fn lines_and_locals() {
        let (idx, lay) = fixture();
        let map = OffsetMap { index_of: &idx, layout: &lay };
        let lnt = [0, 2, 0, 1, 0, 10, 0, 4, 0, 11];
        assert_eq!(line_numbers(&lnt, &map).unwrap(), vec![0, 2, 0, 7, 0, 10, 0, 16, 0, 11]);
        assert!(matches!(line_numbers(&[0, 1, 0, 2, 0, 1], &map), Err(RemapError::NotInstruction { offset: 2, .. })));
        assert!(line_numbers(&[0, 2, 0, 1], &map).is_err());
        // [1, 5): pre(1) = 1 .. end of code -> new length 28.  [0, 4): 0 .. pre(4) = 16.
        let lvt = [0, 2, 0, 1, 0, 4, 0, 9, 0, 8, 0, 2, 0, 0, 0, 4, 0, 9, 0, 8, 0, 3];
        let out = local_variables(&lvt, &map, "LocalVariableTable").unwrap();
        assert_eq!(&out[2..6], &[0, 1, 0, 27]);
        assert_eq!(&out[12..16], &[0, 0, 0, 16]);
        let bad = [0, 1, 0, 1, 0, 2, 0, 9, 0, 8, 0, 2];
        assert!(local_variables(&bad, &map, "LocalVariableTable").is_err());
    }

    #[test]
    fn type_annotation_targets() {
        let (idx, lay) = fixture();
        let map = OffsetMap { index_of: &idx, layout: &lay };
        let raw = [
            0, 3, // three annotations
            0x44, 0, 1, // new at 1
            0, // empty path
            0, 9, 0, 1, 0, 5, b'[', 0, 1, b'@', 0, 7, 0, 0, // one pair: array of a nested annotation
            0x40, 0, 1, 0, 0, 0, 4, 0, 2, // localvar [0,4) slot 2
            1, 3, 0, // path of one step
            0, 9, 0, 0, //
            0x48, 0, 4, 1, // type argument of the call at 4, arg 1
            0, 0, 9, 0, 0,
        ];
        let out = type_annotations(&raw, &map, "RuntimeVisibleTypeAnnotations").unwrap();
        assert_eq!(&out[3..5], &[0, 13]);
        assert_eq!(&out[23..27], &[0, 0, 0, 16]);
        assert_eq!(&out[37..39], &[0, 16]);
        assert_eq!(out.len(), raw.len());
        // Truncations anywhere must fail cleanly.
        for cut in 0..raw.len() {
            assert!(type_annotations(&raw[..cut], &map, "X").is_err(), "cut {cut}");
        }
        assert!(matches!(
            type_annotations(&[0, 1, 0x10, 0, 0, 0, 0, 0, 0, 0], &map, "X"),
            Err(RemapError::BadTarget(_, 0x10))
        ));
    }
}
