//! The class model the driver generator works on, read with `classfile-parser` from the jars
//! and directories of `--cp`. It keeps only what the analyses need: access flags, the type
//! hierarchy, fields, and per method its descriptor, generic signature, declared exceptions,
//! parameter names, the fields it reads and writes, the methods it calls, its branch count and
//! its constants; and which classes lie in packages their module descriptor does not export
//! ([`Class::hidden`], read by `module_info`). Classes the parser refuses (e.g. constant-pool tags 17/19/20, which it does
//! not know) are counted and skipped: the run goes on without them.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use classfile_parser::attribute_info::code_attribute_parser;
use classfile_parser::code_attribute::{code_parser, Instruction};
use classfile_parser::constant_info::ConstantInfo;
use classfile_parser::method_info::MethodAccessFlags;
use classfile_parser::{ClassAccessFlags, ClassFile};

pub const ACC_PUBLIC: u16 = 0x0001;
pub const ACC_STATIC: u16 = 0x0008;
pub const ACC_FINAL: u16 = 0x0010;
pub const ACC_INTERFACE: u16 = 0x0200;
pub const ACC_ABSTRACT: u16 = 0x0400;
pub const ACC_SYNTHETIC: u16 = 0x1000;
pub const ACC_ENUM: u16 = 0x4000;
pub const ACC_BRIDGE: u16 = 0x0040;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MemberRef {
    pub class: String,
    pub name: String,
    pub desc: String,
}

