//! Approximate JaCoCo probes from a fuzzer-mode plan (method entry + branch arms only).
//!
//! When a class was instrumented with `flow_probes: false` we do not know whether returns,
//! gotos and fall-through edges ran, only where the method was entered and which arms were
//! taken. We reconstruct "reached" by forward propagation over the control-flow graph from
//! the entry (if its probe fired) and from every branch whose arm fired, following only the
//! arms that fired, and assume calls return normally. Differences from exact JaCoCo numbers:
//! code after a call that threw is shown covered, and exception handlers without branches
//! are shown missed. Reports mark such methods as approximate.

use std::collections::HashMap;

use jvmfuzz_classfile::bytecode::{self, Insn, InsnKind};
use jvmfuzz_instrument::plan::{distinct_targets, falls_through, JacocoProbe, MethodPlan, Placement, ProbeKind};

/// For each site of `flow_plan`, whether its JaCoCo role probably ran, given the hits of
/// `fuzz_plan` (the same method planned without flow probes).
pub(crate) fn flow_sites_from_fuzz_plan(
    insns: &[Insn],
    fuzz_plan: &MethodPlan,
    flow_plan: &MethodPlan,
    site_hit: &dyn Fn(usize) -> bool,
) -> Vec<bool> {
    let idx = |off: u32| bytecode::index_at(insns, off);
    // Arms that fired, by (branch offset, placement), and branch instructions seen running.
    let mut fired: HashMap<Placement, bool> = HashMap::new();
    let mut reached = vec![false; insns.len()];
    let mut work = Vec::new();
    for (i, s) in fuzz_plan.sites.iter().enumerate() {
        let hit = site_hit(i);
        fired.insert(s.placement, hit);
        match s.kind {
            ProbeKind::MethodEntry if hit => work.push(0),
            ProbeKind::BranchArm { insn, .. } if hit => work.extend(idx(insn)),
            _ => {}
        }
    }
    let arm = |p: Placement| fired.get(&p).copied().unwrap_or(false);
    while let Some(i) = work.pop() {
        if reached[i] {
            continue;
        }
        reached[i] = true;
        let insn = &insns[i];
        let next = insns.get(i + 1).map(|n| n.offset);
        let mut succ: Vec<u32> = Vec::new();
        match &insn.kind {
            InsnKind::Branch { target } if bytecode::is_conditional_branch(insn.opcode) => {
                if let Some(n) = next.filter(|&n| arm(Placement::Fallthrough { at: n })) {
                    succ.push(n);
                }
                if arm(Placement::Edge { insn: insn.offset, target: *target }) {
                    succ.push(*target);
                }
            }
            InsnKind::Branch { target } => succ.push(*target),
            InsnKind::TableSwitch { .. } | InsnKind::LookupSwitch { .. } => succ.extend(
                distinct_targets(insn).into_iter().filter(|&t| arm(Placement::Edge { insn: insn.offset, target: t })),
            ),
            _ if falls_through(insn.opcode) => succ.extend(next),
            _ => {}
        }
        work.extend(succ.into_iter().filter_map(idx));
    }
    let reached_at = |off: u32| idx(off).is_some_and(|i| reached[i]);
    let mut out = vec![false; flow_plan.sites.len()];
    for j in &flow_plan.jacoco {
        let ran = match j.probe {
            // The fall-through into `at`: the previous instruction ran and falls through
            // (after an `if` this is its arm 0, which the propagation already respected).
            JacocoProbe::Label { at } => idx(at).is_some_and(|i| {
                i > 0
                    && reached[i - 1]
                    && reached[i]
                    && falls_through(insns[i - 1].opcode)
                    && (!bytecode::is_conditional_branch(insns[i - 1].opcode) || arm(Placement::Fallthrough { at }))
            }),
            JacocoProbe::Exit { at } => reached_at(at),
            JacocoProbe::Jump { insn, target } => match idx(insn) {
                Some(i) if bytecode::is_conditional_branch(insns[i].opcode) => arm(Placement::Edge { insn, target }),
                _ => reached_at(insn),
            },
            JacocoProbe::Switch { insn, target } => arm(Placement::Edge { insn, target }),
        };
        if let Some(o) = out.get_mut(j.site) {
            *o |= ran;
        }
    }
    out
}
