//! Probe planning: *where* probes go in one method. Pure function of the original code.
//!
//! This is the contract between the rewriter (which inserts one probe per [`ProbeSite`], in
//! order, with ids `first_probe + index`) and the coverage analysis (which re-runs the same
//! plan on the original bytes at report time to learn what each probe id means). Both sides
//! call [`plan_method`]; it must stay deterministic.
//!
//! Besides the probes the fuzzer needs (method entry, every branch arm), the plan adds
//! JaCoCo-equivalent "flow" probes so that line/branch counters can be computed with
//! JaCoCo's exact semantics (see `coverage/`). Where one of JaCoCo's probes means exactly the
//! same thing as one of our arm probes (JaCoCo's probe on a jump to a multi-target label is
//! our "taken" arm; its probe on the fall-through into a label right after an `if` is our
//! "not taken" arm; its switch-edge probes are our switch arms) the plan has ONE site, and
//! [`MethodPlan::jacoco`] records that the site also plays JaCoCo's role.
//!
//! The profiler's default mode (`-agentpath` without `counts=exact`) inserts only the sites
//! that play a JaCoCo role ([`jacoco_only`], [`plan_method_jacoco_only`]): the reports read
//! nothing else. `counts=exact` and the fuzzer keep the entry and arm probes.
//!
//! JaCoCo's placement rules (0.8.14, `LabelFlowAnalyzer` + `MethodProbesAdapter`), restated
//! over raw bytecode where ASM has one label per offset:
//! - an offset is a *target* once per jump to it, once per switch that lists it (however
//!   often), once per exception-table entry starting or handling there, and offset 0 once
//!   more ("first label"); it is a *successor* if the previous instruction can fall through;
//!   it is *multi-target* if targets + successor >= 2;
//! - an offset whose line (per LineNumberTable) contains an invoke is a *method-invocation
//!   line* start;
//! - a probe goes on the fall-through into an offset that is a successor and multi-target or
//!   method-invocation-line start; before every `*return`/`athrow`; on every jump (and
//!   before every `goto`) to a multi-target offset; on every distinct switch target that is
//!   multi-target.

use jvmfuzz_classfile::bytecode::{self, opcodes::*, Insn, InsnKind};
use jvmfuzz_classfile::{CodeAttribute, ConstantPool, ExceptionEntry};

/// Where a probe's code is inserted relative to the original instruction `at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Inserted before `at` but *outside* its label: only the fall-through path from the
    /// previous instruction runs it; jumps to `at` (and handlers starting at `at`) skip it.
    /// Never planned after an unconditional instruction (goto/return/athrow/switch).
    Fallthrough { at: u32 },
    /// Inserted at `at`'s label: every path that reaches `at` runs it first (jumps and
    /// exception handlers targeting `at` are redirected to the probe).
    Label { at: u32 },
    /// On the control-flow edge from the branch/switch instruction at `insn` to `target`
    /// when that edge is *taken* (a jump, not fall-through). The rewriter builds a trampoline
    /// `probe; goto target` and points the branch (or switch entries) at it.
    Edge { insn: u32, target: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProbeKind {
    /// Call probe at method entry (Placement::Fallthrough { at: 0 }: loops back to 0 skip it).
    MethodEntry,
    /// An arm of an `if*`: `arm` 0 = not taken (fall-through), 1 = taken.
    /// A switch: `arm` = index of the distinct target, in order of first appearance
    /// scanning default first, then the table/lookup entries.
    BranchArm { insn: u32, arm: u16 },
    /// A JaCoCo-equivalent probe that is not a branch arm (before return/athrow, before a goto
    /// to a multi-target label, on fall-through into a label that needs a probe).
    Flow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProbeSite {
    pub kind: ProbeKind,
    pub placement: Placement,
}

/// What to plan: the fuzzer wants entry, arms and the probes of lines with calls; the
/// profiler also wants the rest of JaCoCo's flow probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanOptions {
    pub flow_probes: bool,
}

/// One of JaCoCo's own probes, described by what JaCoCo's analyzer does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JacocoProbe {
    /// Before the label at `at`, on the fall-through from the previous instruction.
    /// Same placement as `Placement::Fallthrough { at }`.
    Label { at: u32 },
    /// Right before the `*return`/`athrow` at `at` (`Placement::Label { at }`).
    Exit { at: u32 },
    /// The taken edge of the `if*`/`goto` at `insn` (for a `goto`, `Placement::Label`).
    Jump { insn: u32, target: u32 },
    /// The edge of the switch at `insn` to the distinct target `target`.
    Switch { insn: u32, target: u32 },
}

