//! The method rewriter: inserts the probes of a [`MethodPlan`] into one `Code` attribute and
//! remaps everything that holds a code offset.
//!
//! Each probe pushes its id with `sipush id` (or `ldc_w` of an Integer constant when the id
//! does not fit 16 bits) and is one of ([`ProbeCall`]):
//! - a call, `invokestatic Probes.hit(I)V`: 6 bytes, one extra stack word;
//! - a flag store, `getstatic Probes.flags:[Z; <id>; iconst_1; bastore`: 8 bytes, three extra
//!   stack words. JaCoCo's probe shape: no call, so it is cheap even in the interpreter,
//!   where short test suites spend most of their time;
//! - a field store, `iconst_1; putstatic ProbeFieldsK.fS:Z` (`probe_fields`): 4 bytes, one
//!   extra stack word, no id push. Cheaper in C1-compiled code, the same in hot C2 code
//!   (see `probe_fields`).
//!
//! Both are stack-neutral and branch-free, so no probe needs a frame of its own. Placement
//! semantics are those documented in `plan.rs`:
//! - `Fallthrough{at}` code goes before `at`'s label, `Label{at}` code after it;
//! - `Edge{insn, target}` becomes a trampoline `probes; goto_w target-label` after the
//!   original code, and the jump (or the switch entries) from `insn` to `target` is
//!   redirected to it. A trampoline gets a copy of `target`'s frame.
//!
//! Offsets are remapped with three positions per original instruction (see `layout`):
//! jumps, handlers, frames and lines use the label; exception ranges run from the label of
//! their start to the code inserted before their end (so probes on a fall-through edge out
//! of a try block are not inside it); `uninitialized(X)` and type annotations point at the
//! instruction itself.
//!
//! Methods with `jsr`/`ret`, or that would exceed the class-file limits, are refused with
//! an error: the caller leaves them uninstrumented.

use ahash::AHashMap;
use std::borrow::Cow;

use jvmfuzz_classfile::bytecode::{
    decode, invert_condition, is_conditional_branch, is_unconditional, opcodes::*, write_branch16, write_branch32,
    write_lookupswitch, write_tableswitch, BytecodeError, Insn, InsnKind,
};
use jvmfuzz_classfile::{
    access, Attribute, AttributeInfo, ClassFileError, CodeAttribute, ConstantPool, ExceptionEntry,
};

use super::cmplog::{self, CmpSite};
use super::frames::{self, ClassNames, Frame, FrameError, VType};
use super::interp::{Env, InterpError, State};
use super::layout::{layout, Dest, Layout, LayoutInput};
use super::plan::{MethodPlan, Placement};
use super::remap::{self, OffsetMap, RemapError};

/// What one probe does with its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProbeCall {
    /// `invokestatic` of this `Methodref` (to `com/jvmfuzz/shim/Probes.hit(I)V` or whatever the
    /// configuration names), with the id as argument.
    Call { method_ref: u16 },
    /// `flags[id] = true` on a static `boolean[]`: the `fixed_ref` one (a static final array of
    /// `fixed_len` entries) for ids below `fixed_len`, else the `field_ref` one, which whoever
    /// installs it must make longer than every id before the class can run.
    Flag { fixed_ref: u16, fixed_len: u32, field_ref: u16 },
    /// `ProbeFieldsK.fS = true`, the field of the id in its holder (see `probe_fields`). The
    /// class rewriter appends the `Fieldref`s of all the class's ids beforehand, three entries
    /// apart ([`super::probe_fields::append_refs`]): id `first_id + j` is at `first_ref + 3j`.
    Field { first_id: u32, first_ref: u16 },
}

impl ProbeCall {
    /// Bytes of one probe: the id push (3) plus `invokestatic` (3), or plus `getstatic` (3),
    /// `iconst_1` and `bastore`; or `iconst_1` and `putstatic` (3).
    pub fn code_len(self) -> u32 {
        match self {
            ProbeCall::Call { .. } => 6,
            ProbeCall::Flag { .. } => 8,
            ProbeCall::Field { .. } => 4,
        }
    }

    /// Stack words the probe needs above what the method already uses.
    pub fn extra_stack(self) -> u16 {
        match self {
            ProbeCall::Call { .. } | ProbeCall::Field { .. } => 1,
            ProbeCall::Flag { .. } => 3,
        }
    }
}

