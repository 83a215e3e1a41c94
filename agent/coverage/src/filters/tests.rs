//! The Java filters' unit tests live with the javac-compiled fixtures in
//! `agent/tests/coverage_*.rs`. The Kotlin filters are tested here, each on the instruction
//! shape kotlinc emits (as JaCoCo's own filter tests do), written with [`Code`]; their
//! end-to-end test against JaCoCo's agent is `tests/tests/profile_kotlin.rs`.
use super::*;
use crate::model::{Insn, TryCatch};
use std::borrow::Cow;

#[test]
fn replacements_group_by_target_in_insertion_order() {
    let mut r = Replacements::default();
    r.add(5, 1, 0);
    r.add(7, 2, 1);
    r.add(5, 3, 1);
    assert_eq!(r.groups, vec![(5, vec![(1, 0), (3, 1)]), (7, vec![(2, 1)])]);
}

/// A label of [`Code`], placed with [`Code::label`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct L(usize);

/// An operand as written in a test.
enum A {
    None,
    Var(u16),
    Jump(L),
    Switch(L, Vec<L>),
    Member(&'static str, &'static str, &'static str),
    Type(&'static str),
    Str(&'static str),
}

enum Item {
    Label(L),
    Line(u32),
    Frame,
    Insn(u8, A),
}

/// Writes a method the way ASM's `MethodNode` visitor API does in JaCoCo's filter tests, and
/// builds the [`MethodModel`] our filters see. Every instruction takes one byte of offset; the
/// labels placed between two instructions share one node, as ASM gives one label per offset.
pub(crate) struct Code {
    name: String,
    desc: String,
    access: u16,
    annotations: Vec<String>,
    items: Vec<Item>,
    labels: usize,
    handlers: Vec<(L, L, L, Option<&'static str>)>,
}

impl Code {
    pub(crate) fn new(name: &str, desc: &str) -> Code {
        Code {
            name: name.into(),
            desc: desc.into(),
            access: 0,
            annotations: Vec::new(),
            items: Vec::new(),
            labels: 0,
            handlers: Vec::new(),
        }
    }

    pub(crate) fn access(mut self, access: u16) -> Code {
        self.access = access;
        self
    }

    pub(crate) fn annotation(mut self, desc: &str) -> Code {
        self.annotations.push(desc.into());
        self
    }

    pub(crate) fn new_label(&mut self) -> L {
        self.labels += 1;
        L(self.labels - 1)
    }

    /// Places `l` here.
    pub(crate) fn label(&mut self, l: L) -> &mut Self {
        self.items.push(Item::Label(l));
        self
    }

    /// A new label placed here, followed by a line number entry.
    pub(crate) fn line(&mut self, line: u32) -> &mut Self {
        let l = self.new_label();
        self.items.push(Item::Label(l));
        self.items.push(Item::Line(line));
        self
    }

    pub(crate) fn frame(&mut self) -> &mut Self {
        self.items.push(Item::Frame);
        self
    }

    pub(crate) fn insn(&mut self, op: u8) -> &mut Self {
        self.items.push(Item::Insn(op, A::None));
        self
    }

    pub(crate) fn var(&mut self, op: u8, v: u16) -> &mut Self {
        self.items.push(Item::Insn(op, A::Var(v)));
        self
    }

    pub(crate) fn jump(&mut self, op: u8, l: L) -> &mut Self {
        self.items.push(Item::Insn(op, A::Jump(l)));
        self
    }

    pub(crate) fn switch(&mut self, op: u8, dflt: L, labels: &[L]) -> &mut Self {
        self.items.push(Item::Insn(op, A::Switch(dflt, labels.to_vec())));
        self
    }

    pub(crate) fn member(&mut self, op: u8, owner: &'static str, name: &'static str, desc: &'static str) -> &mut Self {
        self.items.push(Item::Insn(op, A::Member(owner, name, desc)));
        self
    }

    pub(crate) fn ty(&mut self, op: u8, t: &'static str) -> &mut Self {
        self.items.push(Item::Insn(op, A::Type(t)));
        self
    }

    pub(crate) fn ldc(&mut self, s: &'static str) -> &mut Self {
        self.items.push(Item::Insn(jvmfuzz_classfile::bytecode::opcodes::LDC, A::Str(s)));
        self
    }

    pub(crate) fn try_catch(&mut self, start: L, end: L, handler: L, ty: Option<&'static str>) -> &mut Self {
        self.handlers.push((start, end, handler, ty));
        self
    }

    /// The model, with each label's offset and the node index of every instruction (in order).
    pub(crate) fn build(&self) -> (MethodModel<'static>, Vec<usize>) {
        let mut label_offset = vec![u32::MAX; self.labels];
        let mut off = 0u32;
        for it in &self.items {
            match it {
                Item::Label(l) => label_offset[l.0] = off,
                Item::Insn(..) => off += 1,
                _ => {}
            }
        }
        let at = |l: &L| label_offset[l.0];
        let mut m = MethodModel {
            name: self.name.clone(),
            desc: self.desc.clone(),
            access: self.access,
            nodes: Vec::new(),
            insns: Vec::new(),
            labels: Vec::new(),
            try_catch: Vec::new(),
            annotations: self.annotations.clone(),
            raw: Vec::new(),
            lines: Vec::new(),
        };
        let mut insn_nodes = Vec::new();
        let mut off = 0u32;
        for it in &self.items {
            match it {
                Item::Label(_) => {
                    if m.labels.last().map(|l| l.0) != Some(off) {
                        m.labels.push((off, m.nodes.len()));
                        m.nodes.push(Node::Label(off));
                    }
                }
                Item::Line(n) => m.nodes.push(Node::Line(*n)),
                Item::Frame => m.nodes.push(Node::Frame),
                Item::Insn(op, a) => {
                    let arg = match a {
                        A::None => Arg::None,
                        A::Var(v) => Arg::Var(*v),
                        A::Jump(l) => Arg::Jump(at(l)),
                        A::Switch(d, ls) => Arg::Switch { dflt: at(d), labels: ls.iter().map(at).collect() },
                        A::Member(o, n, d) => {
                            Arg::Member { owner: Cow::Borrowed(*o), name: Cow::Borrowed(*n), desc: Cow::Borrowed(*d) }
                        }
                        A::Type(t) => Arg::Type(Cow::Borrowed(*t)),
                        A::Str(s) => Arg::Str(Cow::Borrowed(*s)),
                    };
                    m.insns.push(Insn { offset: off, op: *op, arg });
                    insn_nodes.push(m.nodes.len());
                    m.nodes.push(Node::Insn(m.insns.len() - 1));
                    off += 1;
                }
            }
        }
        for (s, e, h, t) in &self.handlers {
            let node = |l: &L| m.label(at(l)).expect("try-catch label placed");
            let tc = TryCatch { start: node(s), end: node(e), handler: node(h), catch_type: t.map(Cow::Borrowed) };
            m.try_catch.push(tc);
        }
        (m, insn_nodes)
    }
}

/// The instruction indices (`k`-th instruction written = `k`) a filter output ignores, sorted.
pub(crate) fn ignored(out: &FilterOutput) -> Vec<usize> {
    let mut v: Vec<usize> = out.ignored.iter().copied().collect();
    v.sort_unstable();
    v
}

/// A Kotlin class context (`@kotlin.Metadata`, a source file).
pub(crate) fn kotlin_class(name: &str) -> ClassContext {
    ClassContext {
        name: name.into(),
        super_name: Some("java/lang/Object".into()),
        annotations: vec!["Lkotlin/Metadata;".into()],
        source_file: Some("Example.kt".into()),
        ..Default::default()
    }
}

#[test]
fn code_builder_shares_one_label_node_per_offset() {
    use jvmfuzz_classfile::bytecode::opcodes::*;
    let mut c = Code::new("f", "()V");
    let (a, b, h) = (c.new_label(), c.new_label(), c.new_label());
    c.label(a).label(b).insn(NOP).jump(GOTO, b);
    c.label(h).frame().insn(ATHROW).try_catch(a, h, h, None);
    let (m, insns) = c.build();
    assert_eq!(m.nodes, vec![Node::Label(0), Node::Insn(0), Node::Insn(1), Node::Label(2), Node::Frame, Node::Insn(2)]);
    assert_eq!(insns, vec![1, 2, 5]);
    assert_eq!(jump_label(&m, 2), Some(0));
    assert_eq!((m.try_catch[0].start, m.try_catch[0].handler), (0, 3));
}

#[test]
fn kotlin_classes_get_the_kotlin_filters_instead_of_the_synthetic_one() {
    use jvmfuzz_classfile::access::SYNTHETIC;
    use jvmfuzz_classfile::bytecode::opcodes::*;
    let mut c = Code::new("foo", "()V").access(SYNTHETIC);
    c.line(3).insn(RETURN);
    let (m, _) = c.build();
    // Java: a synthetic method is hidden.
    let java = ClassContext { name: "A".into(), source_file: Some("A.java".into()), ..Default::default() };
    assert_eq!(ignored(&run_all(&m, &java)), vec![0]);
    // Kotlin: only `access$` accessors and the like are; `@JvmSynthetic` functions stay.
    let out = run_all(&m, &kotlin_class("A"));
    assert!(out.ignored.is_empty(), "{:?}", out.fired);
}