/// A JaCoCo probe and the plan site that records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JacocoSite {
    pub probe: JacocoProbe,
    /// Index into [`MethodPlan::sites`].
    pub site: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MethodPlan {
    /// What the rewriter inserts: probe id `first_probe + i` is `sites[i]`.
    pub sites: Vec<ProbeSite>,
    /// JaCoCo's probes for this method **in JaCoCo's own probe-id order** (so the n-th
    /// entry is the method's n-th probe in a JaCoCo `.exec` file), each with the site that
    /// records it. Empty when planned with `flow_probes: false`.
    pub jacoco: Vec<JacocoSite>,
}

/// Why a method cannot be planned (it is then left uninstrumented).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("method uses jsr/ret subroutines at offset {0} (not supported, as in JaCoCo)")]
    Subroutine(u32),
    #[error("method has no instructions")]
    Empty,
    #[error("conditional branch at offset {0} falls through past the end of the code")]
    FallsOffEnd(u32),
    #[error("exception table entry {index} points at offset {offset}, which is not an instruction start")]
    BadExceptionEntry { index: usize, offset: u32 },
    #[error("LineNumberTable is truncated")]
    BadLineNumberTable,
}

/// One `LineNumberTable` entry: (start_pc, line).
pub type LineEntry = (u32, u16);

/// Plans one method.
///
/// - `insns`: `bytecode::decode(&code.code)` (sorted by offset, as `decode` returns them);
/// - `code`: the method's original `Code` attribute (exception table; the line numbers in its
///   `LineNumberTable`(s) decide JaCoCo's method-invocation-line probes);
/// - `cp`: the class's constant pool (only used to find sub-attributes by name).
///
/// Site order: `MethodEntry` first, then by instruction offset. Deterministic: the coverage
/// analysis calls this again on the same bytes and relies on getting the same sites.
pub fn plan_method(
    insns: &[Insn],
    code: &CodeAttribute<'_>,
    cp: &ConstantPool<'_>,
    options: PlanOptions,
) -> Result<MethodPlan, PlanError> {
    let lines = line_numbers(code, cp)?;
    plan_method_with(insns, &code.exception_table, &lines, options)
}

/// All `LineNumberTable` entries of a `Code` attribute, in attribute order (a method may
/// carry several tables; ASM, and so JaCoCo, reads them all in order).
pub fn line_numbers(code: &CodeAttribute<'_>, cp: &ConstantPool<'_>) -> Result<Vec<LineEntry>, PlanError> {
    let mut out = Vec::new();
    for attr in &code.attributes {
        if cp.utf8_bytes(attr.name_index) != Some(b"LineNumberTable".as_slice()) {
            continue;
        }
        let Some(raw) = attr.raw() else { continue };
        let count = raw.get(0..2).map(|b| u16::from_be_bytes([b[0], b[1]])).ok_or(PlanError::BadLineNumberTable)?;
        for i in 0..count as usize {
            let e = raw.get(2 + 4 * i..6 + 4 * i).ok_or(PlanError::BadLineNumberTable)?;
            out.push((u16::from_be_bytes([e[0], e[1]]) as u32, u16::from_be_bytes([e[2], e[3]])));
        }
    }
    Ok(out)
}

/// JaCoCo's label facts for each instruction (indexed like `insns`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FlowFacts {
    /// Reachable by falling through from the previous instruction.
    pub successor: Vec<bool>,
    /// JaCoCo's `multiTarget`.
    pub multi_target: Vec<bool>,
    /// JaCoCo's `needsProbe`: a probe on the fall-through into this instruction.
    pub needs_probe: Vec<bool>,
}

/// Computes JaCoCo's `LabelFlowAnalyzer` facts over raw bytecode (see the module docs).
pub fn flow_facts(
    insns: &[Insn],
    exception_table: &[ExceptionEntry],
    lines: &[LineEntry],
) -> Result<FlowFacts, PlanError> {
    let table = OffsetIndex::new(insns);
    let flags = flow_flags(insns, &table, exception_table, lines)?;
    let bit = |b: u8| flags.iter().map(|f| f & b != 0).collect();
    Ok(FlowFacts { successor: bit(SUCCESSOR), multi_target: bit(MULTI_TARGET), needs_probe: bit(NEEDS_PROBE) })
}