#[derive(Debug, Clone, Default)]
pub struct Method {
    pub name: String,
    pub desc: String,
    pub access: u16,
    pub signature: Option<String>,
    pub exceptions: Vec<String>,
    /// Parameter names (MethodParameters or LocalVariableTable), when the class has them.
    pub param_names: Vec<Option<String>>,
    pub reads: Vec<MemberRef>,
    pub writes: Vec<MemberRef>,
    pub calls: Vec<MemberRef>,
    pub branches: u32,
    pub throws: bool,
    pub instructions: u32,
    pub ints: Vec<i64>,
    /// It has the `Deprecated` attribute (javac writes it for `@Deprecated` and `@deprecated`).
    pub deprecated: bool,
    /// Source lines that write a constant index of an array parameter and read no array
    /// element or field (`codepoints[0] = c;`), in a method that comes by no array of its own
    /// (`store_only_lines`): an index fault there just past the end of an array argument is a
    /// write past the end of the caller's output array (Expected).
    pub store_lines: Vec<u32>,
    /// It reads the length of one of its array parameters (`aload p; arraylength`): it checks
    /// the room in the caller's array itself, so a fault past its end is the method's own
    /// bound (Expected.noRoomAfter).
    pub reads_array_length: bool,
    /// It reads the length of some array (`arraylength` anywhere in its code), or its code
    /// could not be read to the end.
    pub measures_arrays: bool,
    /// The first source line that reads an array's length (the smallest line of an
    /// `arraylength`); 0 when the code could not be read or has lengths on no line. None when
    /// it measures no array. The lines before it read a record before any measure
    /// (record_readers.rs: `TarArchiveEntry.writeEntryHeader` measures its buffer only to pad
    /// what is left of it, after writing every field at its fixed offset).
    pub first_measuring_line: Option<u32>,
    /// Its source lines (LineNumberTable), sorted, each once: a stack frame names a method
    /// without its descriptor, its line tells the overload.
    pub lines: Vec<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct Field {
    pub name: String,
    pub desc: String,
    pub access: u16,
    pub signature: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Class {
    /// Internal name, e.g. `com/acme/Codec$Options`.
    pub name: String,
    pub access: u16,
    pub super_name: Option<String>,
    pub interfaces: Vec<String>,
    pub fields: Vec<Field>,
    pub methods: Vec<Method>,
    /// A member class that is not static (its constructors take the outer instance).
    pub inner_non_static: bool,
    /// Accessible from another package: public, and public as a member class too.
    pub accessible: bool,
    /// In a package the module descriptor of its jar or folder does not export: not the
    /// library's API (gson's `com.google.gson.internal`), though public on the class path.
    pub hidden: bool,
    pub strings: Vec<String>,
    pub longs: Vec<i64>,
    pub doubles: Vec<f64>,
}

/// Every class found on the class path, by internal name (first definition wins, as in `java`).
#[derive(Debug, Default)]
pub struct ClassPool {
    pub classes: BTreeMap<String, Class>,
    /// Class files the parser refused, with the reason.
    pub refused: Vec<(String, String)>,
    /// Classes left out because a supertype is neither on the class path nor in the JDK (an
    /// optional dependency not given: groovy-all's Ant tasks without Ant), with that supertype.
    /// javac cannot compile a call on them ("cannot access Task").
    pub incomplete: Vec<(String, String)>,
}

/// A name the JDK holds (not looked up: the platform's packages by prefix).
pub fn is_platform(internal: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/", "com/sun/", "org/w3c/", "org/xml/", "org/ietf/", "org/omg/"]
        .iter()
        .any(|p| internal.starts_with(p))
}

fn is_fuzzer_api(name: &str) -> bool {
    let n = name.replace('/', ".");
    n.starts_with("jaz.") || n.starts_with("com.code_intelligence.jazzer.") || n.starts_with("com.jvmfuzz.")
}

impl ClassPool {
    pub fn load(entries: &[std::path::PathBuf]) -> std::io::Result<ClassPool> {
        let mut pool = ClassPool::default();
        for e in entries {
            if e.is_dir() {
                let mut added = Vec::new();
                pool.load_dir(e, e, &mut added)?;
                let descriptor = std::fs::read(e.join("module-info.class")).ok();
                pool.hide_unexported(descriptor.as_deref(), &added);
            } else {
                pool.load_jar(e)?;
            }
        }
        pool.drop_incomplete();
        Ok(pool)
    }

    /// Leaves out every class with a supertype, transitively, that is neither in the pool nor
    /// the JDK's ([`ClassPool::incomplete`]).
    fn drop_incomplete(&mut self) {
        let mut missing: BTreeMap<String, Option<String>> = BTreeMap::new();
        let names: Vec<String> = self.classes.keys().cloned().collect();
        for n in &names {
            self.missing_supertype(n, &mut missing, 0);
        }
        for (n, m) in missing {
            if let Some(m) = m {
                if self.classes.remove(&n).is_some() {
                    self.incomplete.push((n, m));
                }
            }
        }
    }

    /// The first supertype of `name` missing from both the pool and the JDK, memoized.
    fn missing_supertype(
        &self,
        name: &str,
        memo: &mut BTreeMap<String, Option<String>>,
        depth: usize,
    ) -> Option<String> {
        if let Some(m) = memo.get(name) {
            return m.clone();
        }
        let Some(c) = self.classes.get(name) else {
            return if is_platform(name) { None } else { Some(name.to_string()) };
        };
        // A cycle or an absurd depth (a malformed class path) is not this check's business.
        if depth > 64 {
            return None;
        }
        memo.insert(name.to_string(), None);
        let mut found = None;
        for s in c.super_name.iter().chain(c.interfaces.iter()) {
            if let Some(m) = self.missing_supertype(s, memo, depth + 1) {
                found = Some(m);
                break;
            }
        }
        memo.insert(name.to_string(), found.clone());
        found
    }

    /// Every class a descriptor names is in the pool or the JDK: javac can compile a call of it.
    pub fn resolves(&self, desc: &str) -> bool {
        let mut rest = desc;
        while let Some(i) = rest.find('L') {
            let Some(end) = rest[i..].find(';') else { return true };
            let name = &rest[i + 1..i + end];
            if !self.classes.contains_key(name) && !is_platform(name) {
                return false;
            }
            rest = &rest[i + end + 1..];
        }
        true
    }

    pub fn get(&self, name: &str) -> Option<&Class> {
        self.classes.get(name)
    }

    fn load_dir(&mut self, root: &Path, dir: &Path, added: &mut Vec<String>) -> std::io::Result<()> {
        let mut entries: Vec<_> = std::fs::read_dir(dir)?.filter_map(Result::ok).map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                self.load_dir(root, &p, added)?;
            } else if p.extension().is_some_and(|x| x == "class") && !p.ends_with("module-info.class") {
                let bytes = std::fs::read(&p)?;
                let origin = p.strip_prefix(root).unwrap_or(&p).display().to_string();
                added.extend(self.add(&origin, &bytes));
            }
        }
        Ok(())
    }

