//! Trace mode (the solver's): the calls to `com/jvmfuzz/shim/sym/Sym` that keep a symbolic shadow
//! of every operand-stack slot and local, so one execution yields its path condition over the
//! input. `docs/solver.md` is the contract with the shim: which call goes where, with which
//! arguments and shadow effect.
//!
//! The sequences are planned per instruction as [`Inserts`] (label, after, replacement) and placed
//! by the ordinary rewriter with an empty probe plan, so offsets, frames, exception ranges and
//! debug attributes are remapped as for probes. Every sequence is straight-line and leaves the
//! JVM stack as it found it (a replacement has the replaced instruction's stack effect), so no
//! frame is needed inside one. Each original instruction gets exactly one sequence whose shadow
//! effect is the instruction's: the shim never sees the inserted instructions themselves.
//!
//! Classes in trace mode are a second copy of the target's classes, defined by the shim's
//! `TraceLoader`; the fuzzing copy never calls `Sym`.

use std::borrow::Cow;

use jvmfuzz_classfile::bytecode::{decode, opcodes::*, write_branch16, Insn, InsnKind};
use jvmfuzz_classfile::{access, attrs, ClassFile, ClassFileError, CodeAttribute, ConstantPool};

use super::class::InstrumentError;
use super::frames::parse_method_descriptor;
use super::plan::MethodPlan;
use super::rewrite::{instrument_decoded_with, Inserts, MethodSig, ProbeCall, RewriteError};

/// Internal name of the shadow machine.
pub const SYM: &str = "com/jvmfuzz/shim/sym/Sym";
/// Internal name of the JDK models.
pub const MODELS: &str = "com/jvmfuzz/shim/sym/Models";

/// Stack words a sequence needs above the method's own (`dup2` and a pushed code).
const EXTRA_STACK: u16 = 4;

/// Site and method ids, handed out by the fuzzer (which keeps what the solver needs to know of a
/// site: a switch's cases).
pub trait TraceSites {
    /// A branch or switch of `class.method` at `offset`; `cases` are a switch's constants (empty
    /// for branches). `None`: not recorded (no room). Ids must stay below 2^23.
    fn site(&mut self, class: &str, method: &str, offset: u32, cases: &[i32]) -> Option<u32>;
    /// The id of one traced method (exception handlers unwind the shadow frames to it).
    fn method(&mut self, class: &str, method: &str) -> u32;
}

/// One modelled JDK call: `owner.name descriptor` becomes `Models.model model_descriptor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model {
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    pub model: String,
    pub model_descriptor: String,
    /// The model takes one more int, the call's site (a line ending in `site`): its bounds
    /// check is a branch the solver can negate.
    pub sited: bool,
}

/// The shim's `models.txt`: one `owner name descriptor -> model model_descriptor [site]` per
/// line.
#[derive(Debug, Default, Clone)]
pub struct ModelTable {
    models: Vec<Model>,
}

impl ModelTable {
    /// Reads the table; blank lines and `#` comments are skipped, malformed lines are errors.
    pub fn parse(text: &str) -> Result<ModelTable, String> {
        let mut models = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("models.txt line {}: `{line}`", n + 1);
            let (call, model) = line.split_once("->").ok_or_else(bad)?;
            let call: Vec<&str> = call.split_whitespace().collect();
            let model: Vec<&str> = model.split_whitespace().collect();
            let ([owner, name, descriptor], [m, md, rest @ ..]) = (call.as_slice(), model.as_slice()) else {
                return Err(bad());
            };
            let sited = match rest {
                [] => false,
                ["site"] => true,
                _ => return Err(bad()),
            };
            models.push(Model {
                owner: owner.to_string(),
                name: name.to_string(),
                descriptor: descriptor.to_string(),
                model: m.to_string(),
                model_descriptor: md.to_string(),
                sited,
            });
        }
        Ok(ModelTable { models })
    }

    fn find(&self, owner: &str, name: &str, descriptor: &str) -> Option<&Model> {
        self.models.iter().find(|m| m.owner == owner && m.name == name && m.descriptor == descriptor)
    }
}

/// FNV-1a, 32 bits: the key calls and frames are matched by (`name + descriptor`).
pub fn key(s: &str) -> i32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h as i32
}