// Bits of `flow_flags`, one byte per instruction (the three `FlowFacts` fields in one
// allocation; LINE_START and INVOCATION_LINE are scratch bits).
const SUCCESSOR: u8 = 1;
const MULTI_TARGET: u8 = 2;
const NEEDS_PROBE: u8 = 4;
const LINE_START: u8 = 8;
const INVOCATION_LINE: u8 = 16;

/// [`flow_facts`] as flag bytes; `table` is `OffsetIndex::new(insns)`.
fn flow_flags(
    insns: &[Insn],
    table: &OffsetIndex,
    exception_table: &[ExceptionEntry],
    lines: &[LineEntry],
) -> Result<Vec<u8>, PlanError> {
    if insns.is_empty() {
        return Err(PlanError::Empty);
    }
    let n = insns.len();
    let idx = |off: u32| table.get(off);
    let mut targets = vec![0u32; n];
    let mut flags = vec![0u8; n];

    // "first": the label at offset 0 is a target of the method entry.
    targets[0] += 1;
    for (index, e) in exception_table.iter().enumerate() {
        for off in [e.start_pc as u32, e.handler_pc as u32] {
            let i = idx(off).ok_or(PlanError::BadExceptionEntry { index, offset: off })?;
            targets[i] += 1;
        }
    }
    // Line starts by offset; entries at non-instruction offsets are dropped like ASM does.
    for &(pc, line) in lines {
        if line == 0 {
            continue; // JaCoCo ignores line 0 for method-invocation lines
        }
        if let Some(i) = idx(pc) {
            flags[i] |= LINE_START;
        }
    }
    let mut line_start: Option<usize> = None;
    for (i, insn) in insns.iter().enumerate() {
        check_no_subroutine(insn)?;
        if i > 0 && falls_through(insns[i - 1].opcode) {
            flags[i] |= SUCCESSOR;
        }
        if flags[i] & LINE_START != 0 {
            line_start = Some(i);
        }
        match &insn.kind {
            InsnKind::Branch { target } => {
                if let Some(t) = idx(*target) {
                    targets[t] += 1;
                }
            }
            InsnKind::TableSwitch { .. } | InsnKind::LookupSwitch { .. } => {
                for t in distinct_targets(insn) {
                    if let Some(t) = idx(t) {
                        targets[t] += 1;
                    }
                }
            }
            InsnKind::Invoke { .. } | InsnKind::InvokeDynamic { .. } => {
                if let Some(s) = line_start {
                    flags[s] |= INVOCATION_LINE;
                }
            }
            _ => {}
        }
    }
    for (f, &t) in flags.iter_mut().zip(&targets) {
        let successor = *f & SUCCESSOR != 0;
        let multi = t + successor as u32 >= 2;
        let needs = successor && (multi || *f & INVOCATION_LINE != 0);
        *f = (*f & SUCCESSOR) | if multi { MULTI_TARGET } else { 0 } | if needs { NEEDS_PROBE } else { 0 };
    }
    Ok(flags)
}

/// Plans one method from already-extracted parts (see [`plan_method`]).
pub fn plan_method_with(
    insns: &[Insn],
    exception_table: &[ExceptionEntry],
    lines: &[LineEntry],
    options: PlanOptions,
) -> Result<MethodPlan, PlanError> {
    let what = if options.flow_probes { Sites::All } else { Sites::Fuzz };
    plan_sites(insns, exception_table, lines, what)
}

/// [`plan_method_jacoco_only`] from already-extracted parts: the same plan as
/// `jacoco_only(&plan_method_with(.., flow_probes: true))`, built directly.
pub fn plan_method_jacoco_only_with(
    insns: &[Insn],
    exception_table: &[ExceptionEntry],
    lines: &[LineEntry],
) -> Result<MethodPlan, PlanError> {
    plan_sites(insns, exception_table, lines, Sites::JacocoOnly)
}

/// Which sites [`plan_sites`] emits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sites {
    /// Entry, branch arms, and JaCoCo's probes at the start of lines with calls
    /// (`flow_probes: false`).
    Fuzz,
    /// Entry, branch arms and JaCoCo's flow probes (`flow_probes: true`).
    All,
    /// Only the sites of `All` that record a JaCoCo probe, in the same order.
    JacocoOnly,
}

