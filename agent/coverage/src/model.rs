//! A method as JaCoCo sees it: an emulation of the node list ASM's `ClassReader` builds into
//! a `MethodNode` (labels, line numbers, frames and instructions, in that order per offset).
//!
//! Why emulate ASM at all: JaCoCo's filters match javac shapes node by node, and several of
//! them look at the *raw* neighbour of a node (`getNext() == defaultLabel`,
//! `getNext().getOpcode() == GOTO`), so where ASM puts a label or a frame changes what they
//! match. ASM creates one label per offset that something refers to: branch and switch
//! targets, exception-table start/end/handler, LineNumberTable starts, LocalVariable(Type)Table
//! ranges, StackMapTable frames and `uninitialized(new)` entries. Opcodes are normalised the
//! way ASM does (`aload_1` -> `ALOAD 1`, `goto_w` -> `GOTO`, `ldc_w` -> `LDC`, `wide` -> base).

use std::borrow::Cow;

use super::CoverageError;
use jvmfuzz_classfile::attrs::{self, name_is};
use jvmfuzz_classfile::bytecode::{self, opcodes::*, InsnKind};
use jvmfuzz_classfile::{ClassFile, ConstantPool, CpEntry, Member};
use jvmfuzz_instrument::plan::LineEntry;

/// One node of the emulated `InsnList`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Node {
    /// The label at this offset.
    Label(u32),
    /// A line number entry (ASM keeps line 0; JaCoCo counts it like any line).
    Line(u32),
    Frame,
    /// Index into [`MethodModel::insns`].
    Insn(usize),
}

/// Operands the filters look at. Names borrow from the class bytes: most constant-pool
/// strings are plain ASCII, and copying three per member instruction made the model's
/// allocations the largest cost of an analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Arg<'a> {
    None,
    Var(u16),
    Jump(u32),
    Switch {
        dflt: u32,
        labels: Vec<u32>,
    },
    /// Method or field reference.
    Member {
        owner: Cow<'a, str>,
        name: Cow<'a, str>,
        desc: Cow<'a, str>,
    },
    /// Type operand of new/anewarray/checkcast/instanceof/multianewarray.
    Type(Cow<'a, str>),
    /// A `String` constant of `ldc` (the Kotlin filters recognise generated code by the
    /// messages of the exceptions it throws). Other constants are [`Arg::None`].
    Str(Cow<'a, str>),
    Indy {
        name: Cow<'a, str>,
        bsm_owner: String,
        bsm_name: String,
    },
}

#[derive(Debug, Clone)]
pub(crate) struct Insn<'a> {
    pub offset: u32,
    /// ASM-normalised opcode.
    pub op: u8,
    pub arg: Arg<'a>,
}

#[derive(Debug, Clone)]
pub(crate) struct TryCatch<'a> {
    /// Node indices of the start/end/handler labels (ASM uses label identity; one per offset).
    pub start: usize,
    pub end: usize,
    pub handler: usize,
    /// `None` = any (finally).
    pub catch_type: Option<Cow<'a, str>>,
}

/// Everything the instruction builder and the filters need about one method.
#[derive(Debug, Clone)]
pub(crate) struct MethodModel<'a> {
    pub name: String,
    pub desc: String,
    pub access: u16,
    pub nodes: Vec<Node>,
    pub insns: Vec<Insn<'a>>,
    /// (offset, node index of the label at that offset), sorted by offset.
    pub labels: Vec<(u32, usize)>,
    pub try_catch: Vec<TryCatch<'a>>,
    /// Descriptors of the method's visible and invisible annotations.
    pub annotations: Vec<String>,
    /// Raw decoded instructions (offsets and control flow, for the probe plan).
    pub raw: Vec<bytecode::Insn>,
    pub lines: Vec<LineEntry>,
}

impl<'a> MethodModel<'a> {
    /// Builds the model. `bsms` are the class's bootstrap methods (owner, name).
    pub(crate) fn build(
        cp: &ConstantPool<'a>,
        member: &Member<'_>,
        bsms: &[(String, String)],
        cache: &mut OperandCache<'a>,
    ) -> Result<Option<MethodModel<'a>>, CoverageError> {
        let name = member.name(cp)?.into_owned();
        let desc = member.descriptor(cp)?.into_owned();
        let mut annotations = Vec::new();
        for a in &member.attributes {
            if name_is(cp, a, "RuntimeVisibleAnnotations") || name_is(cp, a, "RuntimeInvisibleAnnotations") {
                if let Some(raw) = a.raw() {
                    annotations.extend(attrs::annotation_types(cp, raw)?);
                }
            }
        }
        let Some(code) = member.code() else { return Ok(None) };
        let raw = bytecode::decode(&code.code)?;
        let code_len = code.code.len() as u32;
        let at = |off: u32| bytecode::index_at(&raw, off);