/// What trace mode did to a class.
#[derive(Debug)]
pub struct Traced {
    pub bytes: Vec<u8>,
    pub methods: u32,
    /// Methods left as they were (too large, subroutines, no frames computable), with why.
    pub skipped: Vec<String>,
}

/// Rewrites every method of a class (but `<clinit>`) in trace mode. `Ok(None)`: nothing to trace.
pub fn instrument_class_trace(
    original: &[u8],
    sites: &mut dyn TraceSites,
    models: &ModelTable,
) -> Result<Option<Traced>, InstrumentError> {
    let mut cf = ClassFile::parse(original).map_err(InstrumentError::Parse)?;
    if !(45..=69).contains(&cf.major_version) {
        return Err(InstrumentError::UnsupportedVersion(cf.major_version));
    }
    let class = cf.this_class_name().map_err(InstrumentError::Parse)?.into_owned();
    let major = cf.major_version;
    let mut traced = 0u32;
    let mut skipped = Vec::new();
    for mi in 0..cf.methods.len() {
        let (methods, cp) = (&mut cf.methods, &mut cf.constant_pool);
        let Some(m) = methods.get_mut(mi) else { continue };
        let name = m.name(cp).map_err(InstrumentError::Parse)?.into_owned();
        let descriptor = m.descriptor(cp).map_err(InstrumentError::Parse)?.into_owned();
        if name == "<clinit>" || m.access_flags & (access::ABSTRACT | access::NATIVE) != 0 {
            continue;
        }
        let Some(code) = m.code() else { continue };
        let sig = MethodSig { this_class: &class, name: &name, descriptor: &descriptor, access_flags: m.access_flags };
        // A failed method leaves the constant pool with a few unused entries, never a broken class.
        let snapshot = cp.clone();
        match trace_method(code, cp, &sig, major, sites, models) {
            Ok(new_code) => {
                if let Some(c) = m.code_mut() {
                    *c = new_code;
                }
                traced += 1;
            }
            Err(e) => {
                *cp = snapshot;
                skipped.push(format!("{class}.{name}{descriptor}: not traced ({e})"));
            }
        }
    }
    if traced == 0 {
        return Ok(None);
    }
    let bytes = cf.try_to_bytes().map_err(InstrumentError::Write)?;
    Ok(Some(Traced { bytes, methods: traced, skipped }))
}

/// Bytes of one inserted sequence, with the constant-pool entries it refers to.
struct Asm<'a, 'c> {
    out: Vec<u8>,
    cp: &'a mut ConstantPool<'c>,
}

impl Asm<'_, '_> {
    fn op(&mut self, op: u8) -> &mut Self {
        self.out.push(op);
        self
    }

    fn int(&mut self, v: i32) -> Result<&mut Self, ClassFileError> {
        if let Ok(s) = i16::try_from(v) {
            write_branch16(&mut self.out, SIPUSH, s);
        } else {
            let c = self.cp.add_integer(v)?;
            self.out.push(LDC_W);
            self.out.extend_from_slice(&c.to_be_bytes());
        }
        Ok(self)
    }

    fn call(&mut self, owner: &str, name: &str, descriptor: &str) -> Result<&mut Self, ClassFileError> {
        let m = self.cp.add_method_ref(owner, name, descriptor)?;
        self.out.push(INVOKESTATIC);
        self.out.extend_from_slice(&m.to_be_bytes());
        Ok(self)
    }

    fn sym(&mut self, name: &str, descriptor: &str) -> Result<&mut Self, ClassFileError> {
        self.call(SYM, name, descriptor)
    }

    fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

/// Slots a field or value descriptor takes (0 for `V`).
fn slots(d: &str) -> u32 {
    match d.as_bytes().first() {
        Some(b'J' | b'D') => 2,
        Some(b'V') | None => 0,
        Some(_) => 1,
    }
}

/// Argument slots (without a receiver) and return slots of a method descriptor.
fn call_slots(d: &str) -> Result<(u32, u32), RewriteError> {
    let (params, ret) = parse_method_descriptor(d)?;
    let args = params.iter().map(|t| if t.is_wide() { 2 } else { 1 }).sum();
    let ret = ret.map_or(0, |t| if t.is_wide() { 2 } else { 1 });
    Ok((args, ret))
}

/// Whether the shim shadows fields of this type (integers of every width).
fn tracked_field(d: &str) -> bool {
    matches!(d.as_bytes().first(), Some(b'I' | b'J' | b'Z' | b'B' | b'C' | b'S'))
}

/// The load or store opcode an `xload_n`/`xstore_n` abbreviates.
fn base_local_op(op: u8) -> u8 {
    match op {
        ILOAD_0..=ILOAD_3 => ILOAD,
        LLOAD_0..=LLOAD_3 => LLOAD,
        FLOAD_0..=FLOAD_3 => FLOAD,
        DLOAD_0..=DLOAD_3 => DLOAD,
        ALOAD_0..=ALOAD_3 => ALOAD,
        ISTORE_0..=ISTORE_3 => ISTORE,
        LSTORE_0..=LSTORE_3 => LSTORE,
        FSTORE_0..=FSTORE_3 => FSTORE,
        DSTORE_0..=DSTORE_3 => DSTORE,
        ASTORE_0..=ASTORE_3 => ASTORE,
        op => op,
    }
}

fn nops(out: &mut Vec<u8>, n: u32) {
    out.extend(std::iter::repeat_n(NOP, n as usize));
}

/// `new java/lang/String; dup` pairs whose constructor call is modelled: (index of `new`, index
/// of the `invokespecial`). Only when no stack map frame lies between them (a frame there names
/// `uninitialized(new)`, which would be gone).
fn modelled_constructors(
    insns: &[Insn],
    cp: &ConstantPool<'_>,
    models: &ModelTable,
    frames: &[u32],
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut open: Vec<(usize, Cow<'_, str>)> = Vec::new();
    for (k, insn) in insns.iter().enumerate() {
        match &insn.kind {
            InsnKind::TypeRef { cp_index }
                if insn.opcode == NEW && insns.get(k + 1).is_some_and(|n| n.opcode == DUP) =>
            {
                if let Ok(c) = cp.class_name(*cp_index) {
                    open.push((k, c));
                }
            }
            InsnKind::Invoke { cp_index } if insn.opcode == INVOKESPECIAL => {
                let Ok(r) = cp.member_ref(*cp_index) else { continue };
                if r.name != "<init>" {
                    continue;
                }
                let Some((at, c)) = open.last() else { continue };
                if *c != r.class {
                    continue;
                }
                let at = *at;
                open.pop();
                let between = frames.iter().any(|&o| o > insns[at].offset && o <= insn.offset);
                if !between && models.find(&r.class, &r.name, &r.descriptor).is_some() {
                    pairs.push((at, k));
                }
            }
            _ => {}
        }
    }
    pairs
}

/// Index of a constructor's `this(...)`/`super(...)` call: the first `invokespecial <init>` that
/// completes no `new` of its own. Before it, `this` is uninitialised.
fn super_call(insns: &[Insn], cp: &ConstantPool<'_>) -> usize {
    let mut open_news = 0usize;
    for (k, insn) in insns.iter().enumerate() {
        match &insn.kind {
            InsnKind::TypeRef { .. } if insn.opcode == NEW => open_news += 1,
            InsnKind::Invoke { cp_index }
                if insn.opcode == INVOKESPECIAL && cp.member_ref(*cp_index).is_ok_and(|r| r.name == "<init>") =>
            {
                if open_news == 0 {
                    return k;
                }
                open_news -= 1;
            }
            _ => {}
        }
    }
    // None found (javac always calls one): treat the whole constructor as before it.
    insns.len()
}

fn trace_method(
    code: &CodeAttribute<'_>,
    cp: &mut ConstantPool<'_>,
    sig: &MethodSig<'_>,
    major: u16,
    sites: &mut dyn TraceSites,
    models: &ModelTable,
) -> Result<CodeAttribute<'static>, RewriteError> {
    let insns = decode(&code.code)?;
    let frames = match code.attribute(cp, "StackMapTable") {
        None => Vec::new(),
        Some(raw) => attrs::frame_offsets(raw).map(|(f, _)| f).unwrap_or_default(),
    };
    let handlers: Vec<u32> = code.exception_table.iter().map(|e| u32::from(e.handler_pc)).collect();
    let ctors = modelled_constructors(&insns, cp, models, &frames);
    let this_ready = if sig.name == "<init>" { super_call(&insns, cp) } else { 0 };
    let method_name = format!("{}{}", sig.name, sig.descriptor);
    let mid = sites.method(sig.this_class, &method_name) as i32;
    let mut ins = Inserts { extra_stack: EXTRA_STACK, ..Inserts::default() };
    let mut a = Asm { out: Vec::new(), cp };
    a.int(mid)?.int(key(&method_name))?.sym("enter", "(II)V")?;
    ins.pre.push((0, a.take()));
    for (i, insn) in insns.iter().enumerate() {
        if handlers.contains(&insn.offset) {
            a.int(mid)?.sym("handler", "(I)V")?;
        }
        let ctor_new = ctors.iter().any(|&(n, _)| n == i || n + 1 == i);
        let ctor_call = ctors.iter().any(|&(_, c)| c == i);
        if ctor_new {
            // `new String; dup` of a modelled constructor: gone, the model returns the string.
            let mut nop = Vec::new();
            nops(&mut nop, insn.len);
            ins.replace.push((i, nop));
        } else if ctor_call {
            let InsnKind::Invoke { cp_index } = insn.kind else { continue };
            let r = a.cp.member_ref(cp_index)?;
            let m = models.find(&r.class, &r.name, &r.descriptor).cloned();
            if let Some(m) = m {
                let mut rep = Asm { out: Vec::new(), cp: &mut *a.cp };
                rep.call(MODELS, &m.model, &m.model_descriptor)?;
                let mut bytes = rep.take();
                nops(&mut bytes, insn.len - 3);
                ins.replace.push((i, bytes));
            }
        } else {
            let before_super = i < this_ready;
            match instruction(insn, i, &code.code, &mut a, &mut ins, sig, sites, models, before_super)? {
                Some(Sequence::After(after)) => ins.pre.push((i + 1, after)),
                Some(Sequence::Replace(bytes)) => ins.replace.push((i, bytes)),
                None => {}
            }
        }
        let label = a.take();
        if !label.is_empty() {
            ins.label.push((i, label));
        }
    }
    let plan = MethodPlan { sites: Vec::new(), jacoco: Vec::new() };
    let probe = ProbeCall::Call { method_ref: 0 };
    instrument_decoded_with(code, &insns, a.cp, sig, &plan, 0, &probe, major, &[], &ins)
}

/// Code of an instruction's sequence that does not go at its label.
enum Sequence {
    /// After a call (fall-through only).
    After(Vec<u8>),
    /// Instead of the instruction (a modelled call).
    Replace(Vec<u8>),
}

/// The sequence of one instruction: its label code is written into `a`, the rest returned or,
/// for replaced arithmetic and array accesses, added to `ins.replace`.
#[allow(clippy::too_many_arguments)]
fn instruction(
    insn: &Insn,
    i: usize,
    code: &[u8],
    a: &mut Asm<'_, '_>,
    ins: &mut Inserts,
    sig: &MethodSig<'_>,
    sites: &mut dyn TraceSites,
    models: &ModelTable,
    before_super: bool,
) -> Result<Option<Sequence>, RewriteError> {
    let op = insn.base_opcode(code);
    let method_name = || format!("{}{}", sig.name, sig.descriptor);
    // A replaced instruction: the shim's method does its work and returns its result.
    let mut replace = |a: &mut Asm<'_, '_>, name: &str, desc: &str, push: Option<i32>| -> Result<(), RewriteError> {
        if let Some(p) = push {
            a.int(p)?;
        }
        a.sym(name, desc)?;
        let mut nop = Vec::new();
        nops(&mut nop, insn.len);
        ins.replace.push((i, nop));
        Ok(())
    };
    match &insn.kind {
        InsnKind::Local { index } => {
            a.int(i32::from(base_local_op(op)) | i32::from(*index) << 8)?.sym("op", "(I)V")?;
        }
        InsnKind::Iinc { index, delta } => {
            a.int(i32::from(*index))?.int(i32::from(*delta))?.sym("iinc", "(II)V")?;
        }
        InsnKind::Branch { .. } => match op {
            IF_ICMPEQ..=IF_ICMPLE | IFEQ..=IFLE => {
                let two = matches!(op, IF_ICMPEQ..=IF_ICMPLE);
                match sites.site(sig.this_class, &method_name(), insn.offset, &[]) {
                    Some(site) => {
                        a.op(if two { DUP2 } else { DUP });
                        a.int((site << 8) as i32 | i32::from(op))?;
                        if two {
                            a.sym("icmp", "(III)V")?;
                        } else {
                            a.sym("izero", "(II)V")?;
                        }
                    }
                    None => {
                        a.int(i32::from(op))?.sym("op", "(I)V")?;
                    }
                }
            }
            GOTO | GOTO_W => {}
            _ => {
                a.int(i32::from(op))?.sym("op", "(I)V")?;
            }
        },
        InsnKind::TableSwitch { low, high, .. } => {
            let n = (i64::from(*high) - i64::from(*low) + 1).clamp(0, 4096);
            let cases: Vec<i32> = (0..n).map(|k| (i64::from(*low) + k) as i32).collect();
            switch(a, sig, sites, insn.offset, &cases)?;
        }
        InsnKind::LookupSwitch { pairs, .. } => {
            let cases: Vec<i32> = pairs.iter().map(|p| p.0).collect();
            switch(a, sig, sites, insn.offset, &cases)?;
        }
        InsnKind::Field { cp_index } => {
            let r = a.cp.member_ref(*cp_index)?;
            let (owner, name, d) = (r.class.into_owned(), r.name.into_owned(), r.descriptor.into_owned());
            let s = slots(&d);
            let wide = i32::from(s == 2);
            // Before a constructor's super() the object is `uninitializedThis`, which may not be
            // passed to the shim: its fields (an inner class's `this$0`) stay concrete.
            let tracked = tracked_field(&d) && !before_super;
            match op {
                GETFIELD if tracked => {
                    a.op(DUP).int(key(&format!("{name}{d}")) << 1 | wide)?.sym("getfield", "(Ljava/lang/Object;I)V")?;
                }
                PUTFIELD if tracked && s == 1 => {
                    a.op(DUP2).int(key(&format!("{name}{d}")) << 1)?.sym("putfield", "(Ljava/lang/Object;II)V")?;
                }
                PUTFIELD if tracked => {
                    a.sym("stashJ", "(J)V")?.op(DUP).int(key(&format!("{name}{d}")) << 1 | 1)?;
                    a.sym("putfieldJ", "(Ljava/lang/Object;I)V")?.sym("unstashJ", "()J")?;
                }
                GETSTATIC | PUTSTATIC if tracked_field(&d) => {
                    let k = key(&format!("{owner}.{name}{d}")) << 1 | wide;
                    a.int(k)?.sym(if op == GETSTATIC { "getstatic" } else { "putstatic" }, "(I)V")?;
                }
                _ => {
                    let (pops, pushes) = match op {
                        GETFIELD => (1, s),
                        PUTFIELD => (1 + s, 0),
                        GETSTATIC => (0, s),
                        _ => (s, 0),
                    };
                    fx(a, pops, pushes)?;
                }
            }
        }
        InsnKind::Invoke { cp_index } => {
            let r = a.cp.member_ref(*cp_index)?;
            let (owner, name, d) = (r.class.into_owned(), r.name.into_owned(), r.descriptor.into_owned());
            if op != INVOKESPECIAL {
                if let Some(m) = models.find(&owner, &name, &d).cloned() {
                    if m.sited {
                        // At the label, on top of the call's arguments (-1: no site left).
                        let site = sites.site(sig.this_class, &method_name(), insn.offset, &[]);
                        a.int(site.map_or(-1, |s| s as i32))?;
                    }
                    let mut rep = Asm { out: Vec::new(), cp: &mut *a.cp };
                    rep.call(MODELS, &m.model, &m.model_descriptor)?;
                    let mut bytes = rep.take();
                    nops(&mut bytes, insn.len.saturating_sub(3));
                    return Ok(Some(Sequence::Replace(bytes)));
                }
            }
            let (args, ret) = call_slots(&d)?;
            let receiver = u32::from(op != INVOKESTATIC);
            let k = key(&format!("{name}{d}"));
            a.int(k)?.int((args + receiver) as i32)?.sym("call", "(II)V")?;
            let mut after = Asm { out: Vec::new(), cp: &mut *a.cp };
            after.int(k)?.int(ret as i32)?.sym("result", "(II)V")?;
            return Ok(Some(Sequence::After(after.take())));
        }
        InsnKind::InvokeDynamic { cp_index } => {
            let nat =
                a.cp.raw_entry(*cp_index).and_then(|e| e.get(3..5)).map(|b| u16::from_be_bytes([b[0], b[1]])).ok_or(
                    RewriteError::ConstantPool(ClassFileError::BadConstantIndex {
                        index: *cp_index,
                        expected: "InvokeDynamic",
                    }),
                )?;
            let (_, d) = a.cp.name_and_type(nat)?;
            let (args, ret) = call_slots(&d)?;
            fx(a, args, ret)?;
        }
        InsnKind::TypeRef { .. } => match op {
            CHECKCAST => {}
            MULTIANEWARRAY => {
                let dims = code.get(insn.offset as usize + 3).copied().unwrap_or(1);
                fx(a, u32::from(dims), 1)?;
            }
            _ => {
                a.int(i32::from(op))?.sym("op", "(I)V")?;
            }
        },
        InsnKind::Ldc { .. } => {
            a.int(i32::from(op))?.sym("op", "(I)V")?;
        }
        InsnKind::Ret { .. } => return Err(RewriteError::Subroutine(insn.offset)),
        InsnKind::Plain => match op {
            NOP => {}
            IADD | ISUB | IMUL | IDIV | IREM | IAND | IOR | IXOR | ISHL | ISHR | IUSHR => {
                replace(a, "ibin", "(III)I", Some(i32::from(op)))?
            }
            LADD | LSUB | LMUL | LDIV | LREM | LAND | LOR | LXOR => replace(a, "lbin", "(JJI)J", Some(i32::from(op)))?,
            LSHL | LSHR | LUSHR => replace(a, "lsh", "(JII)J", Some(i32::from(op)))?,
            INEG | I2B | I2C | I2S => replace(a, "iun", "(II)I", Some(i32::from(op)))?,
            LNEG => replace(a, "lneg", "(J)J", None)?,
            I2L => replace(a, "i2l", "(I)J", None)?,
            L2I => replace(a, "l2i", "(J)I", None)?,
            LCMP => replace(a, "lcmp", "(JJ)I", None)?,
            BALOAD | CALOAD | SALOAD | IALOAD | LALOAD | BASTORE | CASTORE | SASTORE | IASTORE | LASTORE => {
                // The site of the access's bounds check, a branch the solver can negate (-1: none).
                let site = sites.site(sig.this_class, &method_name(), insn.offset, &[]).map_or(-1, |s| s as i32);
                let (name, desc) = match op {
                    BALOAD => ("baload", "(Ljava/lang/Object;II)I"),
                    CALOAD => ("caload", "([CII)C"),
                    SALOAD => ("saload", "([SII)S"),
                    IALOAD => ("iaload", "([III)I"),
                    LALOAD => ("laload", "([JII)J"),
                    BASTORE => ("bastore", "(Ljava/lang/Object;III)V"),
                    CASTORE => ("castore", "([CICI)V"),
                    SASTORE => ("sastore", "([SISI)V"),
                    IASTORE => ("iastore", "([IIII)V"),
                    _ => ("lastore", "([JIJI)V"),
                };
                replace(a, name, desc, Some(site))?
            }
            IRETURN | FRETURN | ARETURN => {
                a.int(1)?.sym("ret", "(I)V")?;
            }
            LRETURN | DRETURN => {
                a.int(2)?.sym("ret", "(I)V")?;
            }
            RETURN => {
                a.int(0)?.sym("ret", "(I)V")?;
            }
            _ => {
                a.int(i32::from(op))?.sym("op", "(I)V")?;
            }
        },
    }
    Ok(None)
}

fn switch(
    a: &mut Asm<'_, '_>,
    sig: &MethodSig<'_>,
    sites: &mut dyn TraceSites,
    offset: u32,
    cases: &[i32],
) -> Result<(), RewriteError> {
    let name = format!("{}{}", sig.name, sig.descriptor);
    match sites.site(sig.this_class, &name, offset, cases) {
        Some(site) => {
            a.op(DUP).int(site as i32)?.sym("sw", "(II)V")?;
        }
        None => {
            fx(a, 1, 0)?;
        }
    }
    Ok(())
}

fn fx(a: &mut Asm<'_, '_>, pops: u32, pushes: u32) -> Result<(), RewriteError> {
    a.int((pops | pushes << 8) as i32)?.sym("fx", "(I)V")?;
    Ok(())
}

#[cfg(test)]
mod tests;