fn plan_sites(
    insns: &[Insn],
    exception_table: &[ExceptionEntry],
    lines: &[LineEntry],
    what: Sites,
) -> Result<MethodPlan, PlanError> {
    let table = OffsetIndex::new(insns);
    let flags = flow_flags(insns, &table, exception_table, lines)?;
    let flow = what != Sites::Fuzz;
    // Entry and arm probes even where JaCoCo has none.
    let all = what != Sites::JacocoOnly;
    let multi = |off: u32| table.get(off).is_some_and(|i| flags[i] & MULTI_TARGET != 0);
    let needs_probe = |i: usize| flags.get(i).is_some_and(|f| f & NEEDS_PROBE != 0);

    let mut sites = if all {
        let branches = insns
            .iter()
            .filter(|i| {
                !matches!(
                    i.kind,
                    InsnKind::Plain
                        | InsnKind::Local { .. }
                        | InsnKind::Field { .. }
                        | InsnKind::Invoke { .. }
                        | InsnKind::TypeRef { .. }
                        | InsnKind::Ldc { .. }
                        | InsnKind::Iinc { .. }
                )
            })
            .count();
        Vec::with_capacity(1 + 2 * branches + if flow { 4 } else { 0 })
    } else {
        Vec::with_capacity(4 + insns.len() / 8)
    };
    if all {
        sites.push(ProbeSite { kind: ProbeKind::MethodEntry, placement: Placement::Fallthrough { at: 0 } });
    }
    let mut jacoco = Vec::with_capacity(if flow { sites.capacity() } else { 0 });
    // The "not taken" arm of an `if` immediately before instruction i, if any: it doubles as
    // JaCoCo's fall-through probe into i.
    let mut pending_arm0: Option<usize> = None;
    for (i, insn) in insns.iter().enumerate() {
        let arm0 = pending_arm0.take();
        if flow && needs_probe(i) {
            let site =
                arm0.unwrap_or_else(|| push(&mut sites, ProbeKind::Flow, Placement::Fallthrough { at: insn.offset }));
            jacoco.push(JacocoSite { probe: JacocoProbe::Label { at: insn.offset }, site });
        } else if what == Sites::Fuzz && arm0.is_none() && needs_probe(i) && !multi(insn.offset) {
            // The start of a line that makes a call, after a line that ran to its end: JaCoCo's
            // probe for a line a call may leave by an exception. For the fuzzer it tells an
            // input that got one call further before the same exception (a parser's next
            // token read, then missing) from one that did not, where no branch differs.
            push(&mut sites, ProbeKind::Flow, Placement::Fallthrough { at: insn.offset });
        }
        let op = insn.opcode;
        match &insn.kind {
            InsnKind::Branch { target } if bytecode::is_conditional_branch(op) => {
                let next = insns.get(i + 1).ok_or(PlanError::FallsOffEnd(insn.offset))?.offset;
                // Arm 0 records JaCoCo's probe on the fall-through into the next instruction
                // when there is one (see above); arm 1 its probe on a jump to a multi-target
                // label.
                if all || needs_probe(i + 1) {
                    let a0 = push(
                        &mut sites,
                        ProbeKind::BranchArm { insn: insn.offset, arm: 0 },
                        Placement::Fallthrough { at: next },
                    );
                    pending_arm0 = Some(a0);
                }
                let jump = flow && multi(*target);
                if all || jump {
                    let a1 = push(
                        &mut sites,
                        ProbeKind::BranchArm { insn: insn.offset, arm: 1 },
                        Placement::Edge { insn: insn.offset, target: *target },
                    );
                    if jump {
                        jacoco.push(JacocoSite {
                            probe: JacocoProbe::Jump { insn: insn.offset, target: *target },
                            site: a1,
                        });
                    }
                }
            }
            // goto / goto_w (jsr was rejected by flow_flags): the probe before the goto runs
            // on every path through it, i.e. exactly when the jump is taken.
            InsnKind::Branch { target } if flow && multi(*target) => {
                let site = push(&mut sites, ProbeKind::Flow, Placement::Label { at: insn.offset });
                jacoco.push(JacocoSite { probe: JacocoProbe::Jump { insn: insn.offset, target: *target }, site });
            }
            InsnKind::Branch { .. } => {}
            InsnKind::TableSwitch { .. } | InsnKind::LookupSwitch { .. } => {
                for (arm, t) in distinct_targets(insn).into_iter().enumerate() {
                    let jump = flow && multi(t);
                    if !(all || jump) {
                        continue;
                    }
                    let site = push(
                        &mut sites,
                        ProbeKind::BranchArm { insn: insn.offset, arm: arm as u16 },
                        Placement::Edge { insn: insn.offset, target: t },
                    );
                    // JaCoCo's order is also "default first, then distinct entries".
                    if jump {
                        jacoco.push(JacocoSite { probe: JacocoProbe::Switch { insn: insn.offset, target: t }, site });
                    }
                }
            }
            _ if flow && (bytecode::is_return(op) || op == ATHROW) => {
                let site = push(&mut sites, ProbeKind::Flow, Placement::Label { at: insn.offset });
                jacoco.push(JacocoSite { probe: JacocoProbe::Exit { at: insn.offset }, site });
            }
            _ => {}
        }
    }
    Ok(MethodPlan { sites, jacoco })
}