        // Which offsets get a label (see module docs), and the line/frame nodes per offset.
        // Bit sets over the offsets, not ordered sets: this runs for every method of every
        // class analysed, during the run and at exit.
        let mut label_at = OffsetSet::new(code_len);
        for i in &raw {
            for t in i.targets() {
                label_at.insert(t);
            }
        }
        for e in &code.exception_table {
            for o in [e.start_pc as u32, e.end_pc as u32, e.handler_pc as u32] {
                label_at.insert(o);
            }
        }
        let lines = jvmfuzz_instrument::plan::line_numbers(code, cp)?;
        let mut frames = OffsetSet::new(code_len);
        for a in &code.attributes {
            let Some(bytes) = a.raw() else { continue };
            if name_is(cp, a, "LocalVariableTable") || name_is(cp, a, "LocalVariableTypeTable") {
                for (s, e) in attrs::local_variable_ranges(bytes)? {
                    label_at.insert(s);
                    label_at.insert(e);
                }
            } else if name_is(cp, a, "StackMapTable") {
                let (f, uninit) = attrs::frame_offsets(bytes)?;
                for o in f {
                    label_at.insert(o);
                    frames.insert(o);
                }
                for o in uninit {
                    if at(o).is_some_and(|i| raw[i].opcode == NEW) {
                        label_at.insert(o);
                    }
                }
            }
        }
        // Line entries in table order per offset (ASM adds one node per entry).
        let mut lines_at: Vec<(u32, u32)> = Vec::with_capacity(lines.len());
        for &(pc, line) in &lines {
            if at(pc).is_some() {
                label_at.insert(pc);
                lines_at.push((pc, line as u32));
            }
        }
        lines_at.sort_by_key(|&(pc, _)| pc);

        let mut nodes = Vec::with_capacity(raw.len() * 2);
        // Built in offset order, so already sorted for `label`'s binary search.
        let mut labels: Vec<(u32, usize)> = Vec::new();
        let mut insns = Vec::with_capacity(raw.len());
        let mut next_line = 0;
        for ri in &raw {
            let off = ri.offset;
            // Labels at offsets that are not instruction starts (or the end) are never visited.
            if label_at.contains(off) {
                labels.push((off, nodes.len()));
                nodes.push(Node::Label(off));
                while next_line < lines_at.len() && lines_at[next_line].0 < off {
                    next_line += 1;
                }
                while next_line < lines_at.len() && lines_at[next_line].0 == off {
                    nodes.push(Node::Line(lines_at[next_line].1));
                    next_line += 1;
                }
            }
            if frames.contains(off) {
                nodes.push(Node::Frame);
            }
            let (op, arg) = operands(cp, bsms, &code.code, ri, cache)?;
            insns.push(Insn { offset: off, op, arg });
            nodes.push(Node::Insn(insns.len() - 1));
        }
        if label_at.contains(code_len) {
            labels.push((code_len, nodes.len()));
            nodes.push(Node::Label(code_len));
        }
        let mut try_catch = Vec::with_capacity(code.exception_table.len());
        for e in &code.exception_table {
            let node = |o: u16| label_in(&labels, o as u32).ok_or(CoverageError::BadCode("exception table offset"));
            let catch_type = if e.catch_type == 0 { None } else { Some(cp.class_name(e.catch_type)?) };
            try_catch.push(TryCatch {
                start: node(e.start_pc)?,
                end: node(e.end_pc)?,
                handler: node(e.handler_pc)?,
                catch_type,
            });
        }
        Ok(Some(MethodModel {
            name,
            desc,
            access: member.access_flags,
            nodes,
            insns,
            labels,
            try_catch,
            annotations,
            raw,
            lines,
        }))
    }

    // ---- node navigation, mirroring ASM's AbstractInsnNode API ----

    /// ASM's `getOpcode()`: -1 for labels, lines and frames.
    pub(crate) fn opcode(&self, node: usize) -> i32 {
        match self.nodes.get(node) {
            Some(Node::Insn(i)) => self.insns[*i].op as i32,
            _ => -1,
        }
    }

    /// The instruction at a node, if it is one.
    pub(crate) fn insn(&self, node: usize) -> Option<&Insn<'a>> {
        match self.nodes.get(node) {
            Some(Node::Insn(i)) => self.insns.get(*i),
            _ => None,
        }
    }

    pub(crate) fn next(&self, node: usize) -> Option<usize> {
        (node + 1 < self.nodes.len()).then_some(node + 1)
    }

    pub(crate) fn prev(&self, node: usize) -> Option<usize> {
        node.checked_sub(1)
    }

    /// ASM's `AbstractMatcher.skipNonOpcodes`: this node or the first instruction after it.
    pub(crate) fn skip_non_opcodes(&self, mut node: Option<usize>) -> Option<usize> {
        while let Some(n) = node {
            if matches!(self.nodes[n], Node::Insn(_)) {
                return Some(n);
            }
            node = self.next(n);
        }
        None
    }

    /// The next instruction strictly after `node` (FinallyFilter's `next`).
    pub(crate) fn next_insn(&self, node: usize) -> Option<usize> {
        self.skip_non_opcodes(self.next(node))
    }

    /// Node of the label at `offset` (every jump target has one).
    pub(crate) fn label(&self, offset: u32) -> Option<usize> {
        label_in(&self.labels, offset)
    }

    /// First and last node (`instructions.getFirst()/getLast()`).
    pub(crate) fn all(&self) -> Option<(usize, usize)> {
        (!self.nodes.is_empty()).then(|| (0, self.nodes.len() - 1))
    }
}

