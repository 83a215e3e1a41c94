//! Class-file reader (JVMS 4.1). Every read is bounds-checked; every length field is
//! checked against what it encloses, so malformed input yields an error, never a panic
//! and never a parse that would re-serialise differently.

use std::borrow::Cow;

use super::{
    Attribute, AttributeInfo, ClassFile, ClassFileError, CodeAttribute, ConstantPool, ExceptionEntry, Member, Result,
};

const MAGIC: u32 = 0xCAFE_BABE;

/// A cursor over `b`. Offsets are absolute within the class file, so errors from nested
/// readers (inside `Code`) still point at the right byte.
struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).ok_or(ClassFileError::Truncated(self.pos))?;
        let s = self.b.get(self.pos..end).ok_or(ClassFileError::Truncated(self.pos))?;
        self.pos = end;
        Ok(s)
    }

    fn u16(&mut self) -> Result<u16> {
        let s = self.bytes(2)?;
        Ok(u16::from_be_bytes([s[0], s[1]]))
    }

    fn u32(&mut self) -> Result<u32> {
        let s = self.bytes(4)?;
        Ok(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    }

    fn remaining(&self) -> usize {
        self.b.len().saturating_sub(self.pos)
    }
}

pub(crate) fn parse(bytes: &[u8]) -> Result<ClassFile<'_>> {
    let mut r = Reader { b: bytes, pos: 0 };
    let magic = r.u32()?;
    if magic != MAGIC {
        return Err(ClassFileError::BadMagic(magic));
    }
    let minor_version = r.u16()?;
    let major_version = r.u16()?;
    let (constant_pool, pos) = ConstantPool::parse(bytes, r.pos)?;
    r.pos = pos;
    let access_flags = r.u16()?;
    let this_class = r.u16()?;
    let super_class = r.u16()?;
    let n = usize::from(r.u16()?);
    let mut interfaces = Vec::with_capacity(n.min(r.remaining() / 2));
    for _ in 0..n {
        interfaces.push(r.u16()?);
    }
    let fields = members(&mut r, &constant_pool, false)?;
    let methods = members(&mut r, &constant_pool, true)?;
    let attributes = attributes(&mut r, &constant_pool, false)?;
    if r.pos != bytes.len() {
        return Err(ClassFileError::TrailingBytes(bytes.len() - r.pos));
    }
    Ok(ClassFile {
        minor_version,
        major_version,
        constant_pool,
        access_flags,
        this_class,
        super_class,
        interfaces,
        fields,
        methods,
        attributes,
    })
}

fn members<'a>(r: &mut Reader<'a>, cp: &ConstantPool<'a>, methods: bool) -> Result<Vec<Member<'a>>> {
    let n = usize::from(r.u16()?);
    // Capacity is capped by what the input could hold, so a lying count costs nothing.
    let mut v = Vec::with_capacity(n.min(r.remaining() / 8));
    for _ in 0..n {
        let access_flags = r.u16()?;
        let name_index = r.u16()?;
        let descriptor_index = r.u16()?;
        let attributes = attributes(r, cp, methods)?;
        v.push(Member { access_flags, name_index, descriptor_index, attributes });
    }
    Ok(v)
}

/// Reads an attribute table. `in_method` selects whether `Code` is parsed.
fn attributes<'a>(r: &mut Reader<'a>, cp: &ConstantPool<'a>, in_method: bool) -> Result<Vec<Attribute<'a>>> {
    let n = usize::from(r.u16()?);
    let mut v = Vec::with_capacity(n.min(r.remaining() / 6));
    for _ in 0..n {
        let name_index = r.u16()?;
        // Finding attributes by name needs a Utf8 name; HotSpot rejects anything else too.
        let name = cp
            .utf8_bytes(name_index)
            .ok_or(ClassFileError::BadConstantIndex { index: name_index, expected: "Utf8 attribute name" })?;
        let len = r.u32()? as usize;
        let start = r.pos;
        let info = r.bytes(len)?;
        let info = if in_method && name == b"Code" {
            AttributeInfo::Code(code(bytes_upto(r.b, start + len), start, cp)?)
        } else {
            AttributeInfo::Raw(Cow::Borrowed(info))
        };
        v.push(Attribute { name_index, info });
    }
    Ok(v)
}

/// The input cut at `end`, so a nested reader cannot run past its attribute.
fn bytes_upto(b: &[u8], end: usize) -> &[u8] {
    b.get(..end).unwrap_or(b)
}

fn code<'a>(b: &'a [u8], start: usize, cp: &ConstantPool<'a>) -> Result<CodeAttribute<'a>> {
    let overrun = |e: ClassFileError| match e {
        ClassFileError::Truncated(_) => {
            ClassFileError::BadAttribute { offset: start, why: "Code contents run past attribute_length" }
        }
        e => e,
    };
    let mut r = Reader { b, pos: start };
    let max_stack = r.u16().map_err(overrun)?;
    let max_locals = r.u16().map_err(overrun)?;
    let code_length = r.u32().map_err(overrun)? as usize;
    // JVMS 4.7.3; also lets the rewriter treat every pc as a u16.
    if code_length == 0 || code_length > usize::from(u16::MAX) {
        return Err(ClassFileError::BadAttribute { offset: start, why: "code_length must be 1..=65535" });
    }
    let code = r.bytes(code_length).map_err(overrun)?;
    let n = usize::from(r.u16().map_err(overrun)?);
    let mut exception_table = Vec::with_capacity(n.min(r.remaining() / 8));
    for _ in 0..n {
        exception_table.push(ExceptionEntry {
            start_pc: r.u16().map_err(overrun)?,
            end_pc: r.u16().map_err(overrun)?,
            handler_pc: r.u16().map_err(overrun)?,
            catch_type: r.u16().map_err(overrun)?,
        });
    }
    let attributes = attributes(&mut r, cp, false).map_err(overrun)?;
    if r.pos != b.len() {
        return Err(ClassFileError::BadAttribute {
            offset: start,
            why: "Code attribute_length is longer than its contents",
        });
    }
    Ok(CodeAttribute { max_stack, max_locals, code: Cow::Borrowed(code), exception_table, attributes })
}
