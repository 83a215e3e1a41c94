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

use std::collections::{BTreeSet, HashMap};

use super::attrs::{self, name_is};
use super::CoverageError;
use crate::bytecode::{self, opcodes::*, InsnKind};
use crate::classfile::{ClassFile, ConstantPool, CpEntry, Member};
use crate::instrument::plan::LineEntry;

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

/// Operands the filters look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Arg {
    None,
    Var(u16),
    Jump(u32),
    Switch { dflt: u32, labels: Vec<u32> },
    /// Method or field reference.
    Member { owner: String, name: String, desc: String },
    /// Type operand of new/anewarray/checkcast/instanceof/multianewarray.
    Type(String),
    Indy { name: String, bsm_owner: String, bsm_name: String },
}

#[derive(Debug, Clone)]
pub(crate) struct Insn {
    pub offset: u32,
    /// ASM-normalised opcode.
    pub op: u8,
    pub arg: Arg,
}

#[derive(Debug, Clone)]
pub(crate) struct TryCatch {
    /// Node indices of the start/end/handler labels (ASM uses label identity; one per offset).
    pub start: usize,
    pub end: usize,
    pub handler: usize,
    /// `None` = any (finally).
    pub catch_type: Option<String>,
}

/// Everything the instruction builder and the filters need about one method.
#[derive(Debug, Clone)]
pub(crate) struct MethodModel {
    pub name: String,
    pub desc: String,
    pub access: u16,
    pub nodes: Vec<Node>,
    pub insns: Vec<Insn>,
    /// Offset -> node index of the label at that offset.
    pub labels: HashMap<u32, usize>,
    pub try_catch: Vec<TryCatch>,
    /// Descriptors of the method's visible and invisible annotations.
    pub annotations: Vec<String>,
    /// Raw decoded instructions (offsets and control flow, for the probe plan).
    pub raw: Vec<bytecode::Insn>,
    pub lines: Vec<LineEntry>,
}