/// The node of the label at `offset` in `labels` (sorted by offset).
fn label_in(labels: &[(u32, usize)], offset: u32) -> Option<usize> {
    labels.binary_search_by_key(&offset, |&(o, _)| o).ok().map(|i| labels[i].1)
}

/// A set of bytecode offsets, sized for `0..=code_len`. An offset beyond the last word is
/// dropped, not a panic (a malformed table can name one); `build` only asks about instruction
/// starts and `code_len`, so what lies between `code_len` and the word's end never matters.
struct OffsetSet(Vec<u64>);

impl OffsetSet {
    fn new(code_len: u32) -> Self {
        OffsetSet(vec![0; code_len as usize / 64 + 1])
    }

    fn insert(&mut self, o: u32) {
        if let Some(w) = self.0.get_mut(o as usize / 64) {
            *w |= 1 << (o % 64);
        }
    }

    fn contains(&self, o: u32) -> bool {
        self.0.get(o as usize / 64).is_some_and(|w| w & (1 << (o % 64)) != 0)
    }
}

/// Operands already resolved in this class, by constant-pool index: the methods of a class
/// name the same members and types over and over.
pub(crate) struct OperandCache<'a>(Vec<Option<Arg<'a>>>);

impl<'a> OperandCache<'a> {
    pub(crate) fn new(cp: &ConstantPool<'a>) -> Self {
        OperandCache(vec![None; usize::from(cp.len())])
    }

    fn get_or(
        &mut self,
        idx: u16,
        resolve: impl FnOnce() -> Result<Arg<'a>, CoverageError>,
    ) -> Result<Arg<'a>, CoverageError> {
        if let Some(Some(a)) = self.0.get(idx as usize) {
            return Ok(a.clone());
        }
        let a = resolve()?;
        if let Some(slot) = self.0.get_mut(idx as usize) {
            *slot = Some(a.clone());
        }
        Ok(a)
    }
}

/// ASM-normalised opcode and resolved operands of one instruction.
fn operands<'a>(
    cp: &ConstantPool<'a>,
    bsms: &[(String, String)],
    code: &[u8],
    i: &bytecode::Insn,
    cache: &mut OperandCache<'a>,
) -> Result<(u8, Arg<'a>), CoverageError> {
    let base = i.base_opcode(code);
    let op = match base {
        ILOAD_0..=ALOAD_3 => ILOAD + (base - ILOAD_0) / 4,
        ISTORE_0..=ASTORE_3 => ISTORE + (base - ISTORE_0) / 4,
        GOTO_W => GOTO,
        JSR_W => JSR,
        LDC_W | LDC2_W => LDC,
        _ => base,
    };
    let member = |idx: u16| -> Result<Arg<'a>, CoverageError> {
        let m = cp.member_ref(idx)?;
        Ok(Arg::Member { owner: m.class, name: m.name, desc: m.descriptor })
    };
    let arg = match &i.kind {
        InsnKind::Local { index } => Arg::Var(*index),
        InsnKind::Branch { target } => Arg::Jump(*target),
        InsnKind::TableSwitch { default, targets, .. } => Arg::Switch { dflt: *default, labels: targets.clone() },
        InsnKind::LookupSwitch { default, pairs } => {
            Arg::Switch { dflt: *default, labels: pairs.iter().map(|p| p.1).collect() }
        }
        InsnKind::Invoke { cp_index } | InsnKind::Field { cp_index } => {
            cache.get_or(*cp_index, || member(*cp_index))?
        }
        InsnKind::TypeRef { cp_index } => cache.get_or(*cp_index, || Ok(Arg::Type(cp.class_name(*cp_index)?)))?,
        InsnKind::Ldc { cp_index } => match cp.entry(*cp_index) {
            Some(CpEntry::String { .. }) => cache.get_or(*cp_index, || Ok(Arg::Str(cp.string(*cp_index)?)))?,
            _ => Arg::None,
        },
        InsnKind::InvokeDynamic { cp_index } => match cp.entry(*cp_index) {
            Some(CpEntry::InvokeDynamic { bootstrap_method_attr_index, name_and_type_index }) => {
                let (name, _) = cp.name_and_type(name_and_type_index)?;
                let (bsm_owner, bsm_name) = bsms.get(bootstrap_method_attr_index as usize).cloned().unwrap_or_default();
                Arg::Indy { name, bsm_owner, bsm_name }
            }
            _ => return Err(CoverageError::BadCode("invokedynamic operand")),
        },
        _ => Arg::None,
    };
    Ok((op, arg))
}

