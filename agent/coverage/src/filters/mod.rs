//! JaCoCo 0.8.14's filters: every rule that hides compiler-generated code from the counters,
//! one small module per filter, run in JaCoCo's order by [`run_all`].
//!
//! Filters speak in node indices of the emulated `MethodNode` (see `model.rs`) and produce
//! three kinds of output, as in JaCoCo's `IFilterOutput`:
//! - *ignore* a node range (those instructions vanish from all counters),
//! - *merge* two instructions (duplicated `finally` copies: coverage is OR-ed into one),
//! - *replace the branches* of an instruction (a `hashCode` string switch becomes one switch
//!   whose branches are the `equals` arms; an exhaustive switch loses its synthetic default).
//!
//! As in JaCoCo's `Filters.all()`, the common filters run for every class; then a Kotlin class
//! (one annotated `@kotlin.Metadata`) gets the Kotlin filters (`kotlin_*`, in JaCoCo's order,
//! [`KOTLIN_FILTER_NAMES`]) and any other class the synthetic filter. Some JaCoCo filters keep
//! state from one method of a class to the next (`KotlinClassState` in `model.rs`).

mod annotation_generated;
mod assert;
mod bridge;
mod enum_constructor;
mod enum_methods;
mod exhaustive_switch;
mod finally;
mod kotlin_compose;
mod kotlin_coroutine;
mod kotlin_default_arguments;
mod kotlin_default_methods;
mod kotlin_enum;
mod kotlin_generated;
mod kotlin_inline;
mod kotlin_inline_class;
mod kotlin_jvm_overloads;
mod kotlin_lateinit;
mod kotlin_not_null;
mod kotlin_safe_call;
mod kotlin_serializable;
mod kotlin_synthetic_accessors;
mod kotlin_unsafe_cast;
mod kotlin_when;
mod kotlin_when_string;
mod private_constructor;
mod record_pattern;
mod records;
mod string_switch;
mod synchronized;
mod synthetic;
mod try_with_resources;

use std::collections::{HashMap, HashSet};

use super::model::{Arg, ClassContext, MethodModel, Node};

/// Replacement branches for one instruction: groups keyed by target label (in insertion
/// order); each group lists (instruction node, branch index) whose coverage feeds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Replacements {
    pub groups: Vec<(usize, Vec<(usize, u32)>)>,
}

impl Replacements {
    pub(crate) fn add(&mut self, target: usize, insn: usize, branch: u32) {
        match self.groups.iter_mut().find(|g| g.0 == target) {
            Some(g) => g.1.push((insn, branch)),
            None => self.groups.push((target, vec![(insn, branch)])),
        }
    }

    /// JaCoCo's `Replacements.ignoreDefaultBranch`: one branch per distinct non-default case
    /// label, numbered 1, 2, ... as the switch's own branches are without probes.
    pub(crate) fn ignore_default_branch(m: &MethodModel, switch: usize) -> Replacements {
        let mut r = Replacements::default();
        let Some(Arg::Switch { dflt, labels }) = m.insn(switch).map(|i| &i.arg) else { return r };
        let mut index = 0;
        let mut seen = HashSet::new();
        for &l in labels {
            let (Some(ln), Some(dn)) = (m.label(l), m.label(*dflt)) else { continue };
            if ln != dn && seen.insert(ln) {
                index += 1;
                r.groups.push((ln, vec![(switch, index)]));
            }
        }
        r
    }
}

/// The (instruction, branch index) pairs whose coverage feeds one replacement branch.
pub(crate) type BranchGroup = Vec<(usize, u32)>;

/// One filter run over the method, writing into the output.
type FilterStep<'a> = (&'static str, &'a dyn Fn(&mut FilterOutput));