    /// Marks the classes `added` from one jar or folder whose package its module descriptor
    /// does not export. Without a descriptor (or with one that cannot be read) all are API.
    fn hide_unexported(&mut self, descriptor: Option<&[u8]>, added: &[String]) {
        let Some(exported) = descriptor.and_then(crate::drivers::module_info::exported_packages) else { return };
        for name in added {
            let package = name.rsplit_once('/').map_or("", |(p, _)| p);
            if !exported.contains(package) {
                if let Some(c) = self.classes.get_mut(name) {
                    c.hidden = true;
                }
            }
        }
    }

    fn load_jar(&mut self, jar: &Path) -> std::io::Result<()> {
        let file = std::fs::File::open(jar)?;
        let mut zip =
            zip::ZipArchive::new(file).map_err(|e| std::io::Error::other(format!("{}: {e}", jar.display())))?;
        let mut added = Vec::new();
        // The descriptor at the root, else the one a multi-release jar keeps for Java 9 and up
        // (gson's META-INF/versions/9/module-info.class): Java 8 has no modules.
        let mut descriptor: Option<(bool, Vec<u8>)> = None;
        for i in 0..zip.len() {
            let Ok(mut f) = zip.by_index(i) else { continue };
            let Ok(name) = f.name().map(|n| n.to_string()) else { continue };
            if name.ends_with("module-info.class") {
                let root = name == "module-info.class";
                let versioned = name.starts_with("META-INF/versions/") && name.matches('/').count() == 3;
                let mut bytes = Vec::new();
                if (root || versioned)
                    && !descriptor.as_ref().is_some_and(|(r, _)| *r)
                    && f.read_to_end(&mut bytes).is_ok()
                {
                    descriptor = Some((root, bytes));
                }
                continue;
            }
            // Multi-release jars: the base version is what every JVM sees.
            if !name.ends_with(".class") || name.starts_with("META-INF/") {
                continue;
            }
            let mut bytes = Vec::with_capacity(f.size() as usize);
            if f.read_to_end(&mut bytes).is_err() {
                self.refused.push((format!("{}!{name}", jar.display()), "cannot inflate".into()));
                continue;
            }
            added.extend(self.add(&format!("{}!{name}", jar.display()), &bytes));
        }
        self.hide_unexported(descriptor.as_ref().map(|(_, b)| b.as_slice()), &added);
        Ok(())
    }

    /// Adds one class file; the name of the class when it is new to the pool.
    fn add(&mut self, origin: &str, bytes: &[u8]) -> Option<String> {
        // The parser is third-party code fed with arbitrary bytes: a panic there must cost one
        // class, not the run.
        let parsed = std::panic::catch_unwind(|| classfile_parser::class_parser(bytes).map(|(_, c)| c));
        match parsed {
            Ok(Ok(cf)) => match convert(&cf) {
                // Jazzer's API and its honeypot classes (jazzer-api's `jaz.Zer` implements a dozen
                // interfaces) are on many class paths but are never what a driver should build.
                Some(c) if is_fuzzer_api(&c.name) => None,
                Some(c) => {
                    let name = c.name.clone();
                    match self.classes.entry(name.clone()) {
                        std::collections::btree_map::Entry::Vacant(v) => {
                            v.insert(c);
                            Some(name)
                        }
                        std::collections::btree_map::Entry::Occupied(_) => None,
                    }
                }
                None => {
                    self.refused.push((origin.to_string(), "inconsistent constant pool".into()));
                    None
                }
            },
            Ok(Err(_)) => {
                self.refused
                    .push((origin.to_string(), "classfile-parser refused it (e.g. constant-pool tag 17/19/20)".into()));
                None
            }
            Err(_) => {
                self.refused.push((origin.to_string(), "classfile-parser panicked".into()));
                None
            }
        }
    }