/// The profiler's default plan: the plan [`plan_method`] makes with flow probes, reduced by
/// [`jacoco_only`] (built directly, without the sites it would drop).
pub fn plan_method_jacoco_only(
    insns: &[Insn],
    code: &CodeAttribute<'_>,
    cp: &ConstantPool<'_>,
) -> Result<MethodPlan, PlanError> {
    let lines = line_numbers(code, cp)?;
    plan_method_jacoco_only_with(insns, &code.exception_table, &lines)
}

/// Keeps only the sites that record one of JaCoCo's probes (a plan made with
/// `flow_probes: true`), in their original order, and renumbers [`MethodPlan::jacoco`] to
/// match. Entry probes and arms JaCoCo has no probe for are dropped: the coverage analysis
/// never reads them, so the profiler's default mode does not pay for them at run time. A plan
/// made without flow probes has no JaCoCo sites and reduces to an empty plan.
pub fn jacoco_only(plan: &MethodPlan) -> MethodPlan {
    const DROPPED: usize = usize::MAX;
    let mut new_index = vec![DROPPED; plan.sites.len()];
    for j in &plan.jacoco {
        if let Some(slot) = new_index.get_mut(j.site) {
            *slot = 0;
        }
    }
    let mut sites = Vec::with_capacity(plan.jacoco.len());
    for (slot, site) in new_index.iter_mut().zip(&plan.sites) {
        if *slot != DROPPED {
            *slot = sites.len();
            sites.push(*site);
        }
    }
    let jacoco = plan
        .jacoco
        .iter()
        .filter_map(|j| match new_index.get(j.site) {
            Some(&site) if site != DROPPED => Some(JacocoSite { probe: j.probe, site }),
            _ => None,
        })
        .collect();
    MethodPlan { sites, jacoco }
}

fn push(sites: &mut Vec<ProbeSite>, kind: ProbeKind, placement: Placement) -> usize {
    sites.push(ProbeSite { kind, placement });
    sites.len() - 1
}

fn check_no_subroutine(insn: &Insn) -> Result<(), PlanError> {
    if matches!(insn.opcode, JSR | JSR_W) || matches!(insn.kind, InsnKind::Ret { .. }) {
        return Err(PlanError::Subroutine(insn.offset));
    }
    Ok(())
}

/// Whether control can continue to the next instruction (JaCoCo's `successor`).
pub fn falls_through(op: u8) -> bool {
    !(matches!(op, GOTO | GOTO_W | ATHROW | TABLESWITCH | LOOKUPSWITCH) || bytecode::is_return(op))
}

/// The distinct targets of a switch: default first, then entries in table order.
pub fn distinct_targets(insn: &Insn) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    let mut iter = insn.targets_iter();
    // Switches usually have few distinct targets: a linear scan beats hashing.
    for t in iter.by_ref() {
        if !out.contains(&t) {
            out.push(t);
            if out.len() >= 16 {
                break;
            }
        }
    }
    if out.len() >= 16 {
        let mut seen: ahash::AHashSet<u32> = out.iter().copied().collect();
        out.extend(iter.filter(|t| seen.insert(*t)));
    }
    out
}

/// Instruction offset -> index into `insns` (sorted by offset, as `decode` returns them).
#[derive(Default)]
struct OffsetIndex {
    table: Vec<u32>,
}

impl OffsetIndex {
    const NONE: u32 = u32::MAX;