/// What the filters decided for one method (JaCoCo's `MethodCoverageCalculator` inputs).
#[derive(Debug, Default)]
pub(crate) struct FilterOutput {
    /// Instruction indices (into `model.insns`) to leave out.
    pub ignored: HashSet<usize>,
    /// Instruction -> instruction it is merged into (chains allowed, as in JaCoCo).
    pub merged: HashMap<usize, usize>,
    /// Merge keys in insertion order (the map's own order is unspecified).
    pub merge_order: Vec<usize>,
    /// Instruction -> replacement branches, in insertion order.
    pub replacements: Vec<(usize, Vec<BranchGroup>)>,
    /// Filters that changed something, for diagnostics.
    pub fired: Vec<&'static str>,
}

impl FilterOutput {
    /// A measure that grows whenever a filter records anything.
    fn size(&self) -> (usize, usize, usize) {
        (self.ignored.len(), self.merged.len(), self.replacements.iter().map(|r| r.1.len() + 1).sum())
    }

    /// Ignores every instruction from node `from` to node `to`, both inclusive.
    pub(crate) fn ignore(&mut self, m: &MethodModel, from: usize, to: usize) {
        if to < from {
            return; // JaCoCo would walk off the list and fail; ignore nothing instead
        }
        for n in from..=to.min(m.nodes.len().saturating_sub(1)) {
            if let Node::Insn(i) = m.nodes[n] {
                self.ignored.insert(i);
            }
        }
    }

    pub(crate) fn ignore_all(&mut self, m: &MethodModel) {
        if let Some((a, b)) = m.all() {
            self.ignore(m, a, b);
        }
    }

    fn representative(&self, mut i: usize) -> usize {
        let mut steps = 0;
        while let Some(&r) = self.merged.get(&i) {
            i = r;
            steps += 1;
            if steps > self.merged.len() {
                break; // defensive: merges never form cycles, but never loop forever
            }
        }
        i
    }

    /// Merges the instruction at node `n2` into the one at node `n1`.
    pub(crate) fn merge(&mut self, m: &MethodModel, n1: usize, n2: usize) {
        let (Some(Node::Insn(a)), Some(Node::Insn(b))) = (m.nodes.get(n1), m.nodes.get(n2)) else { return };
        let (a, b) = (self.representative(*a), self.representative(*b));
        if a != b && self.merged.insert(b, a).is_none() {
            self.merge_order.push(b);
        }
    }