    /// All supertypes (classes and interfaces) of `name` known to the pool, transitively.
    pub fn supertypes(&self, name: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut todo = vec![name.to_string()];
        while let Some(n) = todo.pop() {
            let Some(c) = self.classes.get(&n) else { continue };
            for s in c.super_name.iter().chain(c.interfaces.iter()) {
                if !out.contains(s) {
                    out.push(s.clone());
                    todo.push(s.clone());
                }
            }
        }
        out
    }
}

struct Pool<'a>(&'a [ConstantInfo]);

impl Pool<'_> {
    fn at(&self, i: u16) -> Option<&ConstantInfo> {
        self.0.get(usize::from(i).checked_sub(1)?)
    }
    fn utf8(&self, i: u16) -> Option<String> {
        match self.at(i)? {
            ConstantInfo::Utf8(u) => Some(u.utf8_string.clone()),
            _ => None,
        }
    }
    fn class(&self, i: u16) -> Option<String> {
        match self.at(i)? {
            ConstantInfo::Class(c) => self.utf8(c.name_index),
            _ => None,
        }
    }
    fn name_and_type(&self, i: u16) -> Option<(String, String)> {
        match self.at(i)? {
            ConstantInfo::NameAndType(n) => Some((self.utf8(n.name_index)?, self.utf8(n.descriptor_index)?)),
            _ => None,
        }
    }
    fn member(&self, i: u16) -> Option<MemberRef> {
        let (class, nt) = match self.at(i)? {
            ConstantInfo::FieldRef(f) => (f.class_index, f.name_and_type_index),
            ConstantInfo::MethodRef(m) => (m.class_index, m.name_and_type_index),
            ConstantInfo::InterfaceMethodRef(m) => (m.class_index, m.name_and_type_index),
            _ => return None,
        };
        let (name, desc) = self.name_and_type(nt)?;
        Some(MemberRef { class: self.class(class)?, name, desc })
    }
}

fn u16_at(b: &[u8], i: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?]))
}

fn convert(cf: &ClassFile) -> Option<Class> {
    let pool = Pool(&cf.const_pool);
    let name = pool.class(cf.this_class)?;
    let mut c = Class {
        name: name.clone(),
        access: cf.access_flags.bits(),
        super_name: if cf.super_class == 0 { None } else { pool.class(cf.super_class) },
        interfaces: cf.interfaces.iter().filter_map(|&i| pool.class(i)).collect(),
        ..Class::default()
    };
    c.accessible = cf.access_flags.contains(ClassAccessFlags::PUBLIC);
    for a in &cf.attributes {
        if pool.utf8(a.attribute_name_index).as_deref() == Some("InnerClasses") {
            let n = u16_at(&a.info, 0).unwrap_or(0) as usize;
            for k in 0..n {
                let o = 2 + k * 8;
                let (Some(inner), Some(flags)) = (u16_at(&a.info, o), u16_at(&a.info, o + 6)) else { break };
                if pool.class(inner).as_deref() == Some(name.as_str()) {
                    let outer = u16_at(&a.info, o + 2).unwrap_or(0);
                    if flags & ACC_PUBLIC == 0 {
                        c.accessible = false;
                    }
                    // Local and anonymous classes (no outer) are never accessible.
                    if outer == 0 {
                        c.accessible = false;
                    }
                    if flags & ACC_STATIC == 0 && flags & ACC_INTERFACE == 0 && flags & ACC_ENUM == 0 {
                        c.inner_non_static = true;
                    }
                }
            }
        }
    }
    for cp in &cf.const_pool {
        match cp {
            ConstantInfo::String(s) => {
                if let Some(v) = pool.utf8(s.string_index) {
                    c.strings.push(v);
                }
            }
            ConstantInfo::Integer(i) => c.longs.push(i64::from(i.value)),
            ConstantInfo::Long(l) => c.longs.push(l.value),
            ConstantInfo::Float(f) => c.doubles.push(f64::from(f.value)),
            ConstantInfo::Double(d) => c.doubles.push(d.value),
            _ => {}
        }
    }
    for f in &cf.fields {
        let mut field = Field {
            name: pool.utf8(f.name_index)?,
            desc: pool.utf8(f.descriptor_index)?,
            access: f.access_flags.bits(),
            signature: None,
        };
        for a in &f.attributes {
            if pool.utf8(a.attribute_name_index).as_deref() == Some("Signature") {
                field.signature = u16_at(&a.info, 0).and_then(|i| pool.utf8(i));
            }
        }
        c.fields.push(field);
    }
    for m in &cf.methods {
        c.methods.push(method(&pool, m)?);
    }
    Some(c)
}

