//! Class-file writer: the exact inverse of the reader. Lengths are recomputed from the
//! contents, so edited `Code` or raw attributes serialise consistently.

use super::{Attribute, AttributeInfo, ClassFile, ClassFileError, CodeAttribute, Member, Result};

/// Size of an attribute's `info` (what attribute_length says).
fn info_len(a: &Attribute<'_>) -> usize {
    match &a.info {
        AttributeInfo::Raw(b) => b.len(),
        AttributeInfo::Code(c) => code_len(c),
    }
}

fn code_len(c: &CodeAttribute<'_>) -> usize {
    // max_stack, max_locals, code_length, exception_table_length; attrs_len counts its own count.
    10 + c.code.len() + 8 * c.exception_table.len() + attrs_len(&c.attributes)
}

fn attrs_len(attrs: &[Attribute<'_>]) -> usize {
    2 + attrs.iter().map(|a| 6 + info_len(a)).sum::<usize>()
}

fn members_len(ms: &[Member<'_>]) -> usize {
    2 + ms.iter().map(|m| 6 + attrs_len(&m.attributes)).sum::<usize>()
}

/// Exact serialised size.
pub(crate) fn size(cf: &ClassFile<'_>) -> usize {
    8 + cf.constant_pool.byte_len()
        + 8
        + 2 * cf.interfaces.len()
        + members_len(&cf.fields)
        + members_len(&cf.methods)
        + attrs_len(&cf.attributes)
}

/// Checks that every count and length fits its field, so `write` loses nothing.
pub(crate) fn validate(cf: &ClassFile<'_>) -> Result<()> {
    fn count(what: &'static str, len: usize) -> Result<()> {
        if len > usize::from(u16::MAX) {
            return Err(ClassFileError::TooLarge { what, len });
        }
        Ok(())
    }
    fn attrs(list: &[Attribute<'_>]) -> Result<()> {
        count("attributes_count", list.len())?;
        for a in list {
            let len = info_len(a);
            if u32::try_from(len).is_err() {
                return Err(ClassFileError::TooLarge { what: "attribute_length", len });
            }
            if let AttributeInfo::Code(c) = &a.info {
                if c.code.is_empty() || c.code.len() > usize::from(u16::MAX) {
                    return Err(ClassFileError::TooLarge { what: "code_length", len: c.code.len() });
                }
                count("exception_table_length", c.exception_table.len())?;
                attrs(&c.attributes)?;
            }
        }
        Ok(())
    }
    count("interfaces_count", cf.interfaces.len())?;
    count("fields_count", cf.fields.len())?;
    count("methods_count", cf.methods.len())?;
    for m in cf.fields.iter().chain(&cf.methods) {
        attrs(&m.attributes)?;
    }
    attrs(&cf.attributes)
}

fn u16s(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_be_bytes());
}

// Counts and lengths are truncated with `as`: `validate` (used by `try_to_bytes`) is
// what rejects values that do not fit; parsed classes always fit.
fn write_attrs(out: &mut Vec<u8>, attrs: &[Attribute<'_>]) {
    u16s(out, attrs.len() as u16);
    for a in attrs {
        u16s(out, a.name_index);
        out.extend_from_slice(&(info_len(a) as u32).to_be_bytes());
        match &a.info {
            AttributeInfo::Raw(b) => out.extend_from_slice(b),
            AttributeInfo::Code(c) => {
                u16s(out, c.max_stack);
                u16s(out, c.max_locals);
                out.extend_from_slice(&(c.code.len() as u32).to_be_bytes());
                out.extend_from_slice(&c.code);
                u16s(out, c.exception_table.len() as u16);
                for e in &c.exception_table {
                    u16s(out, e.start_pc);
                    u16s(out, e.end_pc);
                    u16s(out, e.handler_pc);
                    u16s(out, e.catch_type);
                }
                write_attrs(out, &c.attributes);
            }
        }
    }
}

fn write_members(out: &mut Vec<u8>, ms: &[Member<'_>]) {
    u16s(out, ms.len() as u16);
    for m in ms {
        u16s(out, m.access_flags);
        u16s(out, m.name_index);
        u16s(out, m.descriptor_index);
        write_attrs(out, &m.attributes);
    }
}

pub(crate) fn write(cf: &ClassFile<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(size(cf));
    out.extend_from_slice(&0xCAFE_BABEu32.to_be_bytes());
    u16s(&mut out, cf.minor_version);
    u16s(&mut out, cf.major_version);
    cf.constant_pool.write_to(&mut out);
    u16s(&mut out, cf.access_flags);
    u16s(&mut out, cf.this_class);
    u16s(&mut out, cf.super_class);
    u16s(&mut out, cf.interfaces.len() as u16);
    for &i in &cf.interfaces {
        u16s(&mut out, i);
    }
    write_members(&mut out, &cf.fields);
    write_members(&mut out, &cf.methods);
    write_attrs(&mut out, &cf.attributes);
    out
}
