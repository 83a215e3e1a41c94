//! A thin class-file reader/writer of our own.
//!
//! Why not a crate: none round-trips real classes (see DESIGN.md). This one copies the
//! constant pool verbatim, keeps every attribute it does not need as raw bytes, and
//! parses only `Code` into structure. `ClassFile::parse(b)?.to_bytes() == b` holds for
//! every well-formed class (tested over real jars and the JDK's modules).
//!
//! Malformed input yields a [`ClassFileError`], never a panic.

pub mod attrs;
pub mod bytecode;
mod constant_pool;
pub mod descriptor;
pub mod mutf8;
mod reader;
#[cfg(test)]
mod tests;
mod writer;

pub use constant_pool::{tag, ConstantPool, CpEntry, MemberRef};

use std::borrow::Cow;

/// Errors from reading, querying or writing a class file. Each says where: a byte offset
/// for structural errors, a constant-pool index for lookups.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ClassFileError {
    #[error("truncated class file at offset {0}")]
    Truncated(usize),
    #[error("bad magic 0x{0:08x} (not a class file)")]
    BadMagic(u32),
    #[error("unknown constant-pool tag {tag} at index {index}")]
    BadConstantTag { tag: u8, index: u16 },
    #[error("constant-pool index {index} is invalid or has the wrong kind (expected {expected})")]
    BadConstantIndex { index: u16, expected: &'static str },
    #[error("attribute at offset {offset} is malformed: {why}")]
    BadAttribute { offset: usize, why: &'static str },
    #[error("{0} trailing bytes after the class file")]
    TrailingBytes(usize),
    #[error("constant pool is full (65535 entries)")]
    ConstantPoolFull,
    #[error("modified UTF-8 at index {0} is malformed")]
    BadUtf8(u16),
    #[error("malformed class file at offset {offset}: {why}")]
    Malformed { offset: usize, why: &'static str },
    #[error("{what} of {len} does not fit the class-file format")]
    TooLarge { what: &'static str, len: usize },
}

pub type Result<T> = std::result::Result<T, ClassFileError>;

/// A parsed class file. Borrows from the input bytes wherever it can.
#[derive(Debug, Clone)]
pub struct ClassFile<'a> {
    pub minor_version: u16,
    pub major_version: u16,
    pub constant_pool: ConstantPool<'a>,
    pub access_flags: u16,
    pub this_class: u16,
    pub super_class: u16,
    pub interfaces: Vec<u16>,
    pub fields: Vec<Member<'a>>,
    pub methods: Vec<Member<'a>>,
    pub attributes: Vec<Attribute<'a>>,
}

/// A field or a method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member<'a> {
    pub access_flags: u16,
    pub name_index: u16,
    pub descriptor_index: u16,
    pub attributes: Vec<Attribute<'a>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute<'a> {
    pub name_index: u16,
    pub info: AttributeInfo<'a>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeInfo<'a> {
    /// Any attribute we do not rewrite, kept as its exact `info` bytes.
    Raw(Cow<'a, [u8]>),
    /// A method's `Code` attribute (only methods' `Code` is parsed).
    Code(CodeAttribute<'a>),
}

/// JVMS 4.7.3. Sub-attributes (StackMapTable, LineNumberTable, ...) stay raw here; the
/// rewriter parses the ones it must remap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeAttribute<'a> {
    pub max_stack: u16,
    pub max_locals: u16,
    pub code: Cow<'a, [u8]>,
    pub exception_table: Vec<ExceptionEntry>,
    pub attributes: Vec<Attribute<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExceptionEntry {
    pub start_pc: u16,
    pub end_pc: u16,
    pub handler_pc: u16,
    /// 0 = any (finally).
    pub catch_type: u16,
}

pub mod access {
    pub const PUBLIC: u16 = 0x0001;
    pub const PRIVATE: u16 = 0x0002;
    pub const PROTECTED: u16 = 0x0004;
    pub const STATIC: u16 = 0x0008;
    pub const FINAL: u16 = 0x0010;
    pub const SYNCHRONIZED: u16 = 0x0020;
    /// Class flag; same bit as SYNCHRONIZED.
    pub const SUPER: u16 = 0x0020;
    pub const BRIDGE: u16 = 0x0040;
    pub const VARARGS: u16 = 0x0080;
    pub const NATIVE: u16 = 0x0100;
    pub const INTERFACE: u16 = 0x0200;
    pub const ABSTRACT: u16 = 0x0400;
    pub const STRICT: u16 = 0x0800;
    pub const SYNTHETIC: u16 = 0x1000;
    pub const ANNOTATION: u16 = 0x2000;
    pub const ENUM: u16 = 0x4000;
    pub const MODULE: u16 = 0x8000;
}

impl<'a> ClassFile<'a> {
    /// Parses a class file. Never panics on any input.
    pub fn parse(bytes: &'a [u8]) -> Result<ClassFile<'a>> {
        reader::parse(bytes)
    }

    /// Serialises the class. For an unmodified parse result this reproduces the input exactly.
    ///
    /// Counts or lengths that no longer fit their fields after an edit are truncated
    /// silently; use [`ClassFile::try_to_bytes`] after modifying a class.
    pub fn to_bytes(&self) -> Vec<u8> {
        writer::write(self)
    }

    /// Like [`ClassFile::to_bytes`], but first checks that every count and length fits
    /// (including `code_length` in 1..=65535), so the output is never silently corrupt.
    pub fn try_to_bytes(&self) -> Result<Vec<u8>> {
        writer::validate(self)?;
        Ok(writer::write(self))
    }

    /// Exact length of [`ClassFile::to_bytes`]'s output.
    pub fn byte_len(&self) -> usize {
        writer::size(self)
    }

    /// Internal name of this class, e.g. `java/lang/String`.
    pub fn this_class_name(&self) -> Result<Cow<'a, str>> {
        self.constant_pool.class_name(self.this_class)
    }

    /// Internal name of the superclass, `None` for `java/lang/Object` (and `module-info`).
    pub fn super_class_name(&self) -> Result<Option<Cow<'a, str>>> {
        if self.super_class == 0 {
            return Ok(None);
        }
        self.constant_pool.class_name(self.super_class).map(Some)
    }

    /// Finds an attribute of the class by name.
    pub fn attribute(&self, name: &str) -> Option<&Attribute<'a>> {
        find_attribute(&self.constant_pool, &self.attributes, name)
    }
}

impl<'a> Member<'a> {
    pub fn name(&self, cp: &ConstantPool<'a>) -> Result<Cow<'a, str>> {
        cp.utf8(self.name_index)
    }
    pub fn descriptor(&self, cp: &ConstantPool<'a>) -> Result<Cow<'a, str>> {
        cp.utf8(self.descriptor_index)
    }
    pub fn code(&self) -> Option<&CodeAttribute<'a>> {
        self.attributes.iter().find_map(|a| match &a.info {
            AttributeInfo::Code(c) => Some(c),
            _ => None,
        })
    }
    pub fn code_mut(&mut self) -> Option<&mut CodeAttribute<'a>> {
        self.attributes.iter_mut().find_map(|a| match &mut a.info {
            AttributeInfo::Code(c) => Some(c),
            _ => None,
        })
    }
    pub fn attribute(&self, cp: &ConstantPool<'a>, name: &str) -> Option<&Attribute<'a>> {
        find_attribute(cp, &self.attributes, name)
    }
}

impl<'a> CodeAttribute<'a> {
    /// Raw bytes of a sub-attribute (e.g. `"StackMapTable"`), if present.
    pub fn attribute<'s>(&'s self, cp: &ConstantPool<'a>, name: &str) -> Option<&'s [u8]> {
        match find_attribute(cp, &self.attributes, name).map(|a| &a.info) {
            Some(AttributeInfo::Raw(b)) => Some(b),
            _ => None,
        }
    }
}

impl<'a> Attribute<'a> {
    pub fn raw(&self) -> Option<&[u8]> {
        match &self.info {
            AttributeInfo::Raw(b) => Some(b),
            AttributeInfo::Code(_) => None,
        }
    }
}

fn find_attribute<'s, 'a>(cp: &ConstantPool<'a>, attrs: &'s [Attribute<'a>], name: &str) -> Option<&'s Attribute<'a>> {
    attrs.iter().find(|a| cp.utf8_bytes(a.name_index).is_some_and(|b| b == name.as_bytes()))
}