    fn new(insns: &[Insn]) -> OffsetIndex {
        let len = insns.last().map_or(0, |l| l.offset as usize + 1);
        let mut table = vec![Self::NONE; len];
        for (i, insn) in insns.iter().enumerate() {
            if let Some(slot) = table.get_mut(insn.offset as usize) {
                *slot = i as u32;
            }
        }
        OffsetIndex { table }
    }

    fn get(&self, offset: u32) -> Option<usize> {
        match self.table.get(offset as usize) {
            Some(&i) if i != Self::NONE => Some(i as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::bytecode::decode;

    const FLOW: PlanOptions = PlanOptions { flow_probes: true };
    const FUZZ: PlanOptions = PlanOptions { flow_probes: false };

    fn fall(at: u32) -> Placement {
        Placement::Fallthrough { at }
    }
    fn label(at: u32) -> Placement {
        Placement::Label { at }
    }
    fn edge(insn: u32, target: u32) -> Placement {
        Placement::Edge { insn, target }
    }
    fn placements(p: &MethodPlan) -> Vec<Placement> {
        p.sites.iter().map(|s| s.placement).collect()
    }
    fn jacoco(p: &MethodPlan) -> Vec<(JacocoProbe, Placement)> {
        p.jacoco.iter().map(|j| (j.probe, p.sites[j.site].placement)).collect()
    }

    /// javac 17 for `static int max(int a, int b) { if (a > b) return a; return b; }`
    /// 0: iload_0; 1: iload_1; 2: if_icmple 7; 5: iload_0; 6: ireturn; 7: iload_1; 8: ireturn
    #[test]
    fn if_return() {
        let code = [ILOAD_0, ILOAD_1, IF_ICMPLE, 0, 5, ILOAD_0, IRETURN, ILOAD_1, IRETURN];
        let insns = decode(&code).unwrap();
        let lines = [(0, 3), (5, 3), (7, 4)];
        let p = plan_method_with(&insns, &[], &lines, FLOW).unwrap();
        // 7 is a single target (not a successor): no JaCoCo probe on the jump.
        assert_eq!(placements(&p), vec![fall(0), fall(5), edge(2, 7), label(6), label(8)]);
        assert_eq!(jacoco(&p), vec![(JacocoProbe::Exit { at: 6 }, label(6)), (JacocoProbe::Exit { at: 8 }, label(8))]);
        let f = plan_method_with(&insns, &[], &lines, FUZZ).unwrap();
        assert_eq!(placements(&f), vec![fall(0), fall(5), edge(2, 7)]);
        assert!(f.jacoco.is_empty());
    }

    /// `x = c ? 1 : 2; foo(x);` shape: the join after a ternary is multi-target, so JaCoCo
    /// puts a probe on the goto and on the fall-through; the goto probe is a Flow site and
    /// the jump probe coincides with nothing (goto is not an arm).
    /// 0: iload_0; 1: ifeq 8; 4: iconst_1; 5: goto 9; 8: iconst_2; 9: invokestatic #2; 12: return
    #[test]
    fn ternary_join_and_invocation_line() {
        let code = [ILOAD_0, IFEQ, 0, 7, ICONST_1, GOTO, 0, 4, ICONST_2, INVOKESTATIC, 0, 2, RETURN];
        let insns = decode(&code).unwrap();
        let p = plan_method_with(&insns, &[], &[(0, 1)], FLOW).unwrap();
        assert_eq!(placements(&p), vec![fall(0), fall(4), edge(1, 8), label(5), fall(9), label(12)]);
        assert_eq!(
            jacoco(&p),
            vec![
                (JacocoProbe::Jump { insn: 5, target: 9 }, label(5)),
                (JacocoProbe::Label { at: 9 }, fall(9)),
                (JacocoProbe::Exit { at: 12 }, label(12)),
            ]
        );
        assert_eq!(p.sites[3].kind, ProbeKind::Flow);
    }

    /// Two lines of calls, `a(); b();`: the fuzzer's plan has a probe at the start of the
    /// second (JaCoCo's line probe), so an input that got past `a()` before an exception in
    /// `b()` differs from one whose `a()` threw. Without a line table there is none.
    /// 0: invokestatic #2; 3: invokestatic #3; 6: return   (line 1 at 0, line 2 at 3)
    #[test]
    fn the_fuzzers_plan_marks_each_line_of_calls_reached() {
        let code = [INVOKESTATIC, 0, 2, INVOKESTATIC, 0, 3, RETURN];
        let insns = decode(&code).unwrap();
        let f = plan_method_with(&insns, &[], &[(0, 1), (3, 2)], FUZZ).unwrap();
        assert_eq!(placements(&f), vec![fall(0), fall(3)]);
        assert_eq!(f.sites[1].kind, ProbeKind::Flow);
        assert!(f.jacoco.is_empty());
        let none = plan_method_with(&insns, &[], &[], FUZZ).unwrap();
        assert_eq!(placements(&none), vec![fall(0)]);
    }

    /// A conditional jump to a multi-target label shares its site with JaCoCo's jump probe,
    /// and the fall-through arm shares with JaCoCo's label probe when the next instruction
    /// starts a line with an invoke.
    /// 0: iload_0; 1: ifeq 7; 4: invokestatic #2; 7: return   (line 2 starts at 4, line 3 at 7)
    #[test]
    fn arms_coincide_with_jacoco_probes() {
        let code = [ILOAD_0, IFEQ, 0, 6, INVOKESTATIC, 0, 2, RETURN];
        let insns = decode(&code).unwrap();
        let p = plan_method_with(&insns, &[], &[(0, 1), (4, 2), (7, 3)], FLOW).unwrap();
        assert_eq!(placements(&p), vec![fall(0), fall(4), edge(1, 7), fall(7), label(7)]);
        assert_eq!(
            jacoco(&p),
            vec![
                (JacocoProbe::Jump { insn: 1, target: 7 }, edge(1, 7)),
                (JacocoProbe::Label { at: 4 }, fall(4)),
                (JacocoProbe::Label { at: 7 }, fall(7)),
                (JacocoProbe::Exit { at: 7 }, label(7)),
            ]
        );
        // Without the line table, offset 4 is not a method-invocation line: no label probe there.
        let q = plan_method_with(&insns, &[], &[], FLOW).unwrap();
        assert_eq!(q.jacoco.len(), 3);
        assert_eq!(p.sites.len(), q.sites.len(), "arm 0 exists either way");
    }

    /// `while (i < 10) i++;` with the condition at the bottom and a loop back to offset 0:
    /// "first" makes offset 0 multi-target, so the backward jump gets a JaCoCo probe.
    /// 0: iinc 0 1; 3: iload_0; 4: bipush 10; 6: if_icmplt 0; 9: return
    #[test]
    fn loop_back_to_method_start() {
        let code = [IINC, 0, 1, ILOAD_0, BIPUSH, 10, IF_ICMPLT, 0xff, 0xfa, RETURN];
        let insns = decode(&code).unwrap();
        let p = plan_method_with(&insns, &[], &[], FLOW).unwrap();
        assert_eq!(placements(&p), vec![fall(0), fall(9), edge(6, 0), label(9)]);
        assert_eq!(
            jacoco(&p),
            vec![(JacocoProbe::Jump { insn: 6, target: 0 }, edge(6, 0)), (JacocoProbe::Exit { at: 9 }, label(9))]
        );
    }

    /// tableswitch with duplicate targets: arms are distinct targets, default first.
    #[test]
    fn switch_arms_are_distinct_targets() {
        let mut code = vec![ILOAD_0];
        // switch at 1, pad 2, default/low/high + 3 entries = 1+2+12+12 = 27 -> ends at 28
        bytecode::write_tableswitch(&mut code, 28 - 1, 0, 2, &[29 - 1, 28 - 1, 29 - 1]);
        code.extend_from_slice(&[RETURN, RETURN]);
        let insns = decode(&code).unwrap();
        let p = plan_method_with(&insns, &[], &[], FLOW).unwrap();
        assert_eq!(placements(&p), vec![fall(0), edge(1, 28), edge(1, 29), label(28), label(29)]);
        assert_eq!(p.sites[1].kind, ProbeKind::BranchArm { insn: 1, arm: 0 });
        assert_eq!(p.sites[2].kind, ProbeKind::BranchArm { insn: 1, arm: 1 });
        // Each target is listed by one switch only: single targets, no JaCoCo switch probes.
        assert!(p.jacoco.iter().all(|j| matches!(j.probe, JacocoProbe::Exit { .. })));
    }

    /// try/catch: the handler and the try start are targets; a try block starting after
    /// fall-through code becomes multi-target and gets a label probe.
    /// 0: iconst_0; 1: istore_0; 2: invokestatic #2; 5: goto 9; 8: astore_1; 9: return
    /// exception table: [2, 5) -> 8 any
    #[test]
    fn try_start_gets_probe() {
        let code = [ICONST_0, ISTORE_0, INVOKESTATIC, 0, 2, GOTO, 0, 4, ASTORE_1, RETURN];
        let insns = decode(&code).unwrap();
        let ex = [ExceptionEntry { start_pc: 2, end_pc: 5, handler_pc: 8, catch_type: 0 }];
        let p = plan_method_with(&insns, &ex, &[], FLOW).unwrap();
        assert_eq!(
            jacoco(&p),
            vec![
                (JacocoProbe::Label { at: 2 }, fall(2)),
                // 9 is a jump target and follows the (falling-through) astore: multi-target.
                (JacocoProbe::Jump { insn: 5, target: 9 }, label(5)),
                (JacocoProbe::Label { at: 9 }, fall(9)),
                (JacocoProbe::Exit { at: 9 }, label(9)),
            ]
        );
        let bad = [ExceptionEntry { start_pc: 3, end_pc: 5, handler_pc: 8, catch_type: 0 }];
        assert_eq!(
            plan_method_with(&insns, &bad, &[], FLOW),
            Err(PlanError::BadExceptionEntry { index: 0, offset: 3 })
        );
    }

    /// The profiler's default plan keeps exactly the sites JaCoCo's probes map to, in plan
    /// order, and its `jacoco` list still names the right placements.
    #[test]
    fn jacoco_only_keeps_jacoco_sites() {
        let code = [ILOAD_0, IFEQ, 0, 6, INVOKESTATIC, 0, 2, RETURN];
        let insns = decode(&code).unwrap();
        let full = plan_method_with(&insns, &[], &[(0, 1), (4, 2), (7, 3)], FLOW).unwrap();
        let p = jacoco_only(&full);
        // Entry (fall(0)) is gone; the arms that double as JaCoCo probes stay.
        assert_eq!(placements(&p), vec![fall(4), edge(1, 7), fall(7), label(7)]);
        assert_eq!(jacoco(&p), jacoco(&full));
        assert_eq!(p.jacoco.iter().map(|j| j.site).collect::<Vec<_>>(), vec![1, 0, 2, 3]);

        // An arm JaCoCo has no probe for (the jump to a single-target label) is dropped too.
        let code = [ILOAD_0, ILOAD_1, IF_ICMPLE, 0, 5, ILOAD_0, IRETURN, ILOAD_1, IRETURN];
        let insns = decode(&code).unwrap();
        let full = plan_method_with(&insns, &[], &[(0, 3), (5, 3), (7, 4)], FLOW).unwrap();
        let p = jacoco_only(&full);
        assert_eq!(placements(&p), vec![label(6), label(8)]);
        assert_eq!(jacoco(&p), jacoco(&full));

        // Built directly, the same plan.
        let direct = plan_method_jacoco_only_with(&insns, &[], &[(0, 3), (5, 3), (7, 4)]).unwrap();
        assert_eq!(direct, p);
        let code = [ILOAD_0, IFEQ, 0, 6, INVOKESTATIC, 0, 2, RETURN];
        let insns2 = decode(&code).unwrap();
        let lines = [(0, 1), (4, 2), (7, 3)];
        let full = plan_method_with(&insns2, &[], &lines, FLOW).unwrap();
        assert_eq!(plan_method_jacoco_only_with(&insns2, &[], &lines).unwrap(), jacoco_only(&full));

        // Without flow probes there is nothing of JaCoCo's to keep.
        let fuzz = plan_method_with(&insns, &[], &[], FUZZ).unwrap();
        assert_eq!(jacoco_only(&fuzz), MethodPlan::default());
    }

    #[test]
    fn rejects_subroutines_and_falling_off_the_end() {
        let insns = decode(&[JSR, 0, 3, RETURN]).unwrap();
        assert_eq!(plan_method_with(&insns, &[], &[], FLOW), Err(PlanError::Subroutine(0)));
        // ifeq at 1 jumping to itself, nothing after it.
        let insns = decode(&[ICONST_0, IFEQ, 0, 0]).unwrap();
        assert_eq!(plan_method_with(&insns, &[], &[], FUZZ), Err(PlanError::FallsOffEnd(1)));
        assert_eq!(plan_method_with(&[], &[], &[], FUZZ), Err(PlanError::Empty));
    }
}