fn method(pool: &Pool, m: &classfile_parser::method_info::MethodInfo) -> Option<Method> {
    let mut out = Method {
        name: pool.utf8(m.name_index)?,
        desc: pool.utf8(m.descriptor_index)?,
        access: m.access_flags.bits(),
        ..Method::default()
    };
    let is_static = m.access_flags.contains(MethodAccessFlags::STATIC);
    let params = crate::drivers::types::param_descriptors(&out.desc).unwrap_or_default();
    out.param_names = vec![None; params.len()];
    for a in &m.attributes {
        match pool.utf8(a.attribute_name_index).as_deref() {
            Some("Signature") => out.signature = u16_at(&a.info, 0).and_then(|i| pool.utf8(i)),
            Some("Deprecated") => out.deprecated = true,
            Some("Exceptions") => {
                let n = u16_at(&a.info, 0).unwrap_or(0) as usize;
                out.exceptions =
                    (0..n).filter_map(|k| u16_at(&a.info, 2 + 2 * k).and_then(|i| pool.class(i))).collect();
            }
            Some("MethodParameters") => {
                let n = a.info.first().copied().unwrap_or(0) as usize;
                for k in 0..n.min(out.param_names.len()) {
                    let idx = u16_at(&a.info, 1 + 4 * k).unwrap_or(0);
                    if idx != 0 {
                        out.param_names[k] = pool.utf8(idx);
                    }
                }
            }
            Some("Code") => {
                if let Ok((_, code)) = code_attribute_parser(&a.info) {
                    scan_code(pool, &code.code, &mut out);
                    // The spec allows several LineNumberTable attributes: their entries together.
                    let table: Vec<(u32, u32)> = code
                        .attributes
                        .iter()
                        .filter(|ca| pool.utf8(ca.attribute_name_index).as_deref() == Some("LineNumberTable"))
                        .flat_map(|ca| line_table(&ca.info))
                        .collect();
                    let mut slot = u16::from(!is_static);
                    let mut array_slots = Vec::new();
                    for p in &params {
                        if p.starts_with('[') {
                            array_slots.push(slot);
                        }
                        slot += if p == "J" || p == "D" { 2 } else { 1 };
                    }
                    out.store_lines = store_only_lines(pool, &code.code, &table, &array_slots);
                    out.reads_array_length = reads_array_length(&code.code, &array_slots);
                    out.first_measuring_line = first_measuring_line(&code.code, &table);
                    out.lines = table.iter().map(|&(_, l)| l).collect();
                    out.lines.sort_unstable();
                    out.lines.dedup();
                    // Parameter names from the local variable table (javac -g).
                    for ca in &code.attributes {
                        if pool.utf8(ca.attribute_name_index).as_deref() != Some("LocalVariableTable") {
                            continue;
                        }
                        let n = u16_at(&ca.info, 0).unwrap_or(0) as usize;
                        let mut slot_of = Vec::new();
                        let mut slot = usize::from(!is_static);
                        for p in &params {
                            slot_of.push(slot);
                            slot += if p == "J" || p == "D" { 2 } else { 1 };
                        }
                        for k in 0..n {
                            let o = 2 + 10 * k;
                            let (Some(start), Some(name), Some(index)) =
                                (u16_at(&ca.info, o), u16_at(&ca.info, o + 4), u16_at(&ca.info, o + 8))
                            else {
                                break;
                            };
                            if start != 0 {
                                continue;
                            }
                            if let Some(p) = slot_of.iter().position(|&s| s == usize::from(index)) {
                                if out.param_names[p].is_none() {
                                    out.param_names[p] = pool.utf8(name);
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Some(out)
}

/// A LineNumberTable attribute's (start pc, line) pairs.
fn line_table(info: &[u8]) -> Vec<(u32, u32)> {
    let n = u16_at(info, 0).unwrap_or(0) as usize;
    (0..n).map_while(|k| Some((u32::from(u16_at(info, 2 + 4 * k)?), u32::from(u16_at(info, 4 + 4 * k)?)))).collect()
}

/// The lines that write a fixed element of an array parameter and read none: an `aload` of an
/// array parameter's slot followed at once by a constant index, an array store, and no array
/// element or field read (`codepoints[0] = c;`). None at all when the method may come by an
/// array of its own: it allocates one, calls a method returning one (`clone()`, `copyOf`,
/// `toCharArray()`, a getter), casts to one or reads an array-typed field (`char[] b = buf;`);
/// a store past the end of its own array is its own bug. A variable index (`a[i] = v` in a loop)
/// is the method's bound, not the caller's room, so such a line is none either.
/// `array_slots` are the local slots of the array parameters.
/// Whether the code reads the length of an array parameter (in `array_slots`) straight after
/// loading it. A length read through a copy in another local is not seen.
fn reads_array_length(code: &[u8], array_slots: &[u16]) -> bool {
    let Ok((_, insns)) = code_parser(code) else { return false };
    insns.windows(2).any(|w| {
        loaded_slot(&w[0].1).is_some_and(|s| array_slots.contains(&s)) && matches!(w[1].1, Instruction::Arraylength)
    })
}

/// The smallest source line holding an `arraylength`: None when there is none, 0 when the code
/// cannot be read to its end or a length is read at no known line (measured from the start).
fn first_measuring_line(code: &[u8], table: &[(u32, u32)]) -> Option<u32> {
    let Ok((rest, insns)) = code_parser(code) else { return Some(0) };
    if !rest.is_empty() {
        return Some(0);
    }
    let mut starts = table.to_vec();
    starts.sort();
    insns
        .iter()
        .filter(|(_, insn)| matches!(insn, Instruction::Arraylength))
        .map(|(pc, _)| {
            let at = starts.partition_point(|(start, _)| *start as usize <= *pc);
            at.checked_sub(1).and_then(|i| starts.get(i)).map_or(0, |&(_, line)| line)
        })
        .min()
}

/// The local slot an `aload` loads, else None.
fn loaded_slot(insn: &Instruction) -> Option<u16> {
    use Instruction as I;
    match insn {
        I::Aload0 => Some(0),
        I::Aload1 => Some(1),
        I::Aload2 => Some(2),
        I::Aload3 => Some(3),
        I::Aload(s) => Some(u16::from(*s)),
        I::AloadWide(s) => Some(*s),
        _ => None,
    }
}

fn store_only_lines(pool: &Pool, code: &[u8], table: &[(u32, u32)], array_slots: &[u16]) -> Vec<u32> {
    let Ok((_, insns)) = code_parser(code) else { return Vec::new() };
    if array_slots.is_empty() {
        return Vec::new();
    }
    let mut starts = table.to_vec();
    starts.sort();
    let returns_array =
        |i: u16| pool.member(i).is_some_and(|r| r.desc.rsplit(')').next().is_some_and(|t| t.starts_with('[')));
    let field_array = |i: u16| pool.member(i).is_some_and(|r| r.desc.starts_with('['));
    // line -> (a constant-index store into a parameter, any array store, a read)
    let mut lines: std::collections::BTreeMap<u32, (bool, bool, bool)> = std::collections::BTreeMap::new();
    for (n, (pc, insn)) in insns.iter().enumerate() {
        use Instruction as I;
        let loaded = loaded_slot(insn);
        let (param, store, read) = match insn {
            I::Newarray(_) | I::Anewarray(_) | I::Multianewarray { .. } => return Vec::new(),
            I::Invokevirtual(i) | I::Invokespecial(i) | I::Invokestatic(i) if returns_array(*i) => return Vec::new(),
            I::Invokeinterface { index, .. } if returns_array(*index) => return Vec::new(),
            I::Getfield(i) | I::Getstatic(i) if field_array(*i) => return Vec::new(),
            I::Checkcast(c) if pool.class(*c).is_some_and(|c| c.starts_with('[')) => return Vec::new(),
            _ if loaded.is_some_and(|s| array_slots.contains(&s)) => {
                let constant = insns.get(n + 1).is_some_and(|(_, next)| {
                    matches!(
                        next,
                        I::Iconst0
                            | I::Iconst1
                            | I::Iconst2
                            | I::Iconst3
                            | I::Iconst4
                            | I::Iconst5
                            | I::Bipush(_)
                            | I::Sipush(_)
                    )
                });
                (constant, false, false)
            }
            I::Iastore | I::Lastore | I::Fastore | I::Dastore | I::Aastore | I::Bastore | I::Castore | I::Sastore => {
                (false, true, false)
            }
            I::Iaload
            | I::Laload
            | I::Faload
            | I::Daload
            | I::Aaload
            | I::Baload
            | I::Caload
            | I::Saload
            | I::Getfield(_)
            | I::Getstatic(_) => (false, false, true),
            _ => continue,
        };
        let at = starts.partition_point(|(start, _)| *start as usize <= *pc);
        let Some(&(_, line)) = at.checked_sub(1).and_then(|i| starts.get(i)) else { continue };
        let e = lines.entry(line).or_default();
        e.0 |= param;
        e.1 |= store;
        e.2 |= read;
    }
    lines.into_iter().filter(|(_, (param, store, read))| *param && *store && !*read).map(|(line, _)| line).collect()
}

fn scan_code(pool: &Pool, code: &[u8], m: &mut Method) {
    // Code the parser cannot read to its end may measure an array where it stopped.
    let Ok((rest, insns)) = code_parser(code) else {
        m.measures_arrays = true;
        return;
    };
    m.measures_arrays = !rest.is_empty();
    m.instructions = insns.len() as u32;
    for (_, insn) in insns {
        use Instruction as I;
        match insn {
            I::Getfield(i) | I::Getstatic(i) => m.reads.extend(pool.member(i)),
            I::Putfield(i) | I::Putstatic(i) => m.writes.extend(pool.member(i)),
            I::Invokevirtual(i) | I::Invokespecial(i) | I::Invokestatic(i) => m.calls.extend(pool.member(i)),
            I::Invokeinterface { index, .. } => m.calls.extend(pool.member(index)),
            I::Athrow => m.throws = true,
            I::Arraylength => m.measures_arrays = true,
            I::Bipush(v) => m.ints.push(i64::from(v)),
            I::Sipush(v) => m.ints.push(i64::from(v)),
            I::IfAcmpeq(_)
            | I::IfAcmpne(_)
            | I::IfIcmpeq(_)
            | I::IfIcmpne(_)
            | I::IfIcmplt(_)
            | I::IfIcmpge(_)
            | I::IfIcmpgt(_)
            | I::IfIcmple(_)
            | I::Ifeq(_)
            | I::Ifne(_)
            | I::Iflt(_)
            | I::Ifge(_)
            | I::Ifgt(_)
            | I::Ifle(_)
            | I::Ifnonnull(_)
            | I::Ifnull(_) => m.branches += 1,
            I::Tableswitch { .. } | I::Lookupswitch { .. } => m.branches += 2,
            _ => {}
        }
    }
    m.reads.sort();
    m.reads.dedup();
    m.writes.sort();
    m.writes.dedup();
    m.calls.sort();
    m.calls.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_read_of_an_array_parameter_is_seen() {
        // aload_1 arraylength ireturn: reads its parameter's length; aload_2 arraylength: not
        // an array parameter's.
        assert!(reads_array_length(&[0x2b, 0xbe, 0xac], &[1]));
        assert!(!reads_array_length(&[0x2c, 0xbe, 0xac], &[1]));
        // aload_1 iconst_0 baload ireturn: an element, not the length.
        assert!(!reads_array_length(&[0x2b, 0x03, 0x33, 0xac], &[1]));
    }

    #[test]
    fn store_only_lines_are_constant_index_stores_into_an_array_parameter() {
        let pool = Pool(&[]);
        // line 10: a[0] = 5;  line 11: return a[0];  line 12: a[0] = this.f;  line 13: a[i] = 5;
        let code = [
            0x2b, 0x03, 0x08, 0x4f, // aload_1 iconst_0 iconst_5 iastore
            0x2b, 0x03, 0x2e, 0x57, // aload_1 iconst_0 iaload pop
            0x2b, 0x03, 0x2a, 0xb4, 0x00, 0x01, 0x4f, // aload_1 iconst_0 aload_0 getfield #1 iastore
            0x2b, 0x1c, 0x08, 0x4f, // aload_1 iload_2 iconst_5 iastore
            0xb1, // return
        ];
        let table = [(0, 10), (4, 11), (8, 12), (15, 13)];
        assert_eq!(store_only_lines(&pool, &code, &table, &[1]), vec![10]);
        // Slot 1 is no array parameter: nothing.
        assert!(store_only_lines(&pool, &code, &table, &[3]).is_empty());
        // A method that makes an array of its own: none (its own array may be the one written).
        let own = [0x08, 0xbc, 0x0a, 0x4c, 0x2b, 0x03, 0x08, 0x4f, 0xb1]; // iconst_5 newarray int astore_1 ...
        assert!(store_only_lines(&pool, &own, &[(0, 1), (4, 2)], &[1]).is_empty());
    }

    fn class(name: &str, sup: &str, interfaces: &[&str]) -> Class {
        Class {
            name: name.into(),
            super_name: Some(sup.into()),
            interfaces: interfaces.iter().map(|i| i.to_string()).collect(),
            ..Class::default()
        }
    }

    #[test]
    fn classes_with_a_supertype_missing_from_the_class_path_are_left_out() {
        let mut pool = ClassPool::default();
        for c in [
            class("g/Task", "org/apache/tools/ant/Task", &[]),
            class("g/SubTask", "g/Task", &[]),
            class("g/Shell", "java/lang/Object", &["java/lang/Runnable"]),
            class("g/Completer", "java/lang/Object", &["jline/Completer"]),
        ] {
            pool.classes.insert(c.name.clone(), c);
        }
        pool.drop_incomplete();
        assert_eq!(pool.classes.keys().collect::<Vec<_>>(), ["g/Shell"]);
        let mut left = pool.incomplete.clone();
        left.sort();
        let expected: Vec<(String, String)> = vec![
            ("g/Completer".into(), "jline/Completer".into()),
            ("g/SubTask".into(), "org/apache/tools/ant/Task".into()),
            ("g/Task".into(), "org/apache/tools/ant/Task".into()),
        ];
        assert_eq!(left, expected);
        assert!(pool.resolves("(Lg/Shell;I[Ljava/lang/String;)Ljava/util/List;"));
        assert!(!pool.resolves("(I)Ljline/ConsoleReader;"));
        assert!(!pool.resolves("(Lg/Task;)V"));
    }
}