impl MethodModel {
    /// Builds the model. `bsms` are the class's bootstrap methods (owner, name).
    pub(crate) fn build(
        cp: &ConstantPool<'_>,
        member: &Member<'_>,
        bsms: &[(String, String)],
    ) -> Result<Option<MethodModel>, CoverageError> {
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
        let mut label_at: BTreeSet<u32> = BTreeSet::new();
        for i in &raw {
            label_at.extend(i.targets());
        }
        for e in &code.exception_table {
            label_at.extend([e.start_pc as u32, e.end_pc as u32, e.handler_pc as u32]);
        }
        let lines = crate::instrument::plan::line_numbers(code, cp)?;
        let mut frames: BTreeSet<u32> = BTreeSet::new();
        for a in &code.attributes {
            let Some(bytes) = a.raw() else { continue };
            if name_is(cp, a, "LocalVariableTable") || name_is(cp, a, "LocalVariableTypeTable") {
                for (s, e) in attrs::local_variable_ranges(bytes)? {
                    label_at.extend([s, e]);
                }
            } else if name_is(cp, a, "StackMapTable") {
                let (f, uninit) = attrs::frame_offsets(bytes)?;
                label_at.extend(f.iter().copied());
                frames.extend(f);
                label_at.extend(uninit.into_iter().filter(|&o| at(o).is_some_and(|i| raw[i].opcode == NEW)));
            }
        }
        // Labels at offsets that are not instruction starts (or the end) are never visited.
        label_at.retain(|&o| o == code_len || at(o).is_some());
        let mut lines_at: HashMap<u32, Vec<u32>> = HashMap::new();
        for &(pc, line) in &lines {
            if at(pc).is_some() {
                label_at.insert(pc);
                lines_at.entry(pc).or_default().push(line as u32);
            }
        }

        let mut nodes = Vec::with_capacity(raw.len() * 2);
        let mut labels = HashMap::new();
        let mut insns = Vec::with_capacity(raw.len());
        for ri in &raw {
            let off = ri.offset;
            if label_at.contains(&off) {
                labels.insert(off, nodes.len());
                nodes.push(Node::Label(off));
                for &l in lines_at.get(&off).map(|v| v.as_slice()).unwrap_or(&[]) {
                    nodes.push(Node::Line(l));
                }
            }
            if frames.contains(&off) {
                nodes.push(Node::Frame);
            }
            let (op, arg) = operands(cp, bsms, &code.code, ri)?;
            insns.push(Insn { offset: off, op, arg });
            nodes.push(Node::Insn(insns.len() - 1));
        }
        if label_at.contains(&code_len) {
            labels.insert(code_len, nodes.len());
            nodes.push(Node::Label(code_len));
        }
        let mut try_catch = Vec::with_capacity(code.exception_table.len());
        for e in &code.exception_table {
            let node = |o: u16| labels.get(&(o as u32)).copied().ok_or(CoverageError::BadCode("exception table offset"));
            let catch_type =
                if e.catch_type == 0 { None } else { Some(cp.class_name(e.catch_type)?.into_owned()) };
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
    pub(crate) fn insn(&self, node: usize) -> Option<&Insn> {
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
        self.labels.get(&offset).copied()
    }

    /// First and last node (`instructions.getFirst()/getLast()`).
    pub(crate) fn all(&self) -> Option<(usize, usize)> {
        (!self.nodes.is_empty()).then(|| (0, self.nodes.len() - 1))
    }
}

/// ASM-normalised opcode and resolved operands of one instruction.
fn operands(
    cp: &ConstantPool<'_>,
    bsms: &[(String, String)],
    code: &[u8],
    i: &bytecode::Insn,
) -> Result<(u8, Arg), CoverageError> {
    let base = i.base_opcode(code);
    let op = match base {
        ILOAD_0..=ALOAD_3 => ILOAD + (base - ILOAD_0) / 4,
        ISTORE_0..=ASTORE_3 => ISTORE + (base - ISTORE_0) / 4,
        GOTO_W => GOTO,
        JSR_W => JSR,
        LDC_W | LDC2_W => LDC,
        _ => base,
    };
    let member = |idx: u16| -> Result<Arg, CoverageError> {
        let m = cp.member_ref(idx)?;
        Ok(Arg::Member { owner: m.class.into_owned(), name: m.name.into_owned(), desc: m.descriptor.into_owned() })
    };
    let arg = match &i.kind {
        InsnKind::Local { index } => Arg::Var(*index),
        InsnKind::Branch { target } => Arg::Jump(*target),
        InsnKind::TableSwitch { default, targets, .. } => Arg::Switch { dflt: *default, labels: targets.clone() },
        InsnKind::LookupSwitch { default, pairs } => {
            Arg::Switch { dflt: *default, labels: pairs.iter().map(|p| p.1).collect() }
        }
        InsnKind::Invoke { cp_index } | InsnKind::Field { cp_index } => member(*cp_index)?,
        InsnKind::TypeRef { cp_index } => Arg::Type(cp.class_name(*cp_index)?.into_owned()),
        InsnKind::InvokeDynamic { cp_index } => match cp.entry(*cp_index) {
            Some(CpEntry::InvokeDynamic { bootstrap_method_attr_index, name_and_type_index }) => {
                let (name, _) = cp.name_and_type(name_and_type_index)?;
                let (bsm_owner, bsm_name) = bsms.get(bootstrap_method_attr_index as usize).cloned().unwrap_or_default();
                Arg::Indy { name: name.into_owned(), bsm_owner, bsm_name }
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
                "BootstrapMethods" => bsms = attrs::bootstrap_methods(cp, raw)?,
                _ => {}
            }
            ctx.attribute_names.push(name);
        }
        Ok((ctx, bsms))
    }

    /// Kotlin classes get JaCoCo's Kotlin filter set instead of the synthetic filter.
    pub(crate) fn is_kotlin(&self) -> bool {
        self.annotations.iter().any(|a| a == "Lkotlin/Metadata;")
    }
}