/// Class-level facts the filters consult (JaCoCo's `IFilterContext`).
#[derive(Debug, Clone, Default)]
pub(crate) struct ClassContext {
    pub name: String,
    pub super_name: Option<String>,
    pub annotations: Vec<String>,
    pub attribute_names: Vec<String>,
    pub source_file: Option<String>,
    /// The `SourceDebugExtension` attribute (Kotlin writes its SMAP there: where inlined code
    /// came from).
    pub source_debug_extension: Option<String>,
    /// The SMAP in [`ClassContext::source_debug_extension`], parsed (`None`: absent, or not
    /// of the shape JaCoCo's parser accepts).
    pub smap: Option<Vec<crate::smap::Mapping>>,
    /// State the Kotlin filters carry from one method of the class to the next.
    pub kotlin: KotlinClassState,
}

/// What JaCoCo's per-class filter instances remember between the methods of a class.
#[derive(Debug, Clone, Default)]
pub(crate) struct KotlinClassState {
    /// `KotlinSerializableFilter`: the first line of `$Companion.<init>()V` once that method
    /// was seen (`Some(None)`: it has no line), which a generated `serializer()` must share.
    pub companion_init_line: std::cell::Cell<Option<Option<u32>>>,
}

impl ClassContext {
    pub(crate) fn build(cf: &ClassFile<'_>) -> Result<(ClassContext, Vec<(String, String)>), CoverageError> {
        let cp = &cf.constant_pool;
        let mut ctx = ClassContext {
            name: cf.this_class_name()?.into_owned(),
            super_name: cf.super_class_name()?.map(|s| s.into_owned()),
            ..Default::default()
        };
        let mut bsms = Vec::new();
        for a in &cf.attributes {
            let name = cp.utf8(a.name_index).map(|s| s.into_owned()).unwrap_or_default();
            let raw = a.raw().unwrap_or(&[]);
            match name.as_str() {
                "RuntimeVisibleAnnotations" | "RuntimeInvisibleAnnotations" => {
                    ctx.annotations.extend(attrs::annotation_types(cp, raw)?)
                }
                "SourceFile" if raw.len() >= 2 => {
                    ctx.source_file = cp.utf8(u16::from_be_bytes([raw[0], raw[1]])).ok().map(|s| s.into_owned())
                }
                // Modified UTF-8, as ASM reads it; a malformed one is taken as absent.
                "SourceDebugExtension" => {
                    ctx.source_debug_extension = jvmfuzz_classfile::mutf8::decode(raw).map(|s| s.into_owned())
                }
                "BootstrapMethods" => bsms = attrs::bootstrap_methods(cp, raw)?,
                _ => {}
            }
            ctx.attribute_names.push(name);
        }
        if let (Some(file), Some(sde)) = (&ctx.source_file, &ctx.source_debug_extension) {
            ctx.smap = crate::smap::parse(file, sde);
        }
        Ok((ctx, bsms))
    }

    /// Kotlin classes get JaCoCo's Kotlin filter set instead of the synthetic filter.
    pub(crate) fn is_kotlin(&self) -> bool {
        self.annotations.iter().any(|a| a == "Lkotlin/Metadata;")
    }
}

#[cfg(test)]
mod tests {
    use super::OffsetSet;

    #[test]
    fn offset_set_holds_the_end_offset_and_ignores_offsets_past_it() {
        let mut s = OffsetSet::new(128);
        for o in [0, 63, 64, 127, 128, 129, 5000] {
            s.insert(o);
        }
        for o in [0, 63, 64, 127, 128] {
            assert!(s.contains(o), "{o}");
        }
        // 5000 lies beyond the last word: dropped, not a panic.
        assert!(!s.contains(5000));
        assert!(!s.contains(1) && !s.contains(126));
    }
}