/// What the rewriter needs to know about the method besides its code: the implicit
/// initial frame (JVMS 4.10.1.6) depends on the class, the name, the descriptor and
/// `static`.
#[derive(Debug, Clone, Copy)]
pub struct MethodSig<'s> {
    /// Internal name of the declaring class.
    pub this_class: &'s str,
    pub name: &'s str,
    pub descriptor: &'s str,
    pub access_flags: u16,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum RewriteError {
    #[error("cannot decode code: {0}")]
    Decode(#[from] BytecodeError),
    #[error("jsr/ret subroutine at offset {0} (not supported)")]
    Subroutine(u32),
    #[error("{what} would be {len}, over the class-file limit")]
    TooLarge { what: &'static str, len: u64 },
    #[error("invalid probe plan: {0}")]
    InvalidPlan(String),
    #[error("conditional branch at offset {0} falls off the end of the code")]
    FallsOffEnd(u32),
    #[error("exception table entry {0} does not point at instruction starts")]
    BadExceptionEntry(usize),
    #[error("stack map: {0}")]
    Frames(#[from] FrameError),
    #[error("stack map frame at offset {0} is not at an instruction start")]
    BadFrameOffset(u32),
    #[error("offset {0} needs a stack map frame but the method has none there")]
    MissingFrame(u32),
    #[error("cannot compute the frame after the widened branch at offset {offset}: {err}")]
    Interp { offset: u32, err: InterpError },
    #[error("{0}")]
    Attribute(#[from] RemapError),
    #[error("more than one StackMapTable")]
    DuplicateStackMapTable,
    #[error("constant pool: {0}")]
    ConstantPool(#[from] ClassFileError),
    #[error("internal layout mismatch at offset {0}")]
    Internal(u32),
    #[error("probe id {0} has no field reference in this class")]
    ProbeField(u32),
}

/// One trampoline: the probes of an `Edge{insn, target}` (several if the plan repeats it).
struct Trampoline {
    target_index: usize,
    /// Number of probes in it.
    count: u32,
}

/// Where the probes go.
struct Placements {
    /// Bytes of probe code before each instruction's label (`Fallthrough`), by index.
    pre_len: Vec<u32>,
    /// Bytes of probe code at each instruction's label (`Label`), by index.
    label_len: Vec<u32>,
    /// (instruction index, 0 = before the label / 1 = at the label, probe id), sorted by
    /// instruction then position, in plan order within each.
    inline: Vec<(u32, u8, u32)>,
    tramps: Vec<Trampoline>,
    /// (trampoline index, probe id), sorted by trampoline, in plan order within each.
    tramp_ids: Vec<(u32, u32)>,
    /// (insn offset, target offset) -> trampoline index.
    edge: AHashMap<(u32, u32), usize>,
}

const NO_INSN: u32 = u32::MAX;

/// Offset -> instruction index (with `code_len` -> `n`).
fn index_table(insns: &[Insn], code_len: usize) -> Vec<u32> {
    let mut t = vec![NO_INSN; code_len + 1];
    for (i, insn) in insns.iter().enumerate() {
        if let Some(slot) = t.get_mut(insn.offset as usize) {
            *slot = i as u32;
        }
    }
    if let Some(last) = t.last_mut() {
        *last = insns.len() as u32;
    }
    t
}

fn lookup(index_of: &[u32], offset: u32) -> Option<usize> {
    match index_of.get(offset as usize) {
        Some(&i) if i != NO_INSN => Some(i as usize),
        _ => None,
    }
}

fn place(
    plan: &MethodPlan,
    insns: &[Insn],
    index_of: &[u32],
    first_probe: u32,
    probe_len: u32,
) -> Result<Placements, RewriteError> {
    let n = insns.len();
    let mut p = Placements {
        pre_len: vec![0; n],
        label_len: vec![0; n],
        inline: Vec::with_capacity(plan.sites.len()),
        tramps: Vec::new(),
        tramp_ids: Vec::new(),
        edge: AHashMap::new(),
    };
    let bad = |what: String| RewriteError::InvalidPlan(what);
    let insn_at = |at: u32| lookup(index_of, at).filter(|&i| i < n);
    for (k, site) in plan.sites.iter().enumerate() {
        let id = first_probe as u64 + k as u64;
        if id > i32::MAX as u64 {
            return Err(bad(format!("probe id {id} does not fit an int")));
        }
        let id = id as u32;
        match site.placement {
            Placement::Fallthrough { at } => {
                let i = insn_at(at).ok_or_else(|| bad(format!("Fallthrough at {at}: no instruction there")))?;
                // Code after an unconditional instruction is only reachable by jumps, which
                // skip `Fallthrough` code: it would be dead and lack a frame.
                if i > 0 && is_unconditional(insns[i - 1].opcode) {
                    return Err(bad(format!("Fallthrough at {at} follows an unconditional instruction")));
                }
                p.pre_len[i] += probe_len;
                p.inline.push((i as u32, 0, id));
            }
            Placement::Label { at } => {
                let i = insn_at(at).ok_or_else(|| bad(format!("Label at {at}: no instruction there")))?;
                p.label_len[i] += probe_len;
                p.inline.push((i as u32, 1, id));
            }
            Placement::Edge { insn, target } => {
                let i = insn_at(insn).ok_or_else(|| bad(format!("Edge from {insn}: no instruction there")))?;
                if !insns[i].targets_iter().any(|x| x == target) {
                    return Err(bad(format!("Edge from {insn} to {target}: not a jump target of that instruction")));
                }
                let t = insn_at(target).ok_or_else(|| bad(format!("Edge to {target}: no instruction there")))?;
                let next = p.tramps.len();
                let slot = *p.edge.entry((insn, target)).or_insert(next);
                if slot == next {
                    p.tramps.push(Trampoline { target_index: t, count: 0 });
                }
                p.tramps[slot].count += 1;
                p.tramp_ids.push((slot as u32, id));
            }
        }
    }
    // Stable: plan order is kept within an instruction position / a trampoline.
    p.inline.sort_by_key(|&(i, pos, _)| (i, pos));
    p.tramp_ids.sort_by_key(|&(t, _)| t);
    Ok(p)
}

fn emit_probe(out: &mut Vec<u8>, id: u32, cp: &mut ConstantPool<'_>, probe: &ProbeCall) -> Result<(), RewriteError> {
    if let ProbeCall::Field { first_id, first_ref } = *probe {
        let f = id
            .checked_sub(first_id)
            .and_then(|j| u16::try_from(u64::from(first_ref) + 3 * u64::from(j)).ok())
            .ok_or(RewriteError::ProbeField(id))?;
        out.push(ICONST_1);
        out.push(PUTSTATIC);
        out.extend_from_slice(&f.to_be_bytes());
        return Ok(());
    }
    if let ProbeCall::Flag { fixed_ref, fixed_len, field_ref } = *probe {
        let array = if id < fixed_len { fixed_ref } else { field_ref };
        out.push(GETSTATIC);
        out.extend_from_slice(&array.to_be_bytes());
    }
    if id <= i16::MAX as u32 {
        write_branch16(out, SIPUSH, id as i16);
    } else {
        let c = cp.add_integer(id as i32)?;
        out.push(LDC_W);
        out.extend_from_slice(&c.to_be_bytes());
    }
    match *probe {
        ProbeCall::Call { method_ref } => {
            out.push(INVOKESTATIC);
            out.extend_from_slice(&method_ref.to_be_bytes());
        }
        ProbeCall::Flag { .. } => {
            out.push(ICONST_1);
            out.push(BASTORE);
        }
        ProbeCall::Field { .. } => {}
    }
    Ok(())
}

fn rel32(from: u32, to: u32) -> i32 {
    // Both are < 65536 (checked before emitting), so the difference always fits.
    (to as i64 - from as i64) as i32
}

/// Rewrites one method. See the module docs; `first_probe + k` is the id of `plan.sites[k]`.
pub fn instrument_method(
    code: &CodeAttribute<'_>,
    cp: &mut ConstantPool<'_>,
    method: &MethodSig<'_>,
    plan: &MethodPlan,
    first_probe: u32,
    probe: &ProbeCall,
    major_version: u16,
) -> Result<CodeAttribute<'static>, RewriteError> {
    let insns = decode(&code.code)?;
    instrument_decoded_cmp(code, &insns, cp, method, plan, first_probe, probe, major_version, &[])
}

/// Straight-line, frame-free code added around original instructions (the solver's trace mode,
/// `trace`), each list sorted by instruction index with at most one entry per index:
/// - `pre[i]` runs only when execution falls into instruction `i` (after its `Fallthrough`
///   probes, before its label): never after an unconditional instruction;
/// - `label[i]` runs at `i`'s label, after the comparison logging, on every path into `i`;
/// - `replace[i]` is emitted instead of instruction `i`'s own bytes and must be as long (a
///   call plus `nop`s): no offset moves.
///
/// `extra_stack` is the most stack words any of them needs above the method's own.
#[derive(Debug, Default)]
pub struct Inserts {
    pub pre: Vec<(usize, Vec<u8>)>,
    pub label: Vec<(usize, Vec<u8>)>,
    pub replace: Vec<(usize, Vec<u8>)>,
    pub extra_stack: u16,
}

/// [`instrument_method`] for a caller that already holds `decode(&code.code)` (the class
/// rewriter decodes once for planning and rewriting: decoding is a large share of the cost),
/// plus comparison-operand logging (`cmplog`, the fuzzer's configuration): the sequence of each
/// of `cmp` (in instruction order) goes at its instruction's label, after the `Label` probes.
/// With `cmp` empty the output is exactly [`instrument_method`]'s.
#[allow(clippy::too_many_arguments)]
pub fn instrument_decoded_cmp(
    code: &CodeAttribute<'_>,
    insns: &[Insn],
    cp: &mut ConstantPool<'_>,
    method: &MethodSig<'_>,
    plan: &MethodPlan,
    first_probe: u32,
    probe: &ProbeCall,
    major_version: u16,
    cmp: &[CmpSite],
) -> Result<CodeAttribute<'static>, RewriteError> {
    instrument_decoded_with(code, insns, cp, method, plan, first_probe, probe, major_version, cmp, &Inserts::default())
}

/// [`instrument_decoded_cmp`] plus [`Inserts`].
#[allow(clippy::too_many_arguments)]
pub fn instrument_decoded_with(
    code: &CodeAttribute<'_>,
    insns: &[Insn],
    cp: &mut ConstantPool<'_>,
    method: &MethodSig<'_>,
    plan: &MethodPlan,
    first_probe: u32,
    probe: &ProbeCall,
    major_version: u16,
    cmp: &[CmpSite],
    inserts: &Inserts,
) -> Result<CodeAttribute<'static>, RewriteError> {
    let bytes: &[u8] = &code.code;
    if insns.last().map(Insn::end) != Some(bytes.len() as u32) {
        // Not this code's decoding: refuse rather than emit garbage.
        return Err(RewriteError::Internal(0));
    }
    for insn in insns {
        if matches!(insn.opcode, JSR | JSR_W | RET) || matches!(insn.kind, InsnKind::Ret { .. }) {
            return Err(RewriteError::Subroutine(insn.offset));
        }
    }
    if let Some(last) = insns.last().filter(|l| is_conditional_branch(l.opcode)) {
        // Execution could fall off the end (the verifier rejects that), and a widened
        // `if` would have no next instruction to skip to.
        return Err(RewriteError::FallsOffEnd(last.offset));
    }
    let n = insns.len();
    let index_of = index_table(insns, bytes.len());
    let mut placements = place(plan, insns, &index_of, first_probe, probe.code_len())?;
    // Comparison logging sits at the label, after the `Label` probes.
    let mut extra_stack: u16 = probe.extra_stack();
    for (k, site) in cmp.iter().enumerate() {
        let slot = placements.label_len.get_mut(site.index);
        let in_order = k == 0 || cmp[k - 1].index < site.index;
        let (Some(slot), true) = (slot, in_order) else {
            return Err(RewriteError::InvalidPlan(format!("comparison site at instruction {}", site.index)));
        };
        *slot += site.kind.code_len();
        extra_stack = extra_stack.max(site.kind.extra_stack());
    }
    add_inserts(inserts, insns, &mut placements)?;
    extra_stack = extra_stack.max(inserts.extra_stack);

    // Destinations of every jump / switch entry, flat: instruction i's are
    // `dests[dest_start[i]..dest_start[i + 1]]`.
    let mut dests: Vec<Dest> = Vec::new();
    let mut dest_start: Vec<u32> = Vec::with_capacity(n + 1);
    let mut first_dest: Vec<Option<Dest>> = Vec::with_capacity(n);
    for insn in insns {
        dest_start.push(dests.len() as u32);
        let first = dests.len();
        for t in insn.targets_iter() {
            let dest = match placements.edge.get(&(insn.offset, t)) {
                Some(&k) => Dest::Trampoline(k),
                None => Dest::Label(lookup(&index_of, t).ok_or(RewriteError::Internal(t))?),
            };
            dests.push(dest);
        }
        first_dest.push(dests.get(first).copied());
    }
    dest_start.push(dests.len() as u32);
    let tramp_len: Vec<u32> = placements.tramps.iter().map(|t| t.count * probe.code_len() + 5).collect();
    let lay = layout(&LayoutInput {
        insns,
        pre_len: &placements.pre_len,
        label_len: &placements.label_len,
        dests: &first_dest,
        tramp_len: &tramp_len,
    });
    if lay.len > u16::MAX as u32 {
        return Err(RewriteError::TooLarge { what: "code_length", len: lay.len as u64 });
    }
    if code.max_stack > u16::MAX - extra_stack {
        return Err(RewriteError::TooLarge { what: "max_stack", len: code.max_stack as u64 + extra_stack as u64 });
    }

    let mut stack_map = new_stack_map(code, cp, method, insns, &index_of, &placements, &lay, major_version)?;

    // Emit the code.
    let mut out: Vec<u8> = Vec::with_capacity(lay.len as usize);
    let mut inline = placements.inline.iter().peekable();
    let mut cmp_sites = cmp.iter().peekable();
    let mut pre = inserts.pre.iter().peekable();
    let mut label = inserts.label.iter().peekable();
    let mut replace = inserts.replace.iter().peekable();
    for (i, insn) in insns.iter().enumerate() {
        for position in 0..2u8 {
            while let Some(&&(_, _, id)) = inline.peek().filter(|e| e.0 as usize == i && e.1 == position) {
                emit_probe(&mut out, id, cp, probe)?;
                inline.next();
            }
            if position == 0 {
                if let Some((_, code)) = pre.next_if(|p| p.0 == i) {
                    out.extend_from_slice(code);
                }
            }
        }
        if let Some(site) = cmp_sites.next_if(|s| s.index == i) {
            cmplog::emit(&mut out, site, cp)?;
        }
        if let Some((_, code)) = label.next_if(|p| p.0 == i) {
            out.extend_from_slice(code);
        }
        if let Some((_, code)) = replace.next_if(|p| p.0 == i) {
            if out.len() as u32 != lay.insn[i] {
                return Err(RewriteError::Internal(insn.offset));
            }
            out.extend_from_slice(code);
            continue;
        }
        let at = out.len() as u32;
        if at != lay.insn[i] {
            return Err(RewriteError::Internal(insn.offset));
        }
        let my_dests = &dests[dest_start[i] as usize..dest_start[i + 1] as usize];
        let dest = |k: usize| my_dests.get(k).map(|&d| lay.dest_offset(d)).ok_or(RewriteError::Internal(insn.offset));
        match &insn.kind {
            InsnKind::Branch { .. } => {
                let to = dest(0)?;
                if is_conditional_branch(insn.opcode) {
                    if lay.wide[i] {
                        let inv = invert_condition(insn.opcode).ok_or(RewriteError::Internal(insn.offset))?;
                        write_branch16(&mut out, inv, 8);
                        write_branch32(&mut out, GOTO_W, rel32(at + 3, to));
                    } else {
                        write_branch16(&mut out, insn.opcode, rel32(at, to) as i16);
                    }
                } else if insn.opcode == GOTO && !lay.wide[i] {
                    write_branch16(&mut out, GOTO, rel32(at, to) as i16);
                } else {
                    // goto (widened) and goto_w; jsr was refused above.
                    write_branch32(&mut out, GOTO_W, rel32(at, to));
                }
            }
            InsnKind::TableSwitch { low, high, targets, .. } => {
                let mut rels = Vec::with_capacity(targets.len());
                for k in 0..targets.len() {
                    rels.push(rel32(at, dest(k + 1)?));
                }
                write_tableswitch(&mut out, rel32(at, dest(0)?), *low, *high, &rels);
            }
            InsnKind::LookupSwitch { pairs, .. } => {
                let mut rels = Vec::with_capacity(pairs.len());
                for (k, (key, _)) in pairs.iter().enumerate() {
                    rels.push((*key, rel32(at, dest(k + 1)?)));
                }
                write_lookupswitch(&mut out, rel32(at, dest(0)?), &rels);
            }
            _ => out.extend_from_slice(insn.bytes(bytes)),
        }
    }
    let mut tramp_ids = placements.tramp_ids.iter().peekable();
    for (k, t) in placements.tramps.iter().enumerate() {
        if out.len() as u32 != lay.tramp[k] {
            return Err(RewriteError::Internal(out.len() as u32));
        }
        while let Some(&&(_, id)) = tramp_ids.peek().filter(|e| e.0 as usize == k) {
            emit_probe(&mut out, id, cp, probe)?;
            tramp_ids.next();
        }
        let at = out.len() as u32;
        write_branch32(&mut out, GOTO_W, rel32(at, lay.label[t.target_index]));
    }
    if out.len() as u32 != lay.len {
        return Err(RewriteError::Internal(out.len() as u32));
    }

    // Exception table: [label(start), pre(end)) -> label(handler).
    let mut exception_table = Vec::with_capacity(code.exception_table.len());
    for (k, e) in code.exception_table.iter().enumerate() {
        let bad = || RewriteError::BadExceptionEntry(k);
        let s = lookup(&index_of, e.start_pc as u32).filter(|&i| i < n).ok_or_else(bad)?;
        let en = lookup(&index_of, e.end_pc as u32).ok_or_else(bad)?;
        let h = lookup(&index_of, e.handler_pc as u32).filter(|&i| i < n).ok_or_else(bad)?;
        exception_table.push(ExceptionEntry {
            start_pc: lay.label[s] as u16,
            end_pc: lay.pre[en] as u16,
            handler_pc: lay.label[h] as u16,
            catch_type: e.catch_type,
        });
    }

    // Sub-attributes.
    let map = OffsetMap { index_of: &index_of, layout: &lay };
    let mut attributes = Vec::with_capacity(code.attributes.len());
    for a in &code.attributes {
        let raw: &[u8] = match &a.info {
            AttributeInfo::Raw(r) => r,
            // A Code attribute inside Code is malformed; keep nothing we cannot interpret.
            AttributeInfo::Code(_) => return Err(RewriteError::Attribute(RemapError::Malformed("Code"))),
        };
        let name = cp.utf8_bytes(a.name_index).unwrap_or(&[]);
        let info: Option<Vec<u8>> = match name {
            // At most one StackMapTable (new_stack_map refuses more).
            b"StackMapTable" => stack_map.take(),
            b"LineNumberTable" => Some(remap::line_numbers(raw, &map)?),
            b"LocalVariableTable" => Some(remap::local_variables(raw, &map, "LocalVariableTable")?),
            b"LocalVariableTypeTable" => Some(remap::local_variables(raw, &map, "LocalVariableTypeTable")?),
            b"RuntimeVisibleTypeAnnotations" => {
                Some(remap::type_annotations(raw, &map, "RuntimeVisibleTypeAnnotations")?)
            }
            b"RuntimeInvisibleTypeAnnotations" => {
                Some(remap::type_annotations(raw, &map, "RuntimeInvisibleTypeAnnotations")?)
            }
            _ => Some(raw.to_vec()),
        };
        if let Some(info) = info {
            attributes.push(Attribute { name_index: a.name_index, info: AttributeInfo::Raw(Cow::Owned(info)) });
        }
    }

    Ok(CodeAttribute {
        max_stack: code.max_stack + extra_stack,
        max_locals: code.max_locals,
        code: Cow::Owned(out),
        exception_table,
        attributes,
    })
}

/// Adds the lengths of `inserts` to the placements, checking what [`Inserts`] promises.
fn add_inserts(inserts: &Inserts, insns: &[Insn], placements: &mut Placements) -> Result<(), RewriteError> {
    let bad = |what: &str, i: usize| RewriteError::InvalidPlan(format!("{what} insert at instruction {i}"));
    let sorted = |v: &[(usize, Vec<u8>)]| v.windows(2).all(|w| w[0].0 < w[1].0);
    if !sorted(&inserts.pre) || !sorted(&inserts.label) || !sorted(&inserts.replace) {
        return Err(RewriteError::InvalidPlan("inserts out of order".into()));
    }
    for (i, code) in &inserts.pre {
        if *i > 0 && insns.get(*i - 1).is_none_or(|p| is_unconditional(p.opcode)) {
            return Err(bad("pre", *i));
        }
        *placements.pre_len.get_mut(*i).ok_or_else(|| bad("pre", *i))? += code.len() as u32;
    }
    for (i, code) in &inserts.label {
        *placements.label_len.get_mut(*i).ok_or_else(|| bad("label", *i))? += code.len() as u32;
    }
    for (i, code) in &inserts.replace {
        let insn = insns.get(*i).ok_or_else(|| bad("replace", *i))?;
        if insn.len as usize != code.len()
            || !matches!(insn.kind, InsnKind::Plain | InsnKind::Invoke { .. } | InsnKind::TypeRef { .. })
        {
            return Err(bad("replace", *i));
        }
    }
    Ok(())
}

/// Builds the new StackMapTable `info`, or `None` when the method has none (or, for
/// pre-50 classes, whose verifier ignores the table, when it cannot be maintained).
#[allow(clippy::too_many_arguments)]
fn new_stack_map(
    code: &CodeAttribute<'_>,
    cp: &mut ConstantPool<'_>,
    method: &MethodSig<'_>,
    insns: &[Insn],
    index_of: &[u32],
    placements: &Placements,
    lay: &Layout,
    major_version: u16,
) -> Result<Option<Vec<u8>>, RewriteError> {
    let raw: Option<&[u8]> = {
        let mut found = code
            .attributes
            .iter()
            .filter(|a| cp.utf8_bytes(a.name_index) == Some(b"StackMapTable".as_slice()))
            .filter_map(|a| a.raw());
        let raw = found.next();
        if found.next().is_some() {
            return Err(RewriteError::DuplicateStackMapTable);
        }
        raw
    };
    let widened_if = (0..insns.len()).any(|i| lay.wide[i] && is_conditional_branch(insns[i].opcode));
    let Some(raw) = raw else {
        // Class files >= 51 must type-check: new jump targets need frames we cannot build
        // without the method's existing ones. 50 falls back to the old verifier.
        if major_version >= 51 && (widened_if || !placements.tramps.is_empty()) {
            let at = placements.tramps.first().map_or(0, |_| lay.main_end);
            return Err(RewriteError::MissingFrame(at));
        }
        return Ok(None);
    };
    match build_stack_map(raw, code, cp, method, insns, index_of, placements, lay, widened_if) {
        Ok(b) => Ok(Some(b)),
        // Before version 50 the table is ignored by the JVM: drop it rather than fail.
        Err(_) if major_version < 50 => Ok(None),
        Err(e) => Err(e),
    }
}

#[allow(clippy::too_many_arguments)]
fn build_stack_map(
    raw: &[u8],
    code: &CodeAttribute<'_>,
    cp: &mut ConstantPool<'_>,
    method: &MethodSig<'_>,
    insns: &[Insn],
    index_of: &[u32],
    placements: &Placements,
    lay: &Layout,
    widened_if: bool,
) -> Result<Vec<u8>, RewriteError> {
    let n = insns.len();
    let is_static = method.access_flags & access::STATIC != 0;
    let init = frames::initial_locals(method.this_class, method.name, method.descriptor, is_static)?;
    let mut names = ClassNames::default();
    let old = frames::decode(raw, &init, cp, &mut names)?;

    // uninitialized(X) follows the `new` itself, never a probe inserted before it.
    let remap_types = |v: &[VType]| -> Result<Vec<VType>, RewriteError> {
        v.iter()
            .map(|t| match t {
                VType::Uninitialized(o) => lookup(index_of, *o)
                    .filter(|&i| i < n)
                    .map(|i| VType::Uninitialized(lay.insn[i]))
                    .ok_or(RewriteError::BadFrameOffset(*o)),
                t => Ok(t.clone()),
            })
            .collect()
    };
    let moved = |f: &Frame, offset: u32| -> Result<Frame, RewriteError> {
        Ok(Frame { offset, locals: remap_types(&f.locals)?, stack: remap_types(&f.stack)? })
    };

    if !widened_if {
        // `old` is not needed in original terms afterwards: move its frames in place.
        let mut old = old;
        let orig_offsets: Vec<u32> = old.iter().map(|f| f.offset).collect();
        let remap_in_place = |v: &mut [VType]| -> Result<(), RewriteError> {
            for t in v {
                if let VType::Uninitialized(o) = t {
                    let i = lookup(index_of, *o).filter(|&i| i < n).ok_or(RewriteError::BadFrameOffset(*o))?;
                    *o = lay.insn[i];
                }
            }
            Ok(())
        };
        for f in &mut old {
            let i = lookup(index_of, f.offset).filter(|&i| i < n).ok_or(RewriteError::BadFrameOffset(f.offset))?;
            f.offset = lay.label[i];
            remap_in_place(&mut f.locals)?;
            remap_in_place(&mut f.stack)?;
        }
        let mut new = old;
        new.reserve(placements.tramps.len());
        let main = new.len();
        for (k, t) in placements.tramps.iter().enumerate() {
            let target = insns[t.target_index].offset;
            let j = orig_offsets
                .binary_search(&target)
                .ok()
                .filter(|&j| j < main)
                .ok_or(RewriteError::MissingFrame(target))?;
            let mut f = new[j].clone();
            f.offset = lay.tramp[k];
            new.push(f);
        }
        new.sort_by_key(|f| f.offset);
        return Ok(frames::encode(&new, &init, cp, &mut names)?);
    }
    let mut new = Vec::with_capacity(old.len() + placements.tramps.len());
    for f in &old {
        let i = lookup(index_of, f.offset).filter(|&i| i < n).ok_or(RewriteError::BadFrameOffset(f.offset))?;
        new.push(moved(f, lay.label[i])?);
    }
    for (k, t) in placements.tramps.iter().enumerate() {
        let target = insns[t.target_index].offset;
        let f = old
            .binary_search_by_key(&target, |f| f.offset)
            .ok()
            .and_then(|j| old.get(j))
            .ok_or(RewriteError::MissingFrame(target))?;
        new.push(moved(f, lay.tramp[k])?);
    }
    if widened_if {
        for f in widened_frames(code, cp, method, insns, &old, &init, lay)? {
            new.push(moved(&f.1, f.0)?);
        }
    }
    new.sort_by_key(|f| f.offset);
    Ok(frames::encode(&new, &init, cp, &mut names)?)
}

/// Frames for the instruction after each widened `if` (`if!cond +8; goto_w L` makes it a
/// jump target). Returns (new offset, frame in original-offset terms).
fn widened_frames(
    code: &CodeAttribute<'_>,
    cp: &ConstantPool<'_>,
    method: &MethodSig<'_>,
    insns: &[Insn],
    old: &[Frame],
    init: &[VType],
    lay: &Layout,
) -> Result<Vec<(u32, Frame)>, RewriteError> {
    let env = Env { code: &code.code[..], cp, this_class: method.this_class };
    let mut out = Vec::new();
    let mut state = Some(State::from_frame(&Frame { offset: 0, locals: init.to_vec(), stack: Vec::new() }));
    let mut fi = 0;
    let last_wide = (0..insns.len()).rev().find(|&i| lay.wide[i] && is_conditional_branch(insns[i].opcode));
    let Some(last_wide) = last_wide else {
        return Ok(out);
    };
    for (i, insn) in insns.iter().enumerate().take(last_wide + 1) {
        while fi < old.len() && old[fi].offset < insn.offset {
            fi += 1;
        }
        if let Some(f) = old.get(fi).filter(|f| f.offset == insn.offset) {
            state = Some(State::from_frame(f));
        }
        let wide_if = lay.wide[i] && is_conditional_branch(insn.opcode);
        let step = match state.as_mut() {
            Some(s) => s.step(insn, &env),
            None => Err(InterpError::Unsupported(insn.offset)),
        };
        if let Err(err) = step {
            if wide_if {
                return Err(RewriteError::Interp { offset: insn.offset, err });
            }
            // Unconditional (or untypable): nothing is known until the next frame.
            state = None;
            continue;
        }
        if wide_if {
            let next = i + 1;
            let next_off = insns.get(next).map(|x| x.offset).ok_or(RewriteError::FallsOffEnd(insn.offset))?;
            // If no probes sit before the next label, the original frame there (if any)
            // already lands on the inverted `if`'s target.
            let has_frame = old.binary_search_by_key(&next_off, |f| f.offset).is_ok();
            if !(has_frame && lay.pre[next] == lay.label[next]) {
                if let Some(s) = &state {
                    out.push((lay.pre[next], s.to_frame(next_off)));
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