    pub(crate) fn replace_branches(&mut self, m: &MethodModel, node: usize, r: Replacements) {
        let Some(Node::Insn(i)) = m.nodes.get(node) else { return };
        let groups = r
            .groups
            .into_iter()
            .map(|(_, from)| {
                from.into_iter()
                    .filter_map(|(n, b)| match m.nodes.get(n) {
                        Some(Node::Insn(x)) => Some((*x, b)),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        // JaCoCo keeps one replacement per instruction (a later filter overwrites).
        self.replacements.retain(|(x, _)| *x != *i);
        self.replacements.push((*i, groups));
    }
}

/// Names of the filters a Java (non-Kotlin) class gets, in JaCoCo's order (as reported in
/// [`FilterOutput::fired`]): the common ones, then the synthetic filter.
pub const FILTER_NAMES: [&str; 17] = [
    "enum",
    "bridge",
    "synchronized",
    "try-with-resources-javac11",
    "try-with-resources-javac7",
    "try-with-resources-ecj",
    "finally",
    "private-empty-constructor",
    "assert",
    "string-switch-javac",
    "string-switch",
    "enum-empty-constructor",
    "records",
    "exhaustive-switch",
    "record-pattern",
    "annotation-generated",
    "synthetic",
];

/// Names of the filters a Kotlin class gets after the common ones (all of [`FILTER_NAMES`] but
/// "synthetic"), in JaCoCo 0.8.14's order.
pub const KOTLIN_FILTER_NAMES: [&str; 17] = [
    "kotlin-generated",
    "kotlin-synthetic-accessors",
    "kotlin-serializable",
    "kotlin-enum",
    "kotlin-jvm-overloads",
    "kotlin-safe-call",
    "kotlin-lateinit",
    "kotlin-when",
    "kotlin-when-string",
    "kotlin-unsafe-cast",
    "kotlin-not-null",
    "kotlin-inline-class",
    "kotlin-default-arguments",
    "kotlin-inline",
    "kotlin-coroutine",
    "kotlin-default-methods",
    "kotlin-compose",
];

/// Runs all filters in JaCoCo's order.
pub(crate) fn run_all(m: &MethodModel, ctx: &ClassContext) -> FilterOutput {
    let mut out = FilterOutput::default();
    let common: [FilterStep<'_>; 16] = [
        ("enum", &|o| enum_methods::filter(m, ctx, o)),
        ("bridge", &|o| bridge::filter(m, o)),
        ("synchronized", &|o| synchronized::filter(m, o)),
        ("try-with-resources-javac11", &|o| try_with_resources::filter_javac11(m, o)),
        ("try-with-resources-javac7", &|o| try_with_resources::filter_javac7(m, o)),
        ("try-with-resources-ecj", &|o| try_with_resources::filter_ecj(m, o)),
        ("finally", &|o| finally::filter(m, o)),
        ("private-empty-constructor", &|o| private_constructor::filter(m, ctx, o)),
        ("assert", &|o| assert::filter(m, ctx, o)),
        ("string-switch-javac", &|o| string_switch::filter_javac(m, o)),
        ("string-switch", &|o| string_switch::filter(m, o)),
        ("enum-empty-constructor", &|o| enum_constructor::filter(m, ctx, o)),
        ("records", &|o| records::filter(m, ctx, o)),
        ("exhaustive-switch", &|o| exhaustive_switch::filter(m, o)),
        ("record-pattern", &|o| record_pattern::filter(m, o)),
        ("annotation-generated", &|o| annotation_generated::filter(m, ctx, o)),
    ];
    let kotlin: [FilterStep<'_>; 17] = [
        ("kotlin-generated", &|o| kotlin_generated::filter(m, ctx, o)),
        ("kotlin-synthetic-accessors", &|o| kotlin_synthetic_accessors::filter(m, o)),
        ("kotlin-serializable", &|o| kotlin_serializable::filter(m, ctx, o)),
        ("kotlin-enum", &|o| kotlin_enum::filter(m, ctx, o)),
        ("kotlin-jvm-overloads", &|o| kotlin_jvm_overloads::filter(m, o)),
        ("kotlin-safe-call", &|o| kotlin_safe_call::filter(m, o)),
        ("kotlin-lateinit", &|o| kotlin_lateinit::filter(m, o)),
        ("kotlin-when", &|o| kotlin_when::filter(m, o)),
        ("kotlin-when-string", &|o| kotlin_when_string::filter(m, o)),
        ("kotlin-unsafe-cast", &|o| kotlin_unsafe_cast::filter(m, o)),
        ("kotlin-not-null", &|o| kotlin_not_null::filter(m, o)),
        ("kotlin-inline-class", &|o| kotlin_inline_class::filter(m, ctx, o)),
        ("kotlin-default-arguments", &|o| kotlin_default_arguments::filter(m, o)),
        ("kotlin-inline", &|o| kotlin_inline::filter(m, ctx, o)),
        ("kotlin-coroutine", &|o| kotlin_coroutine::filter(m, o)),
        ("kotlin-default-methods", &|o| kotlin_default_methods::filter(m, o)),
        ("kotlin-compose", &|o| kotlin_compose::filter(m, o)),
    ];
    let synthetic: [FilterStep<'_>; 1] = [("synthetic", &|o| synthetic::filter(m, ctx, o))];
    let rest: &[FilterStep<'_>] = if ctx.is_kotlin() { &kotlin } else { &synthetic };
    for &(name, f) in common.iter().chain(rest) {
        let before = out.size();
        f(&mut out);
        if out.size() != before {
            out.fired.push(name);
        }
    }
    out
}

/// JaCoCo's `AbstractMatcher`: a cursor over nodes that moves from instruction to
/// instruction and becomes `None` as soon as an expectation fails.
pub(crate) struct Matcher<'m> {
    pub m: &'m MethodModel<'m>,
    pub cursor: Option<usize>,
    /// Named local-variable slots: the first match binds, later ones must agree.
    pub vars: HashMap<String, u16>,
}

impl<'m> Matcher<'m> {
    pub(crate) fn new(m: &'m MethodModel<'m>) -> Self {
        Matcher { m, cursor: None, vars: HashMap::new() }
    }

    pub(crate) fn at(&mut self, node: Option<usize>) -> &mut Self {
        self.cursor = node;
        self
    }

    pub(crate) fn op(&self) -> i32 {
        self.cursor.map_or(-1, |c| self.m.opcode(c))
    }

    pub(crate) fn first_is_aload0(&mut self) {
        let c = self.m.skip_non_opcodes((!self.m.nodes.is_empty()).then_some(0));
        self.cursor = c.filter(|&c| {
            self.m.insn(c).is_some_and(|i| i.op == jvmfuzz_classfile::bytecode::opcodes::ALOAD && i.arg == Arg::Var(0))
        });
    }

    pub(crate) fn next(&mut self) {
        if let Some(c) = self.cursor {
            self.cursor = self.m.next_insn(c);
        }
    }

    pub(crate) fn next_is(&mut self, op: u8) {
        self.next();
        if self.cursor.is_some() && self.op() != op as i32 {
            self.cursor = None;
        }
    }

    pub(crate) fn next_is_var(&mut self, op: u8, name: &str) {
        self.next_is(op);
        let Some(c) = self.cursor else { return };
        let Some(Arg::Var(v)) = self.m.insn(c).map(|i| &i.arg) else {
            self.cursor = None;
            return;
        };
        match self.vars.get(name) {
            None => {
                self.vars.insert(name.to_string(), *v);
            }
            Some(e) if e != v => self.cursor = None,
            Some(_) => {}
        }
    }

    pub(crate) fn next_is_type(&mut self, op: u8, desc: &str) {
        self.next_is(op);
        if let Some(c) = self.cursor {
            if !matches!(self.m.insn(c).map(|i| &i.arg), Some(Arg::Type(t)) if t == desc) {
                self.cursor = None;
            }
        }
    }

    /// `nextIsInvoke` and `nextIsField` (both compare owner, name and descriptor).
    pub(crate) fn next_is_member(&mut self, op: u8, owner: &str, name: &str, desc: &str) {
        self.next_is(op);
        if let Some(c) = self.cursor {
            if !self.is_member(c, owner, name, desc) {
                self.cursor = None;
            }
        }
    }

    pub(crate) fn is_member(&self, node: usize, owner: &str, name: &str, desc: &str) -> bool {
        matches!(self.m.insn(node).map(|i| &i.arg),
            Some(Arg::Member { owner: o, name: n, desc: d }) if o == owner && n == name && d == desc)
    }

    pub(crate) fn next_is_switch(&mut self) {
        self.next();
        let op = self.op();
        if self.cursor.is_some()
            && op != jvmfuzz_classfile::bytecode::opcodes::TABLESWITCH as i32
            && op != jvmfuzz_classfile::bytecode::opcodes::LOOKUPSWITCH as i32
        {
            self.cursor = None;
        }
    }
}

/// Label node of a jump's target, or of a switch's default.
pub(crate) fn jump_label(m: &MethodModel, node: usize) -> Option<usize> {
    match m.insn(node).map(|i| &i.arg) {
        Some(Arg::Jump(t)) => m.label(*t),
        Some(Arg::Switch { dflt, .. }) => m.label(*dflt),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
